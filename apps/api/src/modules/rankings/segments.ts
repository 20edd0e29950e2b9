import { BR_STATES } from '@manto/contracts';

/**
 * Segment keys and how a member's profile maps to them (docs/segments.md). Keys are ranking scopes:
 * 'neutral', 'fans:<team id>', 'country:<ISO code>', 'state:<UF>'. 'own' is internal: the votes of members
 * on duels with a jersey of their favourite team, which the neutral ranking leaves out of the global tallies.
 */
export const NEUTRAL = 'neutral';
export const OWN = 'own';
export const fansSegment = (teamId: string) => `fans:${teamId}`;
export const countrySegment = (code: string) => `country:${code}`;
export const stateSegment = (uf: string) => `state:${uf}`;

/** Is this scope a segment of people (shown only from the voter threshold)? */
export const isPeopleSegment = (scope: string) => /^(fans|country|state):/.test(scope);

/** Lower case, accents and punctuation dropped, spaces collapsed: "  São-Paulo " → "sao paulo". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Country names (Portuguese and English) and codes members type, by ISO 3166-1 code: the football
 * countries a Brazilian site's members come from most. A text not listed here puts the member in no
 * country segment, so free text never becomes a label.
 */
const COUNTRIES: Record<string, string[]> = {
  BR: ['brasil', 'brazil', 'br', 'bra', 'republica federativa do brasil'],
  PT: ['portugal', 'pt', 'prt'],
  AR: ['argentina', 'ar', 'arg'],
  UY: ['uruguai', 'uruguay', 'uy', 'ury'],
  PY: ['paraguai', 'paraguay', 'py', 'pry'],
  CL: ['chile', 'cl', 'chl'],
  CO: ['colombia', 'co', 'col'],
  PE: ['peru', 'pe', 'per'],
  BO: ['bolivia', 'bo', 'bol'],
  EC: ['equador', 'ecuador', 'ec', 'ecu'],
  VE: ['venezuela', 've', 'ven'],
  MX: ['mexico', 'mx', 'mex'],
  US: ['estados unidos', 'eua', 'usa', 'us', 'united states', 'united states of america'],
  CA: ['canada', 'ca', 'can'],
  GB: ['reino unido', 'united kingdom', 'uk', 'gb', 'inglaterra', 'england', 'escocia', 'scotland'],
  IE: ['irlanda', 'ireland', 'ie'],
  ES: ['espanha', 'spain', 'espana', 'es', 'esp'],
  FR: ['franca', 'france', 'fr', 'fra'],
  DE: ['alemanha', 'germany', 'deutschland', 'de', 'deu', 'ger'],
  IT: ['italia', 'italy', 'it', 'ita'],
  NL: ['holanda', 'paises baixos', 'netherlands', 'holland', 'nl', 'ned'],
  BE: ['belgica', 'belgium', 'be', 'bel'],
  CH: ['suica', 'switzerland', 'ch', 'sui'],
  JP: ['japao', 'japan', 'jp', 'jpn'],
  AO: ['angola', 'ao', 'ago'],
  MZ: ['mocambique', 'mozambique', 'mz', 'moz'],
  CV: ['cabo verde', 'cape verde', 'cv'],
  AU: ['australia', 'au', 'aus'],
};

/** The countries a segment can be about. */
export const countryCodes: ReadonlySet<string> = new Set(Object.keys(COUNTRIES));

const BY_COUNTRY_NAME = new Map(
  Object.entries(COUNTRIES).flatMap(([code, names]) => names.map((name) => [name, code] as const)),
);
const BY_STATE_NAME = new Map(
  Object.entries(BR_STATES).flatMap(([uf, name]) => [
    [fold(name), uf],
    [uf.toLowerCase(), uf],
  ]),
);

/** The ISO code of a free-text country, or null when the list does not know it. */
export function countryCode(text: string | null): string | null {
  return text ? (BY_COUNTRY_NAME.get(fold(text)) ?? null) : null;
}

/** The Brazilian state (UF) of a free-text state, only for members in Brazil; null otherwise. */
export function brazilianState(country: string | null, state: string | null): string | null {
  if (!state || countryCode(country) !== 'BR') return null;
  return BY_STATE_NAME.get(fold(state)) ?? null;
}

/** A member as the job reads them: only members who did not opt out are read at all. */
export interface SegmentMember {
  id: string;
  favouriteTeamId: string | null;
  country: string | null;
  state: string | null;
}

/** A member's team (their fans segment and own-team votes) and regions, as codes. */
export interface MemberSegments {
  id: string;
  team: string | null;
  country: string | null;
  state: string | null;
}

export function memberSegments(m: SegmentMember): MemberSegments {
  return {
    id: m.id,
    team: m.favouriteTeamId,
    country: countryCode(m.country),
    state: brazilianState(m.country, m.state),
  };
}

/** The people segments a member is in: their fans, country and state keys. */
export function segmentsOf(m: MemberSegments): string[] {
  const keys: string[] = [];
  if (m.team) keys.push(fansSegment(m.team));
  if (m.country) keys.push(countrySegment(m.country));
  if (m.state) keys.push(stateSegment(m.state));
  return keys;
}
