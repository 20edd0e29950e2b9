/**
 * A fanbase for the segment journeys (docs/segments.md): members registered through the API with one
 * favourite team, signed in, each answering a few of that team's duels. The e2e stack shows a segment of
 * people from SEGMENT_MIN_VOTERS=10 voters (stack.ts).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, newUser, registrationAddress, registerUser, type TestUser } from './fixtures.ts';
import { castVotes, preferring } from './rankings.ts';

export const SEGMENT_MIN_VOTERS = 10;

export interface Fan extends TestUser {
  accessToken: string;
}

interface VotersOptions {
  /** The team whose duels they answer. */
  teamSlug: string;
  count: number;
  /** Their shared taste: the jersey earlier in the list wins. */
  order: string[];
  /**
   * Duels each answers. Under 5 decisive votes a member is never tested as an outlier (docs/ranking.md
   * §6), so a crowd that disagrees with the ranking keeps counting.
   */
  votes?: number;
  prefix?: string;
  /** Profile fields: the favourite team ('flamengo' when absent), state and country. */
  profile?: Partial<Pick<TestUser, 'favouriteTeam' | 'state' | 'country'>>;
}

/**
 * Registers `count` members, signs each in from an address of its own (the login limit counts per
 * address) and has each answer `votes` of the team's duels preferring `order`. Members, not visitors:
 * visitors' votes are tested as outliers by network, and every browser and API visitor here shares one.
 */
export async function makeVoters(request: APIRequestContext, options: VotersOptions): Promise<Fan[]> {
  const { teamSlug, count, order, votes = 4, prefix = 'voter', profile = {} } = options;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const user = await registerUser(request, newUser(`${prefix}${i}`, profile));
      const login = await request.post('/api/auth/login', {
        headers: { 'x-forwarded-for': registrationAddress() },
        data: { email: user.email, password: user.password },
      });
      expect(login.status(), await login.text()).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      await castVotes(request, { voter: { accessToken }, team: teamSlug, count: votes, choose: preferring(order) });
      return { ...user, accessToken };
    }),
  );
}

/** A team's fanbase: `count` members from São Paulo, Brazil, whose favourite team it is. */
export const makeFanbase = (request: APIRequestContext, options: Omit<VotersOptions, 'profile'>) =>
  makeVoters(request, {
    prefix: 'fan',
    ...options,
    profile: { favouriteTeam: options.teamSlug, state: 'São Paulo', country: 'Brasil' },
  });
