import { inPrefix, parseIp } from './ip-address';

/**
 * What kind of network an address belongs to. Only `public` is reachable by default.
 *
 * @example
 * const category: AddressCategory | undefined = classifyAddress('10.0.0.5'); // 'private'
 */
export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link_local'
  | 'unique_local'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'metadata';

/** Categories a host may open for development with `allowPrivateNetworks`. */
const developmentCategories: ReadonlySet<AddressCategory> = new Set([
  'loopback',
  'private',
  'cgnat',
  'link_local',
  'unique_local',
]);

type Rule = readonly [prefix: readonly number[], bits: number, category: AddressCategory];

// Cloud metadata endpoints come first: they sit inside ranges that development mode opens.
const ipv4Rules: readonly Rule[] = [
  [[169, 254, 169, 254], 32, 'metadata'],
  [[100, 100, 100, 200], 32, 'metadata'],
  [[0], 8, 'unspecified'],
  [[127], 8, 'loopback'],
  [[10], 8, 'private'],
  [[172, 16], 12, 'private'],
  [[192, 168], 16, 'private'],
  [[100, 64], 10, 'cgnat'],
  [[169, 254], 16, 'link_local'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

const ipv6Rules: readonly Rule[] = [
  [[0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54], 128, 'metadata'],
  [new Array(16).fill(0), 128, 'unspecified'],
  [[...new Array(15).fill(0), 1], 128, 'loopback'],
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'private'],
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'reserved'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'],
  [[0x20, 0x01, 0x00, 0x00], 32, 'reserved'],
  [[0xfc], 7, 'unique_local'],
  [[0xfe, 0x80], 10, 'link_local'],
  [[0xfe, 0xc0], 10, 'private'],
  [[0xff], 8, 'multicast'],
];

function matchRules(bytes: Uint8Array, rules: readonly Rule[]): AddressCategory | undefined {
  return rules.find(([prefix, bits]) => inPrefix(bytes, prefix, bits))?.[2];
}

function classifyIpv4(bytes: Uint8Array): AddressCategory {
  return matchRules(bytes, ipv4Rules) ?? 'public';
}

/** IPv6 forms that carry an IPv4 address a packet may end up at: the embedded address decides. */
function embeddedIpv4(bytes: Uint8Array): Uint8Array | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated).
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 12)) return bytes.slice(12);
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return bytes.slice(12);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix) and 2002:AABB:CCDD::/48 (6to4).
  if (inPrefix(bytes, [0x00, 0x64, 0xff, 0x9b], 32) && zeros(4, 12)) return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return undefined;
}

function classifyIpv6(bytes: Uint8Array): AddressCategory {
  const direct = matchRules(bytes, ipv6Rules);
  if (direct) return direct;
  const v4 = embeddedIpv4(bytes);
  if (v4) return classifyIpv4(v4);
  // Only 2000::/3 is allocated global unicast; anything else is not a place to send webhooks.
  return inPrefix(bytes, [0x20], 3) ? 'public' : 'reserved';
}

/**
 * The network category of an IP address: loopback, RFC 1918 private, CGNAT, link-local,
 * unique-local, multicast, unspecified, reserved, cloud metadata, or public. IPv4-mapped and
 * other IPv6 forms embedding an IPv4 address are judged by the embedded address.
 *
 * @returns undefined when `address` is not an IP literal
 * @example
 * classifyAddress('::ffff:10.0.0.5') // 'private'
 * classifyAddress('93.184.216.34') // 'public'
 */
export function classifyAddress(address: string): AddressCategory | undefined {
  const ip = parseIp(address);
  if (!ip) return undefined;
  return ip.family === 4 ? classifyIpv4(ip.bytes) : classifyIpv6(ip.bytes);
}

const metadataHostnames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/**
 * The category a hostname is known to have before any DNS lookup: cloud metadata names and
 * `localhost` (RFC 6761). Other names are judged by the addresses they resolve to.
 *
 * @example
 * classifyHostname('metadata.google.internal.') // 'metadata'
 * classifyHostname('hooks.example.com') // undefined
 */
export function classifyHostname(hostname: string): AddressCategory | undefined {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (metadataHostnames.has(name)) return 'metadata';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  return undefined;
}

/**
 * True when a category may be connected to: `public` always; loopback, private, CGNAT,
 * link-local and unique-local only when the host allows private networks (development).
 * Metadata, multicast, unspecified and reserved addresses are never allowed.
 *
 * @example
 * isAllowedCategory('loopback', { allowPrivateNetworks: true }) // true
 */
export function isAllowedCategory(
  category: AddressCategory,
  policy: { readonly allowPrivateNetworks: boolean },
): boolean {
  return category === 'public' || (policy.allowPrivateNetworks && developmentCategories.has(category));
}
