import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/settings.md lists every environment variable the examples read and every createService option. */

const root = join(import.meta.dirname, '..');
const settings = readFileSync(join(root, 'docs/settings.md'), 'utf8');

/** The backticked names in the first column of every table row of docs/settings.md. */
const documented = new Set(
  settings
    .split('\n')
    .map((line) => /^\| `([^`]+)` \|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined),
);

/** The shipped (non-test) TypeScript files under a folder, skipping installed modules. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.includes('.test'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('node_modules') && !/spawn-|test-support/.test(file));
}

/** The members of an exported interface, read from its source. */
function interfaceKeys(file: string, name: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const start = source.indexOf(`export interface ${name} {`);
  expect(start, `${name} in ${file}`).toBeGreaterThan(-1);
  const body = source.slice(start, source.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}readonly (\w+)\??:/gm)].map((match) => match[1]!);
}

describe('docs/settings.md', () => {
  it('lists every environment variable an example program or the test setup reads', () => {
    const reads = new Map<string, string>();
    const testSetup = readdirSync(root)
      .filter((name) => /^test-.*\.ts$/.test(name))
      .map((name) => join(root, name));
    for (const file of [...sourceFiles(join(root, 'examples')), ...testSetup]) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/process\.env(?:\.([A-Z0-9_]+)|\[['"]([A-Z0-9_]+)['"]\])/g)) {
        reads.set(match[1] ?? match[2]!, relative(root, file));
      }
    }
    expect(reads.size).toBeGreaterThan(5);
    const missing = [...reads]
      .filter(([name]) => !documented.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists every createService option, with the delivery and case options', () => {
    const options = [
      ...interfaceKeys('packages/core/src/service.ts', 'ServiceOptions'),
      ...interfaceKeys('packages/core/src/worker/defaults.ts', 'DeliveryOptions').filter(
        (key) => key !== 'breaker',
      ),
      ...interfaceKeys('packages/core/src/areas/webhooks/breaker.ts', 'BreakerOptions').map(
        (key) => `breaker.${key}`,
      ),
      ...interfaceKeys('packages/core/src/deps/case-options.ts', 'CaseOptions'),
    ];
    expect(options).toContain('secretKey');
    expect(options.filter((key) => !documented.has(key))).toEqual([]);
  });
});
