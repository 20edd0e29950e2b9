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

/** A member's two lists (ADR 0042): the jerseys they have ("Tenho") and want ("Quero"). */
export const COLLECTION_KINDS = ['owned', 'wanted'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/** Brazilian jersey sizes, smallest first; the web names them in the reader's language (S, M, L… in English). */
export const JERSEY_SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XGG'] as const;
export type JerseySize = (typeof JERSEY_SIZES)[number];

/**
 * The local-storage key under which a browser notes the set of web font files it holds (ADR 0045): the drawn
 * page's head script and the app read it, the app-code start writes it.
 */
export const WEB_FONTS_KEY = 'manto-fonts';
