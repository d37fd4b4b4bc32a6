// Reads the dev mail outbox written by the server when SMTP is unset, as an operator does: the
// readable .txt copy of each mail (DATA_DIR/outbox/*.txt), whose links are copied as they are.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The .txt copies, newest first. */
function readableMails(outboxDir: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .reverse()
    .map((name) => readFileSync(join(outboxDir, name), 'utf8'));
}

/** Waits for a mail to `to` containing a link with `path` and returns that link. */
export async function waitForMailLink(
  outboxDir: string,
  to: string,
  path: string,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(
    `https?://[^\\s"'<>]*${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?token=[^\\s"'<>&]+`,
  );
  while (Date.now() < deadline) {
    for (const text of readableMails(outboxDir)) {
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      const match = pattern.exec(text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} with a ${path} link appeared in ${outboxDir}.`);
}

/** Waits for a mail to `to` whose text matches `pattern` and returns the first match. */
export async function waitForMailMatch(
  outboxDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const text of readableMails(outboxDir)) {
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      const match = pattern.exec(text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${String(pattern)} appeared in ${outboxDir}.`);
}
