// A local Frankfurter-compatible rate service for tests (no test reaches the internet):
// `GET /{YYYY-MM-DD|latest}?from=&to=` answers from a table of rates, or fails, or hangs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRates {
  url: string;
  /** Rates as JSON number text, by "FROM>TO"; the answer's date is `rateDate` or the asked day. */
  rates: Map<string, string>;
  /**
   * What the next requests get: rates, an error status, a garbage body, no answer, a redirect to
   * a path that answers the rate (`/redirected/…`), or the rate padded to 2 MB (sent in chunks).
   */
  mode: 'ok' | 'error' | 'garbage' | 'hang' | 'redirect' | 'huge';
  /** Day the service reports its rate from (default: the day asked, `latest` → today, UTC). */
  rateDate: string | null;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeRates(): Promise<FakeRates> {
  const state = {
    rates: new Map<string, string>(),
    mode: 'ok' as FakeRates['mode'],
    rateDate: null as string | null,
    requests: [] as string[],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.requests.push(url.pathname + url.search);
    if (state.mode === 'hang') return; // never answers
    if (state.mode === 'error') {
      res.writeHead(500).end('{"message":"down"}');
      return;
    }
    if (state.mode === 'redirect' && !url.pathname.startsWith('/redirected/')) {
      res.writeHead(302, { location: `/redirected${url.pathname}${url.search}` }).end();
      return;
    }
    if (state.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
      return;
    }
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    const text = state.rates.get(`${from}>${to}`);
    if (text === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    const day = url.pathname.replace(/^\/redirected/, '').slice(1);
    const date = state.rateDate ?? (day === 'latest' ? new Date().toISOString().slice(0, 10) : day);
    const answer = `{"amount":1.0,"base":"${from}","date":"${date}","rates":{"${to}":${text}}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    if (state.mode === 'huge') {
      res.write(`${answer},"padding":"`);
      for (let i = 0; i < 32; i++) res.write('x'.repeat(64 * 1024));
      res.end('"}');
      return;
    }
    res.end(`${answer}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeRates = {
    url: `http://127.0.0.1:${port}`,
    get rates() {
      return state.rates;
    },
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    get rateDate() {
      return state.rateDate;
    },
    set rateDate(d) {
      state.rateDate = d;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
