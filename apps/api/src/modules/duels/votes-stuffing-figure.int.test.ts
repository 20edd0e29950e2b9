/**
 * The stuffing figure of docs/decisions/0012-visitor-identity.md and 0028, with the default limits: one address
 * votes as fast as the per-IP rate limit allows (4 × VOTE_RATE_PER_MINUTE: 240 a minute since ADR 0028, 120
 * before), with a fresh visitor id for every vote — minted as fast as the server allows (every time since ADR
 * 0028), and forged when it does not — for MINUTES minutes of the app's clock, and reports how many votes
 * counted; it must stay at or below the address cap (1 000 a day). Skipped unless STUFFING_FIGURE is set (it
 * takes a minute or two):
 *
 *   STUFFING_FIGURE=1 npx vitest run --project api-pglite apps/api/src/modules/duels/votes-stuffing-figure.int.test.ts
 *
 * Against a server without POST /api/duels/visitor (before ADR 0012) the probe sends random UUIDs, which that
 * server took as visitors: the same file measures the "before".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '#test/catalogue.ts';
import { type Client, duelOf, randomIp, stuffingFigure, think, vote } from '#test/duels.ts';
import { type TestApp, createTestApp } from '#test/helpers.ts';

const MINUTES = stuffingFigure.minutes;

describe.skipIf(!stuffingFigure.run)('stuffing figure: one address, a fresh id per vote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalogue(t.db, { teams: 4, models: ['Home', 'Away'], seasons: [2019, 2020, 2021, 2022] });
    // Start at the beginning of a UTC day, so the whole probe falls in one day.
    const now = t.clock.now();
    t.clock.advance(86_400_000 - (now % 86_400_000) + 60_000);
  });
  afterAll(async () => t?.close());

  it(`counts at most the address cap, however many ids (${MINUTES} min at the per-IP limit)`, async () => {
    // As fast as the per-IP vote limit lets one address go (docs/ranking.md §6).
    const PER_MINUTE = 4 * t.config.votes.ratePerMinute;
    const ip = randomIp();
    const held: string[] = [];
    let minted = 0;
    let forgedRefused = 0;
    const mint = async () => {
      const res = await t.inject({ method: 'POST', url: '/api/duels/visitor', remoteAddress: ip });
      if (res.statusCode === 404) return randomUUID(); // before ADR 0012: any UUID was a visitor
      if (res.statusCode !== 200) return null;
      minted++;
      return res.json().voterId as string;
    };
    const statuses: Record<number, number> = {};
    let counted = 0;
    let votes = 0;
    for (let minute = 0; minute < MINUTES; minute++) {
      // A fresh id for every vote when the server gives one; else the ids held, in turn (each may vote 30 a
      // minute), after trying a forged one.
      const clients: Client[] = [];
      for (let i = 0; i < PER_MINUTE; i++) {
        const fresh = await mint();
        if (fresh) held.push(fresh);
        else {
          const forged = `v1.${randomUUID()}.${'A'.repeat(22)}`;
          const res = await t.inject({
            method: 'GET',
            url: '/api/duels/next',
            headers: { 'x-voter-id': forged },
            remoteAddress: ip,
          });
          if (res.statusCode === 400) forgedRefused++;
        }
        clients.push({ headers: { 'x-voter-id': fresh ?? held[i % held.length]! }, ip, key: '' });
      }
      const duels = [];
      for (const c of clients) duels.push(await duelOf(t, c));
      think(t);
      for (const [i, c] of clients.entries()) {
        const res = await vote(t, c, duels[i]!.token);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode === 200) {
          votes++;
          if (res.json().counted) counted++;
        }
      }
      t.clock.advance(60_000 - t.config.votes.minDecisionMs);
    }
    const perDay = Math.round((counted / MINUTES) * 1_440);
    console.log(
      `stuffing figure: ${MINUTES} min at ${PER_MINUTE}/min, ${votes} votes stored, ${counted} counted; ids minted ${minted}, ` +
        `forged ids refused ${forgedRefused}; statuses ${JSON.stringify(statuses)}; ` +
        `counted per day at this pace ≤ ${counted < votes ? counted : perDay}`,
    );
    expect(votes).toBeGreaterThan(0);
    // The address cap: 2 × VOTE_DAILY_CAP counted votes a day, however many ids (ADR 0012, 0028).
    expect(counted).toBeLessThanOrEqual(2 * t.config.votes.dailyCap);
  }, 600_000);
});
