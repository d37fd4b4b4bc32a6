// The in-app path of a group invite link (/join/{token}) or a friend link (/add-friend/{token}).
// It is the one "way back" that sign-up carries through the verification e-mail to the first
// sign-in (issue #31 point 3), so both the server (which writes it into the mail's link) and the
// web app (which reads links and `next` values) check it here: nothing else may travel that way.

/** The shape of an invite link or friend link token. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

const INVITE_PATH = /^\/(join|add-friend)\/([^/?#]+)$/;

/**
 * `value` when it is exactly `/join/{token}` or `/add-friend/{token}` with a well-formed token,
 * else null (absolute URLs, other paths, queries, fragments and odd tokens are refused).
 */
export function invitePath(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const match = INVITE_PATH.exec(value);
  const kind = match?.[1];
  const token = match?.[2];
  if (kind === undefined || token === undefined || !LINK_TOKEN_PATTERN.test(token)) return null;
  return `/${kind}/${token}`;
}
