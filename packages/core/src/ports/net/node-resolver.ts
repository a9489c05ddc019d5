import { lookup } from 'node:dns/promises';
import type { ResolvedAddress, Resolver } from './http-client';

/**
 * The real {@link Resolver} on node:dns `lookup` (the system resolver, /etc/hosts included: the
 * same answers node:http itself would use). Every address is returned, so the guard can check
 * them all.
 *
 * @example
 * await nodeResolver().lookup({ hostname: 'localhost' }) // [{ address: '127.0.0.1', family: 4 }, ...]
 */
export function nodeResolver(): Resolver {
  return {
    async lookup({ hostname }) {
      const found = await lookup(hostname, { all: true, verbatim: true });
      return found.map(
        (entry): ResolvedAddress => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }),
      );
    },
  };
}
