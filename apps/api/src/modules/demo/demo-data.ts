import type { Pattern } from './jersey-art.ts';

export const DEMO_MODELS = ['Titular', 'Reserva', 'Terceira', 'Goleiro', 'Especial'] as const;
export const DEMO_MODELS_EN: Record<(typeof DEMO_MODELS)[number], string> = {
  Titular: 'Home',
  Reserva: 'Away',
  Terceira: 'Third',
  Goleiro: 'Goalkeeper',
  Especial: 'Special',
};
export const DEMO_SUPPLIERS = [
  'Nike',
  'Adidas',
  'Puma',
  'Umbro',
  'Kappa',
  'New Balance',
  'Le Coq Sportif',
  'Reebok',
  'Castore',
  'Volt',
] as const;
const SPONSORS = [
  'Aurora',
  'Horizonte',
  'Maré',
  'Nexo',
  'Atlas',
  'Brasa',
  'Vértice',
  'Pixel',
  'Rota',
  'Cobalto',
  'Farol',
  'Lumen',
  'Trilho',
  'Zênite',
  'Orla',
];

/** Each team's home design and kit maker; colours are the clubs' and federations' own. */
export const TEAM_KITS: Record<
  string,
  {
    pattern: Pattern;
    primary: string;
    secondary: string;
    away: string;
    supplier: (typeof DEMO_SUPPLIERS)[number];
    initials: string;
  }
