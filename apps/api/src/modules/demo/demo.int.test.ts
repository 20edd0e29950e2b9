/**
 * Demo data never mixes into a catalogue with real records: a start with SEED_DEMO on a database that
 * already has jerseys adds no drawn jerseys and no simulated votes. PostgreSQL only: two processes share
 * one database there (an in-memory PGlite is its process's own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo seeding', () => {
  it('leaves a catalogue with real jerseys alone: no demo jerseys, no simulated votes', async (ctx) => {
    if (!t.config.databaseUrl) return ctx.skip();
    await seedCatalogue(t.db, { teams: 2, models: ['Titular'], seasons: [2023, 2024] });
    const jerseys = await t.count('jerseys');
    expect(jerseys).toBeGreaterThan(1);
    const restarted = await createTestApp({ SEED_DEMO: 'true' }, { databaseUrl: t.config.databaseUrl });
    try {
      await restarted.demoSeeding;
      expect(await t.count('jerseys')).toBe(jerseys);
      expect(await t.count('votes')).toBe(0);
      expect(await t.count('ranking_fits')).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
