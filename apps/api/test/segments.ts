import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { rebuildPairStats } from '#db/pair-stats.ts';
import { users, votes } from '#db/schema/index.ts';
import type { SeededJersey } from './catalogue.ts';
import type { TestApp } from './helpers.ts';

/** A signed-in member with the given profile fields (favourite team, region, opt-out…). */
export async function memberWithProfile(t: TestApp, profile: Partial<typeof users.$inferInsert>) {
  const m = await t.userWithRoles([]);
  await t.db.update(users).set(profile).where(eq(users.id, m.id));
  return m;
}

/** Votes written straight to the table (tallies rebuilt): each `winner` beats its `loser` once. */
export async function insertWins(
  t: TestApp,
  voter: { key: string; userId: string | null },
  list: [SeededJersey, SeededJersey][],
) {
  await t.db.insert(votes).values(
    list.map(([winner, loser], k) => ({
      duelId: randomUUID(),
      scope: 'global',
      leftId: k % 2 ? winner.id : loser.id,
      rightId: k % 2 ? loser.id : winner.id,
      outcome: k % 2 ? ('left' as const) : ('right' as const),
      voterKey: voter.key,
      userId: voter.userId,
      issuedAt: new Date(Date.now() - 5000),
    })),
  );
  await rebuildPairStats(t.db);
}
