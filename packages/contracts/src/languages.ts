/** The interface languages, Portuguese first (the fallback). Its own module so a client can read it without the message catalogue. */
export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
