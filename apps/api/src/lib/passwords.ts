import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '@manto/contracts';

/** Argon2id at OWASP's minimum (m=19 MiB, t=2, p=1), set explicitly so a library default never weakens it. */
// 2 = Algorithm.Argon2id (an ambient const enum, not importable under verbatimModuleSyntax).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** Length 8..128 in code points, Unicode allowed, no composition rules; rejects ~49k common passwords. */
export function isStrongEnough(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && !common.has(password.toLowerCase());
}

export const hashPassword = (password: string) => hash(password.normalize('NFC'), ARGON2);

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
