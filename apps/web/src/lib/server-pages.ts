/**
 * The addresses (under /app) the server draws as HTML before the app's code runs, and the browser's app
 * then hydrates (docs/decisions/0038-public-pages-drawn-by-the-server.md). Public pages only: signed-in
 * areas (profile, Sistema) stay drawn in the browser. A page joins the list once it draws the same markup
 * on both sides (no browser-only value in its first render).
 */
export const SERVER_PAGES: readonly RegExp[] = [
  /^\/app\/termos\/?$/,
  /^\/app\/privacidade\/?$/,
  /^\/app\/rankings\/como-funciona\/?$/,
  // A jersey's page (the jersey's picture is its largest paint).
  /^\/app\/camisas\/time\/[^/]+\/[^/]+\/?$/,
];

export const isServerPage = (pathname: string) => SERVER_PAGES.some((page) => page.test(pathname));
