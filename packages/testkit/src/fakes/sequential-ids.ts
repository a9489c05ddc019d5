import type { IdGenerator } from '@affiliate-commerce/core';

/**
 * Predictable ids (`sub_1`, `sub_2`, ...) for exact tests.
 *
 * @example
 * sequentialIds().next({ prefix: 'sub' }) // 'sub_1'
 */
export function sequentialIds(): IdGenerator {
  const counters = new Map<string, number>();
  return {
    next({ prefix }) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      return `${prefix}_${next}`;
    },
  };
}
