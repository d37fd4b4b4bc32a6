// `npm run api:types`: regenerates apps/web/src/api/generated/openapi.ts from the server's routes.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  openApiDocument,
  WEB_API_TYPES_FILE,
  webApiTypesSource,
  withDocumentOnlyApp,
} from './web-api-types.js';

const source = await withDocumentOnlyApp(async (app) => webApiTypesSource(openApiDocument(app)));
await mkdir(path.dirname(WEB_API_TYPES_FILE), { recursive: true });
await writeFile(WEB_API_TYPES_FILE, source);
console.log(`wrote ${path.relative(process.cwd(), WEB_API_TYPES_FILE)}`);
