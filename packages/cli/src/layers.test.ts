import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folders of src are its layers, and imports point down: `ls src` is the layer map. A file
 * at the top (cli.ts, main.ts) may import any folder; test code (`*.test.ts`,
 * `*.test-support.ts`) is not shipped and may import anything.
 */
const layers: Readonly<Record<string, readonly string[]>> = {
  api: [],
  args: [],
  output: [],
  listen: ['api'],
  commands: ['api', 'args', 'output', 'listen'],
};

const src = import.meta.dirname;
const shipped = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(file),
);

describe('layers of packages/cli/src', () => {
  it('every folder is in the table', () => {
    const folders = new Set(shipped.map((file) => dirname(file)).filter((folder) => folder !== '.'));
    expect([...folders].sort()).toEqual(Object.keys(layers).sort());
  });

  it.each(Object.keys(layers))('%s imports only the layers below it', (folder) => {
    const crossings = shipped
      .filter((file) => dirname(file) === folder)
      .flatMap((file) =>
        [...readFileSync(join(src, file), 'utf8').matchAll(/from '(\.[^']*)'/g)].map((match) => {
          const target = relative(src, join(src, dirname(file), match[1]!));
          return { file, target: target.split('/')[0]! };
        }),
      )
      .filter(({ target }) => target !== folder && !target.endsWith('.json') && !target.startsWith('..'))
      .filter(({ target }) => !layers[folder]!.includes(target))
      .map(({ file, target }) => `${file} imports ${target}`);
    expect(crossings).toEqual([]);
  });

  it('shipped code imports no test code', () => {
    const offenders = shipped.filter((file) =>
      /test-support|\.test'/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
