// Helpers of the import tests (issue #33 point 4): a multipart body with a file, and each
// person's net in a group per currency from the stored pair balances.
import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app.js';

/** A multipart/form-data body of text fields and files (each file part of type `fileType`). */
export function multipart(
  parts: { name: string; value: string | Buffer; filename?: string }[],
  fileType = 'application/octet-stream',
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----evenly' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : `Content-Type: ${fileType}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every person's net in a group per currency, in minor units (+ = is owed). */
export async function groupNets(
  ctx: TestContext,
  groupId: number,
): Promise<Map<number, Map<string, number>>> {
  const res = (await ctx.database.handle.db.execute(
    sql`select currency, user_low, user_high, sum(net_cents)::text as net
      from pair_balances where group_id = ${groupId} group by currency, user_low, user_high`,
  )) as unknown as {
    rows: { currency: string; user_low: number; user_high: number; net: string }[];
  };
  const out = new Map<number, Map<string, number>>();
  const add = (id: number, currency: string, v: number) => {
    const m = out.get(id) ?? new Map<string, number>();
    m.set(currency, (m.get(currency) ?? 0) + v);
    out.set(id, m);
  };
  for (const r of res.rows) {
    add(r.user_low, r.currency, Number(r.net));
    add(r.user_high, r.currency, -Number(r.net));
  }
  return out;
}
