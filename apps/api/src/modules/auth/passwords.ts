// Password hashing with argon2id (OWASP-recommended parameters).
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of one verification, so unknown e-mails answer as slowly as wrong passwords. */
export async function burnVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('evenly-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
