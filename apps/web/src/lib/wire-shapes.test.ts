import { errorEnvelope, sessionUser, tokens, visitorIdResponse } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { pickErrorEnvelope, pickSessionUser, pickTokens, pickVisitorId } from './wire-shapes.ts';

const token = { accessToken: 'a.b.c', refreshToken: 'r', expiresAt: '2030-01-01T00:00:00.000Z' };
const user = { email: 'ana@example.com', name: 'Ana Souza', team: 'Flamengo', roles: ['Moderator'] };
const envelope = { statusCode: 400, code: 'VALIDATION', message: 'Campo obrigatório.' };

/** Inputs around each shape's edges: what storage or a server could hand back. */
const common: unknown[] = [undefined, null, 0, 'text', true, [], [token], {}];

const samples = {
  tokens: [
    ...common,
    token,
    { ...token, extra: 1 },
    { ...token, accessToken: 1 },
    { ...token, expiresAt: null },
    { accessToken: 'a', refreshToken: 'r' },
  ],
  sessionUser: [
    ...common,
    user,
    { ...user, team: null },
    { ...user, team: undefined },
    { ...user, roles: [] },
    { ...user, roles: ['Admin', 2] },
    { ...user, roles: 'Admin' },
    { ...user, name: null },
    { ...user, id: 'x', tokens: token },
  ],
  visitorId: [...common, { voterId: 'v1.abc.def' }, { voterId: 3 }, { voterId: 'v1.x', extra: true }, { id: 'v1.x' }],
  errorEnvelope: [
    ...common,
    envelope,
    { ...envelope, details: { email: 'Formato de e-mail inválido.' } },
    { ...envelope, details: { email: 3 } },
    { ...envelope, details: ['x'] },
    { ...envelope, details: null },
    { ...envelope, details: undefined },
    { ...envelope, requestId: 'req-1' },
    { ...envelope, requestId: 7 },
    { ...envelope, statusCode: 400.5 },
    { ...envelope, statusCode: '400' },
    { ...envelope, statusCode: 2 ** 60 },
    { ...envelope, message: undefined },
    { ...envelope, error: 'Bad Request' },
  ],
};

function agrees(schema: z.ZodType, pick: (value: unknown) => unknown, inputs: unknown[]) {
  for (const input of inputs) {
    const parsed = schema.safeParse(input);
    expect(pick(input), JSON.stringify(input) ?? String(input)).toEqual(parsed.success ? parsed.data : null);
  }
}

describe('the first screen reads the session and error bodies by the contracts’ rules, without zod', () => {
  it('accepts exactly the tokens the contract accepts, keeping only its fields', () => {
    agrees(tokens, pickTokens, samples.tokens);
  });

  it('accepts exactly the stored users the contract accepts', () => {
    agrees(sessionUser, pickSessionUser, samples.sessionUser);
  });

  it('accepts exactly the visitor ids the contract accepts', () => {
    agrees(visitorIdResponse, pickVisitorId, samples.visitorId);
  });

  it('accepts exactly the error bodies the contract accepts', () => {
    agrees(errorEnvelope, pickErrorEnvelope, samples.errorEnvelope);
  });
});
