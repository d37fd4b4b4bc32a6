// A tiny text/event-stream reader for tests: opens a real HTTP connection and collects frames.
import http from 'node:http';

export interface SseFrame {
  id: string | null;
  event: string | null;
  data: string | null;
  comment: string | null;
  retry: number | null;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  frames: SseFrame[];
  /**
   * Resolves with the first frame (from the start) matching `predicate`, or rejects on timeout
   * (60 s unless told: the deadline only turns a hang into a failure).
   */
  waitFor(predicate: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { id: null, event: null, data: null, comment: null, retry: null };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else if (line.startsWith('id:')) frame.id = line.slice(3).trim();
    else if (line.startsWith('event:')) frame.event = line.slice(6).trim();
    else if (line.startsWith('data:')) frame.data = line.slice(5).trim();
    else if (line.startsWith('retry:')) frame.retry = Number(line.slice(6).trim());
  }
  return frame;
}

/** Opens `url`; for a non-200 answer the body is kept in `frames[0].data`. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const frames: SseFrame[] = [];
      const waiters: { predicate: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }[] = [];
      let buffer = '';
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let idx;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const frame = parseFrame(buffer.slice(0, idx));
          buffer = buffer.slice(idx + 2);
          frames.push(frame);
          for (const w of [...waiters]) {
            if (w.predicate(frame)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(frame);
            }
          }
        }
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      res.on('error', () => endResolve());
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        ended,
        waitFor(predicate, timeoutMs = 60_000) {
          const found = frames.find(predicate);
          if (found !== undefined) return Promise.resolve(found);
          return new Promise((resolveFrame, rejectFrame) => {
            const timer = setTimeout(
              () => rejectFrame(new Error(`no matching frame in ${JSON.stringify(frames)}`)),
              timeoutMs,
            );
            waiters.push({
              predicate,
              resolve: (f) => {
                clearTimeout(timer);
                resolveFrame(f);
              },
            });
          });
        },
        close() {
          req.destroy();
        },
      };
      if (res.statusCode !== 200) {
        res.on('end', () => {
          frames.push({ id: null, event: null, data: buffer, comment: null, retry: null });
        });
        void ended.then(() => resolve(stream));
        return;
      }
      resolve(stream);
    });
    req.on('error', reject);
  });
}

/** Resolves once the stream has sent its first frame (the server is subscribed by then). */
export async function openReadySse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const s = await openSse(url, headers);
  if (s.status === 200) await s.waitFor((f) => f.retry !== null);
  return s;
}
