// Constants the web app's first screens need, in a module without zod: importing them from
// '@manto/contracts/constants' keeps zod and the schemas out of those screens' code
// (docs/perf/first-screen.md). The schemas' modules re-export them.

/** Why a duel was skipped. */
export const SKIP_REASONS = ['dont_know', 'cant_decide', 'same'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The shop's one currency. */
export const CURRENCY = 'BRL';

/**
 * The image source of the pictures Manto draws itself (the demo's): pages credit them in the reader's
 * language ("Ilustração gerada pelo Manto", "Illustration drawn by Manto").
 */
export const GENERATED_IMAGE_SOURCE = 'Manto';
