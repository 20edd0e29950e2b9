/**
 * The addresses (under /app) the server draws as HTML before the app's code runs, and the browser's app
 * then hydrates (docs/decisions/0038-public-pages-drawn-by-the-server.md). Public pages only: signed-in
 * areas (profile, Sistema) stay drawn in the browser. A page joins the list once it draws the same markup
 * on both sides (no browser-only value in its first render).
 */
export const SERVER_PAGES: readonly RegExp[] = [
  // The home page: its duel is drawn for the visitor (see PERSONAL_PAGES).
  /^\/app\/?$/,
  /^\/app\/termos\/?$/,
  /^\/app\/privacidade\/?$/,
  /^\/app\/rankings\/como-funciona\/?$/,
  // The rankings: global (with its segments in the query string), the teams', a team's, a fanbase's.
  /^\/app\/rankings\/?$/,
  /^\/app\/rankings\/times(\/[^/]+)?\/?$/,
  /^\/app\/rankings\/torcidas\/[^/]+\/?$/,
  // The catalogue: the teams, a team's jerseys, a jersey's page.
  /^\/app\/camisas\/?$/,
  /^\/app\/camisas\/time\/[^/]+(\/[^/]+)?\/?$/,
  // The tournaments and one tournament (not its vote, a duel).
  /^\/app\/torneios(\/[^/]+)?\/?$/,
];

export const isServerPage = (pathname: string) => SERVER_PAGES.some((page) => page.test(pathname));

/**
 * Pages drawn for one visitor, never kept for or shared with another: the home page's duel is bound to the
 * visitor it was drawn for (docs/decisions/0039-the-home-duel-drawn-by-the-server.md).
 */
export const PERSONAL_PAGES: readonly RegExp[] = [/^\/app\/?$/];

export const isPersonalPage = (pathname: string) => PERSONAL_PAGES.some((page) => page.test(pathname));
