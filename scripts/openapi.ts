/**
 * Writes docs/openapi.json from the route table. `--check` fails when the file is stale.
 * Usage: npm run openapi [-- --check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { openApiDocument, openApiPath } from './openapi-document';

const expected = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(openApiPath, 'utf8');
  if (current !== expected) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  writeFileSync(openApiPath, expected);
  console.log(`wrote ${openApiPath.pathname}`);
}
