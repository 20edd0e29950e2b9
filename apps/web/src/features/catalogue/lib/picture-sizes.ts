// Shared by the jersey page and its picture's early download (api/early-jersey.ts).

/** The jersey page's picture: `sizes` of its <img> (jersey-route.tsx), its early download and the server's copy. */
export const JERSEY_IMAGE_SIZES = '(max-width: 992px) 92vw, 560px';
