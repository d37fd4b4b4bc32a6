// Password hashing with argon2id (OWASP-recommended parameters: 19 MiB, 2 passes, 1 lane).
// @node-rs/argon2 ships prebuilt N-API binaries per platform, so no compiler is needed.
import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 = Argon2id (the package's const enum, written out for isolated modules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
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
