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
});
