// `node apps/api/dist/db/make-pglite-template.js`: writes the embedded database's template
// (pglite-template.ts) beside the built server, unless the one there is this PGlite's already.
// Run by `npm run build` and by `npm start`'s build step.
import {
  pgliteTemplateIsCurrent,
  PGLITE_TEMPLATE_FILE,
  writePgliteTemplate,
} from './pglite-template.js';

if (pgliteTemplateIsCurrent()) {
  console.log(`embedded database template up to date: ${PGLITE_TEMPLATE_FILE}`);
} else {
  const started = Date.now();
  const bytes = await writePgliteTemplate();
  console.log(
    `embedded database template written: ${PGLITE_TEMPLATE_FILE} (${(bytes / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
