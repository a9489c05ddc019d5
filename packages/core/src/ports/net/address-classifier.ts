import { inPrefix, parseIp } from './ip-address';

/** What kind of network an address belongs to. Only `public` is reachable by default. */
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

// Cloud metadata and host-service endpoints come first: most sit inside ranges that development
// mode opens (link-local, CGNAT, unique-local), and Azure's sits in public space.
const ipv4Rules: readonly Rule[] = [
  // AWS, Azure, GCP, Oracle, OpenStack, DigitalOcean, IBM, Hetzner, Linode instance metadata.
  [[169, 254, 169, 254], 32, 'metadata'],
  // Alibaba Cloud metadata (inside CGNAT).
  [[100, 100, 100, 200], 32, 'metadata'],
  // Azure WireServer / host agent, a public address only the platform answers on.
  // @see https://learn.microsoft.com/azure/virtual-network/what-is-ip-address-168-63-129-16
  [[168, 63, 129, 16], 32, 'metadata'],
  // AWS ECS task credentials.
  // @see https://docs.aws.amazon.com/AmazonECS/latest/developerguide/task-iam-roles.html
  [[169, 254, 170, 2], 32, 'metadata'],
  // AWS EKS Pod Identity agent (credentials).
  // @see https://docs.aws.amazon.com/eks/latest/userguide/pod-id-how-it-works.html
  [[169, 254, 170, 23], 32, 'metadata'],
  // Tencent Cloud metadata (metadata.tencentyun.com).
  // @see https://www.tencentcloud.com/document/product/213/4934
  [[169, 254, 0, 23], 32, 'metadata'],
  // Scaleway metadata.
  // @see https://github.com/scaleway/scaleway-sdk-go/blob/master/api/instance/v1/instance_metadata_sdk.go
  [[169, 254, 42, 42], 32, 'metadata'],
  // Oracle Cloud Infrastructure Classic metadata: inside the reserved 192.0.0.0/24 anyway, named
  // so that the refusal says what it is.
  [[192, 0, 0, 192], 32, 'metadata'],
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

/** The 16 bytes of an IPv6 literal, for the exact-address rules below. */
const v6 = (text: string): readonly number[] => [...(parseIp(text)?.bytes ?? [])];

const ipv6Rules: readonly Rule[] = [
  // AWS instance metadata over IPv6, and the EKS Pod Identity agent (credentials).
  // @see https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html
  [v6('fd00:ec2::254'), 128, 'metadata'],
  [v6('fd00:ec2::23'), 128, 'metadata'],
  // Google Cloud metadata on IPv6-only instances.
  // @see https://cloud.google.com/compute/docs/metadata/querying-metadata
  [v6('fd20:ce::254'), 128, 'metadata'],
  // Oracle Cloud Infrastructure metadata over IPv6.
  // @see https://docs.oracle.com/en-us/iaas/Content/Compute/Tasks/gettingmetadata.htm
  [v6('fd00:c1::a9fe:a9fe'), 128, 'metadata'],
  // Scaleway metadata over IPv6 (same source as its IPv4 address).
  [v6('fd00:42::42'), 128, 'metadata'],
  // OpenStack metadata over IPv6 (link-local).
  // @see https://docs.openstack.org/nova/latest/admin/metadata-service.html
  [v6('fe80::a9fe:a9fe'), 128, 'metadata'],
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
  'metadata.tencentyun.com',
]);

/**
 * The category a hostname is known to have before any DNS lookup: cloud metadata names and
 * `localhost` (RFC 6761). Other names are judged by the addresses they resolve to.
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
 */
export function isAllowedCategory(
  category: AddressCategory,
  policy: { readonly allowPrivateNetworks: boolean },
): boolean {
  return category === 'public' || (policy.allowPrivateNetworks && developmentCategories.has(category));
}
