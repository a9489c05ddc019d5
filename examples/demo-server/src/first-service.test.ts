import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks } from './readme-blocks';
import { typecheckProgram, typeProblems } from './typecheck';

// A host developer's first hour: the README's first TypeScript block runs as pasted, and the
// example on `createService` compiles and runs, each against the packages' public exports.

const root = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);
// Inside the repository, so the packages resolve from its node_modules as a host's would.
const work = mkdtempSync(join(root, 'examples/demo-server/.first-service-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a TypeScript module the way `npx tsx file.ts` does, with the packages' sources. */
async function runModule(code: string, name: string): Promise<string> {
  const file = join(work, name);
  writeFileSync(file, code);
  const { stdout } = await run(
    process.execPath,
    ['--conditions=@affiliate-commerce/source', '--import', 'tsx', file],
    { cwd: root, timeout: 60_000 },
  );
  return stdout;
}

/** The `@example` of `createService`, as a module. */
function createServiceExample(): string {
  const source = readFileSync(join(root, 'packages/core/src/service.ts'), 'utf8');
  const doc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export function createService\(/.exec(source)?.[1];
  const example = doc?.split('@example\n')[1];
  if (!example) throw new Error('createService has no @example');
  return `${example
    .split('\n')
    .map((line) => line.replace(/^\s*\*( |$)/, ''))
    .join('\n')}\nexport {};\n`;
}

describe('a first service, as the README and the type docs show it', () => {
  it('the README’s first TypeScript block runs verbatim: a webhook from code gets the order, verified', async () => {
    const first = readmeBlocks(readFileSync(join(root, 'README.md'), 'utf8')).find(
      (block) => block.lang === 'ts',
    );
    expect(first?.section).toBe('A first service');
    const out = await runModule(`${first!.code}\nexport {};\n`, 'first-service.ts');
    expect(out).toMatch(/^receiver: verified ecommerce_order_created evt_\S+$/m);
    expect(out).toMatch(/^worker: delivered 1$/m);
    expect(out).toMatch(/^host call: NOT_FOUND 404$/m);
  }, 90_000);

  it('the @example of createService compiles and runs', async () => {
    const example = createServiceExample();
    const file = join(work, 'create-service-example.ts');
    const program = typecheckProgram(root, new Map([[file, example]]));
    expect(typeProblems(program, file).join('\n')).toBe('');
    const check = `${example.replace(/\nexport \{\};\n$/, '')}\nconsole.log(response.status, JSON.stringify(await response.json()));\n`;
    expect(await runModule(check, 'create-service-run.ts')).toBe('200 {"success":true,"data":[]}\n');
  }, 90_000);
});
