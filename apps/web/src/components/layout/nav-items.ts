/** The header's navigation (docs/product.md §2). Paths are relative to /app. */
export interface NavItem {
  to: string;
  /** Key in the 'common' namespace. */
  label: string;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const navGroups: NavGroup[] = [
  {
    label: 'nav.compare',
    items: [
      { to: '/', label: 'nav.globalCompare' },
      { to: '/comparar/times', label: 'nav.teamCompare' },
    ],
  },
  {
    label: 'nav.rankings',
    items: [
      { to: '/rankings', label: 'nav.globalRanking' },
      { to: '/rankings/times', label: 'nav.teamRanking' },
      { to: '/rankings/meu', label: 'nav.myRanking' },
    ],
  },
];

export const jerseysLink: NavItem = { to: '/camisas', label: 'nav.jerseys' };
export const tournamentsLink: NavItem = { to: '/torneios', label: 'nav.tournaments' };
/** Shown only when the server enables the shop (lib/features.ts). */
export const shopLink: NavItem = { to: '/loja', label: 'nav.shop' };
/** Shown only to signed-in admins and moderators. */
export const sistemaLink: NavItem = { to: '/sistema', label: 'nav.sistema' };

export const MENU_OPEN_DELAY = 80;
export const MENU_CLOSE_DELAY = 100;
