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

/** Brazil's country segment, the one the state segments sit inside. */
const BRAZIL = countrySegment('BR');

/** Members by segment key. */
export type Membership = Map<string, Set<string>>;

export interface BatchPlan {
  /** The applied membership after this run. */
  applied: Membership;
  /** Segments whose stored membership changes, with their new member lists. */
  save: Map<string, string[]>;
  /** Segments whose voting changes now wait for their batch, and since when. */
  waiting: { segment: string; since: Date }[];
  /** Segments with nothing waiting any more. */
  settled: string[];
  /** When the earliest waiting batch goes through on its own (the longest wait), or null. */
  dueAt: number | null;
}

/**
 * Which membership changes reach the segments now (docs/segments.md, "Changes in batches"). `desired` is
 * what the profiles say, `applied` what the segments were last fitted from. In a segment, the changes of
 * members with counted votes (joining or leaving: a profile change, an opt-out or an opt-in) all go through
 * together, and only when at least `minVoters` of them are waiting, or the segment is not shown (fewer than
 * `minVoters` voters under its applied membership: nothing of it is public to compare), or the oldest has
 * waited `maxWaitMs`. Changes of members without a counted vote move no tally and go through at once.
 */
export function planBatches(input: {
  desired: Membership;
  applied: Membership;
  voting: ReadonlySet<string>;
  pending: ReadonlyMap<string, Date>;
  now: number;
  minVoters: number;
  maxWaitMs: number;
}): BatchPlan {
  const { desired, applied, voting, pending, now, minVoters, maxWaitMs } = input;
  const plan: BatchPlan = { applied: new Map(), save: new Map(), waiting: [], settled: [], dueAt: null };
  for (const segment of new Set([...desired.keys(), ...applied.keys()])) {
    const want = desired.get(segment) ?? new Set<string>();
    const have = applied.get(segment) ?? new Set<string>();
    const joining = [...want].filter((id) => !have.has(id));
    const leaving = [...have].filter((id) => !want.has(id));
    const since = pending.get(segment);
    if (joining.length === 0 && leaving.length === 0) {
      if (have.size > 0) plan.applied.set(segment, have);
      if (since) plan.settled.push(segment);
      continue;
    }
    const changes = [...joining, ...leaving].filter((id) => voting.has(id)).length;
    const shown = [...have].filter((id) => voting.has(id)).length >= minVoters;
    const waited = since !== undefined && now - since.getTime() >= maxWaitMs;
    if (changes === 0 || changes >= minVoters || !shown || waited) {
      if (want.size > 0) plan.applied.set(segment, want);
      plan.save.set(segment, [...want]);
      if (since) plan.settled.push(segment);
      continue;
    }
    // Held: only the members without a counted vote move now.
    const next = new Set([...have].filter((id) => want.has(id) || voting.has(id)));
    for (const id of joining) if (!voting.has(id)) next.add(id);
    plan.applied.set(segment, next);
    if (next.size !== have.size || [...next].some((id) => !have.has(id))) plan.save.set(segment, [...next]);
    const start = since ?? new Date(now);
    if (!since) plan.waiting.push({ segment, since: start });
    const due = start.getTime() + maxWaitMs;
    plan.dueAt = plan.dueAt === null ? due : Math.min(plan.dueAt, due);
  }
  return plan;
}

/**
 * The membership as fitted: a state's members only as far as they are in Brazil's segment too (a batch may
 * move one before the other), so the states always partition part of Brazil.
 */
export function effectiveMembership(applied: Membership): Membership {
  const brazil = applied.get(BRAZIL) ?? new Set<string>();
  const out: Membership = new Map();
  for (const [segment, ids] of applied)
    out.set(segment, segment.startsWith('state:') ? new Set([...ids].filter((id) => brazil.has(id))) : ids);
  return out;
}

/**
 * The segments of people that may be shown, from their voters: at least `minVoters` each (the threshold),
 * and complementary suppression — Brazil minus its shown states must be no one or at least `minVoters`
 * voters, else the smallest shown states are hidden until it is (docs/segments.md, "Threat model").
 */
export function showable(voters: ReadonlyMap<string, number>, minVoters: number): string[] {
  const shown = new Set([...voters].filter(([key, n]) => isPeopleSegment(key) && n >= minVoters).map(([k]) => k));
  const states = [...shown]
    .filter((k) => k.startsWith('state:'))
    .sort((a, b) => voters.get(a)! - voters.get(b)! || (a < b ? -1 : 1));
  let rest = (voters.get(BRAZIL) ?? 0) - states.reduce((sum, k) => sum + voters.get(k)!, 0);
  while (rest > 0 && rest < minVoters && states.length > 0) {
    const hidden = states.shift()!;
    shown.delete(hidden);
    rest += voters.get(hidden)!;
  }
  return [...shown].sort();
}
