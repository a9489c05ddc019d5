/**
 * IP literal recognition without `node:net`, for runtimes that have no Node built-ins. Both
 * functions accept exactly the strings that `isIPv4` and `isIPv6` of `node:net` accept in Node 20.
 */

/** One IPv4 octet in decimal, 0 to 255, with no leading zero: `0` and `10` pass, `010` does not. */
const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';

/** Four octets joined by dots. */
const dottedQuad = new RegExp(`^${octet}(?:\\.${octet}){3}$`);

/** One IPv6 group: one to four hex digits, in either case, leading zeros allowed. */
const hexGroup = /^[0-9A-Fa-f]{1,4}$/;

/** What may follow `%` in a scoped IPv6 address: letters, digits, `-`, `.` and `:`, at least one. */
const zoneId = /^[0-9A-Za-z.:-]+$/;

/** An IPv6 address holds 128 bits: eight 16-bit groups. */
const groupsInAddress = 8;

/**
 * Whether the text is an IPv4 address in dotted-decimal form, such as `192.168.0.1`. Shorter forms
 * (`127.1`), hex or octal octets, surrounding spaces and a trailing dot are not.
 */
export function isIPv4(text: string): boolean {
  return dottedQuad.test(text);
}

/**
 * Counts the 16-bit groups in a run of groups separated by single colons, where a dotted quad may
 * stand for the last two groups. Undefined when any part is neither.
 */
function groupCount(run: string, quadAllowedAtEnd: boolean): number | undefined {
  if (run === '') return 0;
  const parts = run.split(':');
  let count = 0;
  for (const [index, part] of parts.entries()) {
    const isLast = index === parts.length - 1;
    if (hexGroup.test(part)) count += 1;
    else if (isLast && quadAllowedAtEnd && dottedQuad.test(part)) count += 2;
    else return undefined;
  }
  return count;
}

/** Whether the text, without any zone, spells the eight groups of an IPv6 address. */
function isIPv6Address(address: string): boolean {
  const halves = address.split('::');
  if (halves.length === 1) return groupCount(address, true) === groupsInAddress;
  if (halves.length !== 2) return false;
  const before = groupCount(halves[0]!, false);
  const after = groupCount(halves[1]!, true);
  if (before === undefined || after === undefined) return false;
  return before + after < groupsInAddress;
}

/**
 * Whether the text is an IPv6 address: eight colon-separated groups of up to four hex digits, with
 * at most one `::` standing for one or more zero groups, an optional dotted quad for the last two
 * groups, and an optional `%zone` suffix. Brackets are not part of the address.
 */
export function isIPv6(text: string): boolean {
  const percent = text.indexOf('%');
  if (percent === -1) return isIPv6Address(text);
  return zoneId.test(text.slice(percent + 1)) && isIPv6Address(text.slice(0, percent));
}
