import type { ResolvedAddress, Resolver } from './http-client';

/**
 * Options of {@link dohResolver}.
 *
 * @example
 * dohResolver({ endpoint: 'https://dns.google/resolve' })
 */
export interface DohResolverOptions {
  /** A DNS-over-HTTPS JSON endpoint. Default `https://cloudflare-dns.com/dns-query`. */
  readonly endpoint?: string;
  /** The fetch to send queries with. Default the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** One record of a DNS JSON answer. */
interface DnsJsonRecord {
  readonly type?: unknown;
  readonly data?: unknown;
}

/** The fields of a DNS JSON answer that are read. */
interface DnsJsonAnswer {
  readonly Status?: unknown;
  readonly Answer?: unknown;
}

/** The record types asked for, and the address family each answers. */
const families = { A: { type: 1, family: 4 }, AAAA: { type: 28, family: 6 } } as const;

type QueryType = keyof typeof families;

const statusNames: Readonly<Record<number, string>> = {
  1: 'FORMERR',
  2: 'SERVFAIL',
  4: 'NOTIMP',
  5: 'REFUSED',
};

function statusError(hostname: string, status: unknown): Error {
  if (status === 3) return new Error(`${hostname} does not exist (NXDOMAIN)`);
  const name = typeof status === 'number' ? statusNames[status] : undefined;
  return new Error(`DNS lookup of ${hostname} failed (${name ?? `status ${String(status)}`})`);
}

/** The addresses of one type in an answer; other records (a CNAME chain's links) are skipped. */
function addressesOf(answer: DnsJsonAnswer, queryType: QueryType): ResolvedAddress[] {
  const { type, family } = families[queryType];
  const records: readonly DnsJsonRecord[] = Array.isArray(answer.Answer) ? answer.Answer : [];
  return records
    .filter((record) => record.type === type && typeof record.data === 'string' && record.data !== '')
    .map((record) => ({ address: record.data as string, family }));
}

/** One JSON query; rejects with a message naming the hostname when it gives no answer. */
async function query(
  send: typeof fetch,
  endpoint: string,
  hostname: string,
  queryType: QueryType,
): Promise<ResolvedAddress[]> {
  const url = new URL(endpoint);
  url.searchParams.set('name', hostname);
  url.searchParams.set('type', queryType);
  const response = await send(url, { headers: { accept: 'application/dns-json' } });
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    throw new Error(`DNS lookup of ${hostname} failed (DoH endpoint answered HTTP ${response.status})`);
  }
  let answer: DnsJsonAnswer;
  try {
    answer = (await response.json()) as DnsJsonAnswer;
  } catch {
    throw new Error(`DNS lookup of ${hostname} failed (DoH answer is not JSON)`);
  }
  if (answer.Status !== 0) throw statusError(hostname, answer.Status);
  return addressesOf(answer, queryType);
}

/**
 * A {@link Resolver} over DNS-over-HTTPS (the JSON API), for runtimes without node:dns. It asks
 * for A and AAAA records in parallel and returns every address, IPv4 first, so the guard can
 * check them all. One failed query is tolerated when the other finds addresses. It rejects, with
 * the hostname in the message, when the name does not exist, when both queries fail, or when no
 * address is found.
 *
 * @example
 * await dohResolver().lookup({ hostname: 'example.com' }) // [{ address: '93.184.216.34', family: 4 }, ...]
 */
export function dohResolver(options: DohResolverOptions = {}): Resolver {
  const endpoint = options.endpoint ?? 'https://cloudflare-dns.com/dns-query';
  return {
    async lookup({ hostname }) {
      const send = options.fetch ?? fetch;
      const results = await Promise.allSettled([
        query(send, endpoint, hostname, 'A'),
        query(send, endpoint, hostname, 'AAAA'),
      ]);
      const found = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
      if (found.length > 0) return found;
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
      throw new Error(`${hostname} has no A or AAAA record`);
    },
  };
}
