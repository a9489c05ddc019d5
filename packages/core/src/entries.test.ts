import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as http from './http-api';
import * as root from './index';
import * as node from './node-api';
import * as storage from './storage-api';

// What each entry point says it is: the root what a host calls, the subpaths what their builders
// use, and no value twice (a name has one home, so an import says which audience it serves).

/** At most this many values at the root: what a host calls, and the settings it reads. */
const rootValueBudget = 40;

describe('the entry points', () => {
  it(`the root exports at most ${rootValueBudget} values, each one a host calls or reads`, () => {
    const values = Object.keys(root).sort();
    expect(values.length, values.join(' ')).toBeLessThanOrEqual(rootValueBudget);
  });

  it('no value has two homes: no entry point repeats a value of another', () => {
    const entries = Object.entries({ '.': root, './http': http, './node': node, './storage': storage });
    const homes = new Map<string, string[]>();
    for (const [name, entry] of entries)
      for (const key of Object.keys(entry)) homes.set(key, [...(homes.get(key) ?? []), name]);
    const twice = [...homes]
      .filter(([, where]) => where.length > 1)
      .map(([key, where]) => `${key}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('no name, type or value, is exported by two entry points', () => {
    const src = dirname(fileURLToPath(import.meta.url));
    const entryFiles = {
      '.': 'index.ts',
      './http': 'http-api.ts',
      './node': 'node-api.ts',
      './storage': 'storage-api.ts',
    };
    const { config } = ts.readConfigFile(join(src, '../../../tsconfig.base.json'), ts.sys.readFile);
    const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, src);
    const program = ts.createProgram(
      Object.values(entryFiles).map((file) => join(src, file)),
      { ...options, noEmit: true },
    );
    const checker = program.getTypeChecker();
    const homes = new Map<string, string[]>();
    for (const [name, file] of Object.entries(entryFiles)) {
      const module = checker.getSymbolAtLocation(program.getSourceFile(join(src, file))!)!;
      for (const exported of checker.getExportsOfModule(module))
        homes.set(exported.name, [...(homes.get(exported.name) ?? []), name]);
    }
    expect(homes.size).toBeGreaterThan(200);
    const twice = [...homes]
      .filter(([, where]) => where.length > 1)
      .map(([key, where]) => `${key}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
