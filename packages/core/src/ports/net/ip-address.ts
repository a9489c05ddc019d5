import { isIPv4, isIPv6 } from './ip-literal';

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export interface IpBytes {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
}

function ipv4Bytes(text: string): Uint8Array {
  return Uint8Array.from(text.split('.').map(Number));
}

/** Expands the groups on one side of `::`; a trailing dotted quad counts as two groups. */
function ipv6Groups(side: string): number[] {
  if (side === '') return [];
  const groups: number[] = [];
  for (const part of side.split(':')) {
    if (part.includes('.')) {
      const [a, b, c, d] = ipv4Bytes(part);
      groups.push((a! << 8) | b!, (c! << 8) | d!);
    } else {
      groups.push(Number.parseInt(part, 16));
    }
  }
  return groups;
}

function ipv6Bytes(text: string): Uint8Array {
  const [head = '', tail] = text.split('::');
  const left = ipv6Groups(head);
  const right = tail === undefined ? [] : ipv6Groups(tail);
  const groups = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/**
 * Parses an IP literal (IPv4 dotted quad, or IPv6 with or without brackets and zone id) into
 * bytes, or undefined when the text is not an IP address. Hostnames are not IP addresses.
 */
export function parseIp(text: string): IpBytes | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return { family: 4, bytes: ipv4Bytes(bare) };
  if (isIPv6(bare)) return { family: 6, bytes: ipv6Bytes(bare.toLowerCase()) };
  return undefined;
}

/** True when the first `bits` bits of `bytes` equal those of `prefix`. */
export function inPrefix(bytes: Uint8Array, prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const left = bits - bit;
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}
