import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('ranking job on an empty catalogue', () => {
  it('fits nothing, fails nothing, and the ranking says it has no snapshot yet', async () => {
    await expect(t.fitRankings({ force: true })).resolves.toEqual([]);
    const res = await t.inject({ method: 'GET', url: '/api/rankings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fittedAt: null, items: [], total: 0, votes: 0, axis: null });
  });
});
