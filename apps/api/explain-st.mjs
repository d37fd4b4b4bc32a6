// node explain-st.mjs <statement name> [params...]
import pg from 'pg';
const { STATEMENTS } = await import('./dist/db/statements.js');
await import('./dist/app.js');
const [, , name, ...params] = process.argv;
const st = STATEMENTS.get(name);
if (!st) {
  console.log([...STATEMENTS.keys()].join('\n'));
  process.exit(1);
}
const c = new pg.Client({
  connectionString: 'postgres://postgres@127.0.0.1:5432/evenly_bench_1795362076134_24569',
});
await c.connect();
if (process.env.GENERIC) await c.query('set plan_cache_mode = force_generic_plan');
await c.query(`prepare s as ${st.text}`);
const args = params.map((p) => (p === 'null' ? 'null' : `'${p}'`)).join(',');
for (let i = 0; i < 6; i++) await c.query(`execute s(${args})`);
const r = await c.query(`explain (analyze) execute s(${args})`);
console.log(
  r.rows
    .map((x) => x['QUERY PLAN'])
    .filter((l) => process.env.FULL || /Time|actual time=.*loops|Seq Scan/.test(l))
    .slice(0, Number(process.env.LINES ?? 200))
    .join('\n'),
);
await c.end();
