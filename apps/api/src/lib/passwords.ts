import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '@manto/contracts';

/** Argon2id at OWASP's minimum (m=19 MiB, t=2, p=1), set explicitly so a library default never weakens it. */
// 2 = Algorithm.Argon2id (an ambient const enum, not importable under verbatimModuleSyntax).
export const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Tests only: argon2id at its smallest cost (about a millisecond instead of ~40 ms a hash), so suites that
 * register and sign in hundreds of times do not spend most of their time hashing. Chosen by
 * PASSWORD_HASHING=test, which config.ts refuses unless NODE_ENV=test; lib/lib.test.ts still hashes
 * and verifies with ARGON2 and checks its parameters.
 */
const ARGON2_TEST = { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

export type PasswordHashing = 'standard' | 'test';
let argon2: typeof ARGON2 | typeof ARGON2_TEST = ARGON2;

/** Sets the cost of new hashes for this process (config.ts, from PASSWORD_HASHING). Any hash still verifies. */
export function setPasswordHashing(hashing: PasswordHashing, nodeEnv: string): void {
  if (hashing === 'test' && nodeEnv !== 'test') throw new Error('PASSWORD_HASHING=test needs NODE_ENV=test');
  argon2 = hashing === 'test' ? ARGON2_TEST : ARGON2;
  dummy = null;
}

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** Length 8..128 in code points, Unicode allowed, no composition rules; rejects ~49k common passwords. */
export function isStrongEnough(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && !common.has(password.toLowerCase());
}

export const hashPassword = (password: string) => hash(password.normalize('NFC'), argon2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same work as a real check so unknown emails cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummy, password);
}
