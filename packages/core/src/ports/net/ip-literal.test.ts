import * as nodeNet from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6 } from './ip-literal';

/** Checks one string against Node on both functions, naming the string when they differ. */
function expectSameAsNode(text: string): void {
  expect({ text, v4: isIPv4(text) }).toEqual({ text, v4: nodeNet.isIPv4(text) });
  expect({ text, v6: isIPv6(text) }).toEqual({ text, v6: nodeNet.isIPv6(text) });
}

const zone = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.:_%é '),
  maxLength: 8,
});

/** Small edits that turn a valid address into a nearly valid one, or keep it valid. */
const mutation = fc.oneof(
  fc.constant((text: string) => text.replace(':', '::')),
  fc.constant((text: string) => `${text}:`),
  fc.constant((text: string) => `:${text}`),
  fc.constant((text: string) => text.replace(/[0-9a-f]{1,4}/i, 'abcde')),
  fc.constant((text: string) => text.replace(/(^|[.:])([0-9])/, '$10$2')),
  fc.constant((text: string) => text.replace(/[0-9]+/, '256')),
  fc.constant((text: string) => ` ${text}`),
  fc.constant((text: string) => `${text} `),
  fc.constant((text: string) => text.replace('.', ' .')),
  fc.constant((text: string) => `[${text}]`),
  fc.constant((text: string) => `${text}.`),
  fc.constant((text: string) => text.toUpperCase()),
  fc.constant((_text: string) => ''),
  fc.constant((text: string) => text.replace(/\.[0-9]+$/, '')),
  fc.constant((text: string) => text.replace('::', ':')),
  fc.constant((text: string) => `${text}\n`),
);

const mutated = fc
  .tuple(
    fc.oneof(fc.ipV4(), fc.ipV4Extended(), fc.ipV6()),
    fc.array(mutation, { minLength: 1, maxLength: 3 }),
  )
  .map(([address, edits]) => edits.reduce((text, edit) => edit(text), address));

const addressAlphabet = fc.string({
  unit: fc.constantFrom(...'0123456789abcdefABCDEF:.%'),
  maxLength: 45,
});

const named: readonly [string, string][] = [
  ['loopback v4', '127.0.0.1'],
  ['all zeros v4', '0.0.0.0'],
  ['broadcast', '255.255.255.255'],
  ['octet 256', '1.2.3.256'],
  ['leading zero octet', '01.2.3.4'],
  ['double zero octet', '1.2.3.00'],
  ['three parts', '1.2.3'],
  ['five parts', '1.2.3.4.5'],
  ['trailing dot', '1.2.3.4.'],
  ['hex octet', '0x7f.0.0.1'],
  ['short form', '127.1'],
  ['plus sign', '+1.2.3.4'],
  ['space before', ' 1.2.3.4'],
  ['newline after', '1.2.3.4\n'],
  ['empty', ''],
  ['unspecified v6', '::'],
  ['loopback v6', '::1'],
  ['full v6', '2001:0db8:0000:0000:0000:ff00:0042:8329'],
  ['uppercase hex', '2001:DB8::FF'],
  ['five hex digits', '12345::1'],
  ['two compressions', '1::2::3'],
  ['triple colon', '1:::2'],
  ['leading single colon', ':1:2:3:4:5:6:7'],
  ['trailing single colon', '1:2:3:4:5:6:7:'],
  ['nine groups', '1:2:3:4:5:6:7:8:9'],
  ['seven groups', '1:2:3:4:5:6:7'],
  ['eight groups with compression', '1:2:3:4:5:6:7::8'],
  ['compression after seven', '1:2:3:4:5:6:7::'],
  ['compression before seven', '::2:3:4:5:6:7:8'],
  ['mapped v4', '::ffff:192.0.2.1'],
  ['compatible v4', '::1.2.3.4'],
  ['quad in eight units', '1:2:3:4:5:6:1.2.3.4'],
  ['quad making nine units', '1:2:3:4:5:6:7:1.2.3.4'],
  ['quad with full compression', '1:2:3:4:5:6::1.2.3.4'],
  ['quad not last', '::1.2.3.4:1'],
  ['quad before compression', '1.2.3.4::'],
  ['quad with leading zero', '::ffff:01.2.3.4'],
  ['zone', 'fe80::1%eth0'],
  ['zone with dot and colon', 'fe80::1%a.b:c'],
  ['zone with dash', 'fe80::1%en-0'],
  ['zone with underscore', 'fe80::1%en_0'],
  ['empty zone', 'fe80::1%'],
  ['zone with percent', 'fe80::1%%1'],
  ['zone with non-ASCII', 'fe80::1%é'],
  ['zone on v4', '1.2.3.4%eth0'],
  ['zone on invalid address', '1::2::3%eth0'],
  ['brackets', '[::1]'],
  ['bracket with zone', '[fe80::1%eth0]'],
  ['single colon', ':'],
  ['single group', '1'],
  ['non-hex letter', '::g'],
  ['full-width digit', '１.2.3.4'],
  ['Arabic-Indic digit', '١.2.3.4'],
];

describe('isIPv4 and isIPv6', () => {
  it.each(named)('%s agrees with node:net', (_name, text) => {
    expectSameAsNode(text);
  });

  it('accept every generated IPv4 address as node:net does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV4Extended()), (text) => expectSameAsNode(text)),
      { numRuns: 2000 },
    );
  });

  it('accept every generated IPv6 address, with or without a zone, as node:net does', () => {
    fc.assert(
      fc.property(fc.ipV6(), fc.option(zone), (address, zoneText) =>
        expectSameAsNode(zoneText === null ? address : `${address}%${zoneText}`),
      ),
      { numRuns: 3000 },
    );
  });

  it('judge mutated addresses as node:net does', () => {
    fc.assert(
      fc.property(mutated, (text) => expectSameAsNode(text)),
      { numRuns: 5000 },
    );
  });

  it('judge strings over the address alphabet as node:net does', () => {
    fc.assert(
      fc.property(addressAlphabet, (text) => expectSameAsNode(text)),
      { numRuns: 5000 },
    );
  });

  it('judge colon-heavy strings as node:net does', () => {
    const piece = fc.constantFrom('', '0', '1', 'ff', 'FFFF', '12345', '1.2.3.4', '01.2.3.4', '256.0.0.1');
    const joined = fc
      .array(fc.tuple(piece, fc.constantFrom(':', '::', ':::')), { maxLength: 10 })
      .chain((pairs) =>
        piece.map((last) => pairs.map(([group, separator]) => group + separator).join('') + last),
      );
    fc.assert(
      fc.property(joined, fc.option(zone), (address, zoneText) =>
        expectSameAsNode(zoneText === null ? address : `${address}%${zoneText}`),
      ),
      { numRuns: 5000 },
    );
  });
});
