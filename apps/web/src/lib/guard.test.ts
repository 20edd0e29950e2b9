import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './guard.ts';

const signedOut = { initialized: true, authenticated: false, roles: [] };
const member = { initialized: true, authenticated: true, roles: [] };
const moderator = { initialized: true, authenticated: true, roles: ['Moderator'] };
const admin = { initialized: true, authenticated: true, roles: ['Admin'] };

const decide = (input: Partial<GuardInput> & Pick<GuardInput, 'rule'>) => decideGuard({ ...signedOut, ...input });

describe('route guard decisions', () => {
  it('shows the loading indicator until auth is initialised, whatever the rule', () => {
    for (const rule of ['public', 'signedIn', 'moderator', 'admin', 'signedOut'] as const) {
      expect(decide({ rule, initialized: false })).toEqual({ kind: 'loading' });
      expect(decide({ ...admin, rule, initialized: false })).toEqual({ kind: 'loading' });
    }
  });

  it('sends signed-out users to login where sign-in is required', () => {
    expect(decide({ rule: 'signedIn' })).toEqual({ kind: 'login', remember: true });
    expect(decide({ rule: 'moderator' })).toEqual({ kind: 'login', remember: true });
    expect(decide({ rule: 'admin' })).toEqual({ kind: 'login', remember: true });
  });

  it('forbids a signed-in user without the role', () => {
    expect(decide({ ...member, rule: 'moderator' })).toEqual({ kind: 'forbidden' });
    expect(decide({ ...member, rule: 'admin' })).toEqual({ kind: 'forbidden' });
    expect(decide({ ...moderator, rule: 'admin' })).toEqual({ kind: 'forbidden' });
  });

  it('allows users with the role', () => {
    expect(decide({ ...member, rule: 'signedIn' })).toEqual({ kind: 'allow' });
    expect(decide({ ...moderator, rule: 'moderator' })).toEqual({ kind: 'allow' });
    expect(decide({ ...admin, rule: 'moderator' })).toEqual({ kind: 'allow' });
    expect(decide({ ...admin, rule: 'admin' })).toEqual({ kind: 'allow' });
    expect(decide({ rule: 'public' })).toEqual({ kind: 'allow' });
    expect(decide({ ...member, rule: 'public' })).toEqual({ kind: 'allow' });
  });

  it('redirects signed-in users away from signed-out-only pages, to / or the target', () => {
    expect(decide({ rule: 'signedOut' })).toEqual({ kind: 'allow' });
    expect(decide({ ...member, rule: 'signedOut' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ ...member, rule: 'signedOut', target: '/auth/perfil' })).toEqual({
      kind: 'redirect',
      to: '/auth/perfil',
    });
  });

  it('does not remember a page the user logged out from', () => {
    expect(decide({ rule: 'signedIn' })).toEqual({ kind: 'login', remember: true });
    expect(decide({ rule: 'moderator', loggedOut: true })).toEqual({ kind: 'login', remember: false });
  });
});
