import type { ResolvedAddress, Resolver } from '@affiliate-commerce/core';

/**
 * A {@link Resolver} double that also counts its lookups.
 *
 * @example
 * const resolver: FakeResolver = fakeResolver({ 'a.example': ['93.184.216.34'] }); resolver.lookups // ['a.example']
 */
export interface FakeResolver extends Resolver {
  /** Every hostname asked, in order. */
  readonly lookups: string[];
}

/**
 * A resolver answering from a fixed table (name → addresses); any other name fails like
 * `ENOTFOUND`. A list of answers per name is served in turn (the last one repeats), to play a
 * DNS answer that changes between lookups.
 *
 * @example
 * fakeResolver({ 'hooks.example.com': ['93.184.216.34'], 'rebind.example.com': [['93.184.216.34'], ['127.0.0.1']] })
 */
export function fakeResolver(
  table: Readonly<Record<string, readonly string[] | readonly (readonly string[])[]>>,
): FakeResolver {
  const lookups: string[] = [];
  const served = new Map<string, number>();
  return {
    lookups,
    async lookup({ hostname }) {
      lookups.push(hostname);
      const entry = table[hostname];
      if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      const turns = (typeof entry[0] === 'string' ? [entry] : entry) as readonly (readonly string[])[];
      const turn = served.get(hostname) ?? 0;
      served.set(hostname, turn + 1);
      return turns[Math.min(turn, turns.length - 1)]!.map(
        (address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }),
      );
    },
  };
}
