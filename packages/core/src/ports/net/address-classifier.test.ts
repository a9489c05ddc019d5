import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AddressCategory,
  classifyAddress,
  classifyHostname,
  isAllowedCategory,
} from './address-classifier';
import { parseIp } from './ip-address';

const known: readonly [string, AddressCategory][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['169.254.1.1', 'link_local'],
  ['fe80::1', 'link_local'],
  ['febf::1', 'link_local'],
  ['fd00::1', 'unique_local'],
  ['fc00::1', 'unique_local'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['169.254.170.23', 'metadata'],
  ['169.254.0.23', 'metadata'],
  ['169.254.42.42', 'metadata'],
  ['192.0.0.192', 'metadata'],
  ['fd00:ec2::23', 'metadata'],
  ['fd20:ce::254', 'metadata'],
  ['fd00:c1::a9fe:a9fe', 'metadata'],
  ['fd00:42::42', 'metadata'],
  ['fe80::a9fe:a9fe', 'metadata'],
  ['::ffff:168.63.129.16', 'metadata'],
  ['64:ff9b::a83f:8110', 'metadata'],
  ['2002:a83f:8110::1', 'metadata'],
  ['168.63.129.15', 'public'],
  ['168.63.129.17', 'public'],
  ['192.0.0.193', 'reserved'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:0:192.168.0.1', 'private'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['2002:7f00:1::', 'loopback'],
  ['2001:db8::1', 'reserved'],
  ['2001:0:4136:e378::1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['4000::1', 'reserved'],
  ['93.184.216.34', 'public'],
  ['8.8.8.8', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['[::1]', 'loopback'],
  ['fe80::1%eth0', 'link_local'],
];

const octet = fc.integer({ min: 0, max: 255 });
const v4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));

describe('address classifier (SSRF protection)', () => {
  it.each(known)('classifies %s as %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it('hostnames are not addresses; metadata names and localhost are known by name', () => {
    expect(classifyHostname('metadata.tencentyun.com')).toBe('metadata');
    expect(classifyAddress('hooks.example.com')).toBeUndefined();
    expect(classifyHostname('metadata.google.internal')).toBe('metadata');
    expect(classifyHostname('METADATA.google.internal.')).toBe('metadata');
    expect(classifyHostname('localhost')).toBe('loopback');
    expect(classifyHostname('api.localhost')).toBe('loopback');
    expect(classifyHostname('hooks.example.com')).toBeUndefined();
  });

  it('property: an IPv4-mapped IPv6 address is judged exactly as its IPv4 address', () => {
    fc.assert(
      fc.property(v4, (address) => classifyAddress(`::ffff:${address}`) === classifyAddress(address)),
    );
  });

  it('property: every address in 10/8, 172.16/12 and 192.168/16 is private, and every 127/8 loopback', () => {
    fc.assert(
      fc.property(octet, octet, octet, fc.integer({ min: 16, max: 31 }), (a, b, c, second) => {
        expect(classifyAddress(`10.${a}.${b}.${c}`)).toBe('private');
        expect(classifyAddress(`172.${second}.${b}.${c}`)).toBe('private');
        expect(classifyAddress(`192.168.${b}.${c}`)).toBe('private');
        expect(classifyAddress(`127.${a}.${b}.${c}`)).toBe('loopback');
      }),
    );
  });

  it('property: any IP literal gets a category and parses to the right number of bytes; other text does not', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()), (text) => {
        const family = isIP(text);
        const parsed = parseIp(text);
        if (family === 0) return parsed === undefined && classifyAddress(text) === undefined;
        return parsed?.bytes.length === (family === 4 ? 4 : 16) && classifyAddress(text) !== undefined;
      }),
    );
  });

  it('property: fc00::/7 and fe80::/10 are never public, whatever the rest of the address', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(
        fc.integer({ min: 0xfc00, max: 0xfdff }),
        fc.array(group, { minLength: 7, maxLength: 7 }),
        (first, rest) =>
          ['unique_local', 'metadata'].includes(classifyAddress([first.toString(16), ...rest].join(':'))!),
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0xfe80, max: 0xfebf }),
        fc.array(group, { minLength: 7, maxLength: 7 }),
        (first, rest) => classifyAddress([first.toString(16), ...rest].join(':')) === 'link_local',
      ),
    );
  });

  it('property: metadata, multicast, unspecified and reserved are refused whatever the policy', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), fc.boolean(), (address, allowPrivateNetworks) => {
        const category = classifyAddress(address)!;
        const allowed = isAllowedCategory(category, { allowPrivateNetworks });
        if (['metadata', 'multicast', 'unspecified', 'reserved'].includes(category)) return !allowed;
        if (category === 'public') return allowed;
        return allowed === allowPrivateNetworks;
      }),
    );
  });

  const metadataAddresses = [
    '169.254.169.254',
    '100.100.100.200',
    '168.63.129.16',
    '169.254.170.2',
    '169.254.170.23',
    '169.254.0.23',
    '169.254.42.42',
    '192.0.0.192',
  ];
  const ipv4Forms = (address: string): string[] => {
    const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
    const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
    return [
      address,
      `::ffff:${address}`,
      `::ffff:${hex(a, b)}:${hex(c, d)}`,
      `::ffff:0:${address}`,
      `64:ff9b::${address}`,
      `2002:${hex(a, b)}:${hex(c, d)}::1`,
    ];
  };

  it('property: a cloud metadata or platform address is refused in every IPv4 and IPv6 spelling, whatever the policy', () => {
    fc.assert(
      fc.property(fc.constantFrom(...metadataAddresses), fc.boolean(), (address, allowPrivateNetworks) => {
        for (const form of ipv4Forms(address)) {
          expect(classifyAddress(form)).toBe('metadata');
          expect(isAllowedCategory('metadata', { allowPrivateNetworks })).toBe(false);
        }
      }),
    );
  });

  it('property: the metadata rules are exact addresses: a neighbour keeps the category of its range', () => {
    const neighbour = fc
      .tuple(fc.constantFrom(...metadataAddresses), fc.constantFrom(-1, 1))
      .map(([address, step]) => {
        const parts = address.split('.').map(Number);
        parts[3] = (parts[3]! + step + 256) % 256;
        return parts.join('.');
      })
      .filter((address) => !metadataAddresses.includes(address));
    fc.assert(
      fc.property(neighbour, (address) => {
        const expected = address.startsWith('168.63.')
          ? 'public'
          : address.startsWith('169.254.')
            ? 'link_local'
            : address.startsWith('100.100.')
              ? 'cgnat'
              : 'reserved';
        expect(classifyAddress(address)).toBe(expected);
      }),
    );
  });
});
