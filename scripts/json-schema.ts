/**
 * Writes packages/webhook-verify/json-schema/*.schema.json from webhook-verify's zod schemas.
 * `--check` fails when a file is stale.
 * Usage: npm run json-schema [-- --check]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsonSchemaFiles } from '../packages/webhook-verify/src/json-schema/generate';

const files = jsonSchemaFiles();
if (process.argv.includes('--check')) {
  const stale = files.filter(({ url, text }) => !existsSync(url) || readFileSync(url, 'utf8') !== text);
  for (const { url } of stale) console.error(`${fileURLToPath(url)} is stale: run \`npm run json-schema\`.`);
  if (stale.length > 0) process.exit(1);
  console.log('The JSON Schemas of webhook-verify are up to date.');
} else {
  for (const { url, text } of files) {
    mkdirSync(new URL('.', url), { recursive: true });
    writeFileSync(url, text);
    console.log(`wrote ${fileURLToPath(url)}`);
  }
}
