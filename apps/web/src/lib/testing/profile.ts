import type { Profile } from '@manto/contracts';

/** A member's profile as GET /api/me answers it. */
export const testProfile = (overrides: Partial<Profile> = {}): Profile => ({
  id: 'u1',
  email: 'ana@manto.test',
  name: 'Ana',
  city: null,
  state: null,
  country: null,
  gender: null,
  favouriteTeam: null,
  language: 'pt',
  roles: [],
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  termsVersion: 1,
  termsPending: false,
  segmentOptOut: false,
  ...overrides,
});
