// Loaded into a real server process (`node --import`, through NODE_OPTIONS) by
// lazy-libraries.test.ts: registers a module resolve hook that appends every package the
// process imports (its resolved URL) to the file named by RECORD_IMPORTS_TO, one per line.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
const file = ${JSON.stringify(process.env['RECORD_IMPORTS_TO'] ?? '')};
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (file !== '' && resolved.url.includes('/node_modules/')) appendFileSync(file, resolved.url + '\\n');
  return resolved;
}
`)}`,
);