> = {
  flamengo: {
    pattern: 'hoops',
    primary: '#C8102E',
    secondary: '#111111',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'CRF',
  },
  fluminense: {
    pattern: 'stripes',
    primary: '#7A0026',
    secondary: '#00613C',
    away: '#FFFFFF',
    supplier: 'Umbro',
    initials: 'FFC',
  },
  'vasco-da-gama': {
    pattern: 'sash',
    primary: '#111111',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Kappa',
    initials: 'CRVG',
  },
  botafogo: {
    pattern: 'stripes',
    primary: '#111111',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Reebok',
    initials: 'BFR',
  },
  corinthians: {
    pattern: 'plain',
    primary: '#FFFFFF',
    secondary: '#111111',
    away: '#111111',
    supplier: 'Nike',
    initials: 'SCCP',
  },
  palmeiras: {
    pattern: 'plain',
    primary: '#006437',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Puma',
    initials: 'SEP',
  },
  'sao-paulo': {
    pattern: 'chevron',
    primary: '#FFFFFF',
    secondary: '#FE0000',
    away: '#FE0000',
    supplier: 'New Balance',
    initials: 'SPFC',
  },
  santos: {
    pattern: 'plain',
    primary: '#FFFFFF',
    secondary: '#111111',
    away: '#111111',
    supplier: 'Umbro',
    initials: 'SFC',
  },
  gremio: {
    pattern: 'stripes',
    primary: '#0D80BF',
    secondary: '#111111',
    away: '#FFFFFF',
    supplier: 'Umbro',
    initials: 'GFB',
  },
  internacional: {
    pattern: 'plain',
    primary: '#E5050F',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'SCI',
  },
  'atletico-mineiro': {
    pattern: 'stripes',
    primary: '#111111',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'CAM',
  },
  cruzeiro: {
    pattern: 'plain',
    primary: '#2F529E',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'CEC',
  },
  bahia: {
    pattern: 'chevron',
    primary: '#FFFFFF',
    secondary: '#0066B3',
    away: '#0066B3',
    supplier: 'Puma',
    initials: 'ECB',
  },
  fortaleza: {
    pattern: 'hoops',
    primary: '#11448B',
    secondary: '#E1261C',
    away: '#FFFFFF',
    supplier: 'Volt',
    initials: 'FEC',
  },
  'athletico-paranaense': {
    pattern: 'hoops',
    primary: '#CE181E',
    secondary: '#111111',
    away: '#FFFFFF',
    supplier: 'Umbro',
    initials: 'CAP',
  },
  'real-madrid': {
    pattern: 'plain',
    primary: '#FFFFFF',
    secondary: '#FEBE10',
    away: '#1B2A4A',
    supplier: 'Adidas',
    initials: 'RM',
  },
  barcelona: {
    pattern: 'stripes',
    primary: '#A50044',
    secondary: '#004D98',
    away: '#EDBB00',
    supplier: 'Nike',
    initials: 'FCB',
  },
  'manchester-united': {
    pattern: 'plain',
    primary: '#DA291C',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'MU',
  },
  liverpool: {
    pattern: 'plain',
    primary: '#C8102E',
    secondary: '#00B2A9',
    away: '#F6EB61',
    supplier: 'Nike',
    initials: 'LFC',
  },
  arsenal: {
    pattern: 'plain',
    primary: '#EF0107',
    secondary: '#FFFFFF',
    away: '#F6E05E',
    supplier: 'Adidas',
    initials: 'AFC',
  },
  juventus: {
    pattern: 'stripes',
    primary: '#FFFFFF',
    secondary: '#111111',
    away: '#F5C400',
    supplier: 'Adidas',
    initials: 'JUV',
  },
  milan: {
    pattern: 'stripes',
    primary: '#FB090B',
    secondary: '#111111',
    away: '#FFFFFF',
    supplier: 'Puma',
    initials: 'ACM',
  },
  'inter-de-milao': {
    pattern: 'stripes',
    primary: '#010E80',
    secondary: '#111111',
    away: '#FFFFFF',
    supplier: 'Nike',
    initials: 'FCI',
  },
  'bayern-de-munique': {
    pattern: 'plain',
    primary: '#DC052D',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'FCB',
  },
  'borussia-dortmund': {
    pattern: 'plain',
    primary: '#FDE100',
    secondary: '#111111',
    away: '#111111',
    supplier: 'Puma',
    initials: 'BVB',
  },
  'boca-juniors': {
    pattern: 'hoops',
    primary: '#103F79',
    secondary: '#F3B229',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'CABJ',
  },
  'river-plate': {
    pattern: 'sash',
    primary: '#FFFFFF',
    secondary: '#E2001A',
    away: '#111111',
    supplier: 'Adidas',
    initials: 'CARP',
  },
  brasil: {
    pattern: 'plain',
    primary: '#FEDD00',
    secondary: '#009739',
    away: '#002776',
    supplier: 'Nike',
    initials: 'CBF',
  },
  argentina: {
    pattern: 'stripes',
    primary: '#75AADB',
    secondary: '#FFFFFF',
    away: '#1B2A4A',
    supplier: 'Adidas',
    initials: 'AFA',
  },
  franca: {
    pattern: 'plain',
    primary: '#002654',
    secondary: '#ED2939',
    away: '#FFFFFF',
    supplier: 'Nike',
    initials: 'FFF',
  },
  alemanha: {
    pattern: 'plain',
    primary: '#FFFFFF',
    secondary: '#111111',
    away: '#111111',
    supplier: 'Adidas',
    initials: 'DFB',
  },
  holanda: {
    pattern: 'plain',
    primary: '#F36C21',
    secondary: '#111111',
    away: '#1B2A4A',
    supplier: 'Nike',
    initials: 'KNVB',
  },
  italia: {
    pattern: 'plain',
    primary: '#0066B2',
    secondary: '#FFFFFF',
    away: '#FFFFFF',
    supplier: 'Adidas',
    initials: 'FIGC',
  },
};

/** A small stable hash, so every team and season gets the same "random" choices on every machine. */
export function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
export const pick = <T>(list: readonly T[], key: string): T => list[hash(key) % list.length]!;
export const sponsorFor = (team: string, season: number) => pick(SPONSORS, `${team}:${Math.floor(season / 2)}`);
export const SEASONS = [2019, 2020, 2021, 2022, 2023, 2024, 2025];

/**
 * Simulated members (docs/segments.md): how many fans each club gets, and where they live. Three clubs
 * pass the default 30-voter threshold, so a fresh demo shows fanbase, country and state rankings; the
 * smaller ones show the threshold at work, and together they are enough Brazilians outside Rio and São Paulo
 * (≥ 30) that complementary suppression leaves both states shown. One fan in twelve lives in Portugal.
 */
export const DEMO_FANBASES: { team: string; fans: number; state: string }[] = [
  { team: 'flamengo', fans: 42, state: 'Rio de Janeiro' },
  { team: 'corinthians', fans: 38, state: 'São Paulo' },
  { team: 'palmeiras', fans: 34, state: 'SP' },
  { team: 'gremio', fans: 24, state: 'Rio Grande do Sul' },
  { team: 'bahia', fans: 12, state: 'BA' },
];
