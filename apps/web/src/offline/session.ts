// Whose session a token is. Queued writes belong to the account that made them (outboxTypes
// `userId`), and the device's token can change under a running page: another tab signs out and
// in as someone else (they share localStorage). A write is sent only with a token of its own
// account; the writes of another account wait until it signs in again on this device.

/** The account a session token belongs to (the API's JWTs name the user id as subject). */
export function tokenUserId(token: string | null): number | null {
  if (token === null) return null;
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const sub =
      typeof claims === 'object' && claims !== null && 'sub' in claims ? claims.sub : undefined;
    if (typeof sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(sub)) return null;
    const id = Number(sub);
    return Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** `token` when it is a session of `userId`; null otherwise (nobody, or another account). */
export function tokenFor(userId: number, token: string | null): string | null {
  return tokenUserId(token) === userId ? token : null;
}
