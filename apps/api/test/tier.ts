/**
 * Which tier runs (vitest.config.ts): `npm test` runs the CI tier; `npm run test:full` sets
 * MANTO_TEST_TIER=full, where load tests also run at their full volume.
 */
export const fullTier = process.env.MANTO_TEST_TIER === 'full';
