import {
  type AddressCategory,
  classifyAddress,
  classifyHostname,
  isAllowedCategory,
} from './address-classifier';
import { withDeadline } from './deadline';
import type {
  HttpClient,
  HttpFailure,
  HttpFailureReason,
  HttpOutcome,
  HttpRequest,
  ResolvedAddress,
  Resolver,
} from './http-client';
import { parseIp } from './ip-address';

/** The outbound network policy. `allowPrivateNetworks` is for development only. */
export interface OutboundPolicy {
  /**
   * Allows loopback, private, CGNAT, link-local and unique-local addresses, plain `http:`, and
   * any port.
   */
  readonly allowPrivateNetworks: boolean;
  /** Ports besides 443 that `https:` URLs may name when private networks are not allowed. */
  readonly allowedPorts?: readonly number[];
}

/**
 * The ports `guardedRequest` uses; `ServiceDeps` has all of them.
 *
 * @example
 * const ports: OutboundPorts = { http: nodeHttpClient(), resolver: nodeResolver(), allowPrivateNetworks: false };
 */
export interface OutboundPorts extends OutboundPolicy {
  readonly http: HttpClient;
  readonly resolver: Resolver;
}

/** A request before it is checked and pinned. */
export type GuardedRequestInput = Omit<HttpRequest, 'pinnedAddress'>;

const categoryText: Readonly<Record<AddressCategory, string>> = {
  public: 'a public address',
  loopback: 'a loopback address',
  private: 'a private (RFC 1918) address',
  cgnat: 'a carrier-grade NAT (100.64.0.0/10) address',
  link_local: 'a link-local address',
  unique_local: 'a unique-local IPv6 address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
  metadata: 'a cloud metadata or platform endpoint',
};

const refused = (reason: HttpFailureReason, message: string): HttpFailure => ({
  ok: false,
  reason,
  message,
  latencyMs: 0,
});

/** A URL that passed the checks that need no DNS, with its bare hostname. */
export interface CheckedUrl {
  readonly ok: true;
  readonly url: URL;
  readonly hostname: string;
  /** Set when the hostname is an IP literal: it is the address to connect to. */
  readonly literal?: ResolvedAddress;
}

/**
 * The checks of a destination that need no DNS: an absolute URL, `https:` (or `http:` when
 * private networks are allowed), no credentials in it, and a host that is not a refused IP
 * literal, a cloud metadata name or `localhost`. Used to validate saved URLs, and by
 * {@link guardedRequest} before it resolves. The port is checked apart (`checkPort`), so a
 * probe can answer a refused port as unreachable, like a refused address.
 */
export function checkUrl(text: string, policy: OutboundPolicy): CheckedUrl | HttpFailure {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused('invalid_url', 'the URL is not an absolute URL');
  }
  const schemes = policy.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return refused('scheme_not_allowed', `the URL must use ${schemes.join(' or ')}, not ${url.protocol}`);
  }
  if (url.username || url.password) return refused('invalid_url', 'the URL must not contain credentials');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!hostname) return refused('invalid_url', 'the URL has no host');
  const ip = parseIp(hostname);
  const category = ip ? classifyAddress(hostname) : classifyHostname(hostname);
  if (category && !isAllowedCategory(category, policy)) {
    return refused('blocked_address', `${hostname} is ${categoryText[category]}`);
  }
  return { ok: true, url, hostname, ...(ip ? { literal: { address: hostname, family: ip.family } } : {}) };
}

/** The port a URL connects to: the one it names, else its scheme's default. */
function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

/**
 * The port check of a destination: `https:` on 443 (written or not) or on a port the host listed
 * in `allowedPorts`; any port when private networks are allowed (development). Without it, a
 * webhook URL or a probe could knock on any port of a public host and report what answers.
 *
 * @returns undefined when the port is allowed, else a `blocked_port` failure
 */
export function checkPort(url: URL, policy: OutboundPolicy): HttpFailure | undefined {
  if (policy.allowPrivateNetworks) return undefined;
  const port = portOf(url);
  if (port === 443 || policy.allowedPorts?.includes(port)) return undefined;
  const allowed = [443, ...(policy.allowedPorts ?? [])].join(', ');
  return refused('blocked_port', `port ${port} is not allowed (allowed: ${allowed})`);
}

async function resolveChecked(
  ports: OutboundPorts,
  hostname: string,
  timeoutMs: number,
): Promise<ResolvedAddress | HttpFailure> {
  let addresses: readonly ResolvedAddress[] | 'timeout';
  try {
    addresses = await withDeadline(ports.resolver.lookup({ hostname }), timeoutMs);
  } catch (error) {
    return refused('dns_failed', `${hostname} does not resolve (${(error as Error).message})`);
  }
  if (addresses === 'timeout')
    return refused('timeout', `DNS lookup of ${hostname} took over ${timeoutMs} ms`);
  if (addresses.length === 0) return refused('dns_failed', `${hostname} resolves to no address`);
  for (const entry of addresses) {
    const category = classifyAddress(entry.address) ?? 'reserved';
    // Every address is checked: one refused address refuses the name, since a client may pick any.
    if (!isAllowedCategory(category, ports)) {
      return refused('blocked_address', `${hostname} resolves to ${categoryText[category]}`);
    }
  }
  return addresses[0]!;
}

/**
 * Sends an outbound request safely (SSRF protection): checks the URL ({@link checkUrl}) and its
 * port (`checkPort`), resolves the hostname once, refuses it when any address is loopback, private, CGNAT,
 * link-local, unique-local, multicast, unspecified, reserved or cloud metadata (unless the host
 * allows private networks), and connects to the checked address itself, so a second DNS answer
 * cannot change the destination between check and connect. Never rejects.
 */
export async function guardedRequest(ports: OutboundPorts, input: GuardedRequestInput): Promise<HttpOutcome> {
  const started = performance.now();
  const destination = await checkDestination(ports, { url: input.url, timeoutMs: input.timeoutMs });
  if (!destination.ok) return destination;
  const left = Math.max(1, Math.round(input.timeoutMs - (performance.now() - started)));
  return ports.http.request({ ...input, ...destination, timeoutMs: left });
}

/** A destination that passed every check, and the address to connect to. */
export interface CheckedDestination {
  readonly ok: true;
  readonly url: string;
  readonly pinnedAddress: ResolvedAddress;
}

/**
 * The checks of {@link guardedRequest} without the request: the URL and its port, then DNS and
 * every address it answers. A worker checks a webhook's destination once per batch and pins all of that
 * batch's requests to it.
 */
export async function checkDestination(
  ports: OutboundPorts,
  input: { url: string; timeoutMs: number },
): Promise<CheckedDestination | HttpFailure> {
  const checked = checkUrl(input.url, ports);
  if (!checked.ok) return checked;
  const port = checkPort(checked.url, ports);
  if (port) return port;
  const pinned = checked.literal ?? (await resolveChecked(ports, checked.hostname, input.timeoutMs));
  if ('ok' in pinned) return pinned;
  return { ok: true, url: checked.url.href, pinnedAddress: pinned };
}
