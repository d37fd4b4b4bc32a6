// Reads the dev mail outbox (DATA_DIR/outbox/*.eml) written by the server when SMTP is unset.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
    if (existsSync(outboxDir)) {
      for (const name of readdirSync(outboxDir).sort().reverse()) {
        const raw = decodeQuotedPrintable(readFileSync(join(outboxDir, name), 'utf8'));
        if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
        const match = pattern.exec(raw);
        if (match) return match[0];
      }
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
    if (existsSync(outboxDir)) {
      for (const name of readdirSync(outboxDir).sort().reverse()) {
        const raw = decodeQuotedPrintable(readFileSync(join(outboxDir, name), 'utf8'));
        if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
        const match = pattern.exec(raw);
        if (match) return match[0];
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${String(pattern)} appeared in ${outboxDir}.`);
}
