import type * as Contracts from '@manto/contracts';
import type { z } from 'zod';
import { whenSettled } from './when-settled.ts';

/**
 * The contracts' schemas for the answers a first screen draws, named instead of imported: zod and
 * the contracts (≈ 32 kB gzip, and their start-up) then load after the first paint instead of
 * before it (docs/perf/first-screen.md). The contracts stay the one description of every answer:
 *
 * - the contracts load once the first screen has settled (lib/when-settled.ts: its pictures and
 *   render no longer share the connection and the main thread with them); from then on a named
 *   schema checks its answer before anyone sees it, as an imported one does;
 * - an answer that arrives before (the first screen's own) is used as it came and checked as soon
 *   as they have loaded; one that fails is reported to `onLateInvalidAnswer`'s handler
 *   (lib/query-client.ts), which drops the queries holding it and asks again, now checked first: the
 *   screen then shows the invalid answer's error, as it would have at once.
 */

type AllContracts = typeof Contracts;

/** The contracts' exports that are zod schemas. */
export type SchemaName = {
  [K in keyof AllContracts]: AllContracts[K] extends z.ZodType ? K : never;
}[keyof AllContracts];

/** A contract's schema by name, resolved once the contracts have loaded. */
export interface LaterSchema<S extends z.ZodType = z.ZodType> {
  readonly later: SchemaName;
  /** Never set: carries the schema's type for the answer's. */
  readonly schemaType?: S;
}

/** The contract schema `name`, checked with the contracts once loaded (see above). */
export function later<K extends SchemaName>(name: K): LaterSchema<Extract<AllContracts[K], z.ZodType>> {
  return { later: name };
}

export function isLaterSchema(schema: unknown): schema is LaterSchema {
  return typeof schema === 'object' && schema !== null && 'later' in schema;
}

let contracts: AllContracts | null = null;
let loading: Promise<AllContracts> | null = null;

/** Loads the contracts (and zod) once; after a failed load (offline) the next call tries again. */
export function loadContracts(): Promise<AllContracts> {
  loading ??= import('@manto/contracts').then(
    (module) => (contracts = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The named schema if the contracts have loaded, else null. */
export function loadedSchema(schema: LaterSchema): z.ZodType | null {
  return contracts ? (contracts[schema.later] as z.ZodType) : null;
}

let onInvalid: (answer: unknown, schema: SchemaName) => void = (_answer, schema) => {
  console.error(`An answer did not match its contract (${schema})`);
};

/** Who hears of an answer that was used before its check and then failed it (lib/query-client.ts). */
export function onLateInvalidAnswer(handler: (answer: unknown, schema: SchemaName) => void): void {
  onInvalid = handler;
}

/** Checks an answer already handed out, once the contracts have loaded after the first paint. */
export function checkLater(schema: LaterSchema, answer: unknown): Promise<boolean> {
  return whenSettled()
    .then(loadContracts)
    .then((loaded) => {
      const valid = (loaded[schema.later] as z.ZodType).safeParse(answer).success;
      if (!valid) onInvalid(answer, schema.later);
      return valid;
    });
}
