/**
 * Turns one DNS label from its ASCII form into Unicode, without `node:url`, for runtimes that have
 * no Node built-ins. Only labels in Punycode (`xn--…`) are decoded exactly as Node 20 decodes them.
 */

/**
 * A set of code points, stored as ascending ranges. The text lists each range as the distance from
 * the end of the previous range to its start, then `-` and its length minus one when it has more
 * than one code point, all in base 36 and separated by commas: `'a,2-3'` is 10, and 12 to 15.
 */
function codePointSet(encoded: string): (codePoint: number) => boolean {
  const starts: number[] = [];
  const ends: number[] = [];
  let previous = 0;
  for (const entry of encoded.split(',')) {
    const [gap = '', extra = '0'] = entry.split('-');
    const start = previous + Number.parseInt(gap, 36);
    previous = start + Number.parseInt(extra, 36);
    starts.push(start);
    ends.push(previous);
  }
  return (codePoint) => {
    let low = 0;
    let high = starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (codePoint < starts[middle]!) high = middle - 1;
      else if (codePoint > ends[middle]!) low = middle + 1;
      else return true;
    }
    return false;
  };
}

// The sets below mirror the IDNA data that Node 20 (through its URL library, Unicode 15.0 tables)
// applies to a decoded label. They were read off `url.domainToUnicode` code point by code point.
// Where a set is consulted only for code points that are already known to be allowed, the ranges
// also span the disallowed code points between its members, which keeps them short.

/**
 * Assigned code points that are neither case-folded nor invisible, yet Node refuses: most were
 * assigned after Unicode 15.0, which Node's tables predate.
 */
const unlistedInIdnaTable = codePointSet(
  '1ov-8,qt,3k,27e,jt-s,2r-1,1c,7f,tz,o6-2,1gt,uy-f,3,de-b,na6-2,c,gko-f,ce-1q,fi-1,14z-1f,nh-p,' +
    'rr-27,8j-1m,w4-2q,ku-j,vx-49,c7-1l,a9,45i-32y,5qe-1l,2dj-1l,8y-o,7z-4,4qq-7,zk,a-6h,c9a-kw,' +
    '4io-8f,34p,4f-3,8o-12,ak-3,1e-6,1b,8-7,f-3,a-6,64-1b,10zk-5,4mb-b,5s3-h9,aj7-3bd',
);

/** Combining marks that Node, with older data, still lets start a label. */
const markAllowedFirst = codePointSet(
  '1p4-7,17-8,oa,53,d7,1mv,q4-d,mk,1blv-2,3n-3,6j,3-1,26,an,2in-1,2,1d-e,45a,7-e,ujv-1y,3ex,f3,' + 'fy-3',
);

/** Non-spacing and enclosing marks that Node, with older data, does not class as non-spacing. */
const notNonSpacingMark = codePointSet(
  '1p4-7,17-8,oa,3n,7,eg,2cz-d,mk,1blv-2,3n-3,6j,3-1,26,an,1ja-1,fr,jl-1,1h-4,6,2,45a,7-e,' +
    'ujv-1y,3ex,f3,fy-3',
);

/** Other code points that Node classes as non-spacing marks. */
const alsoNonSpacingMark = codePointSet('4l0,1eju');

/** Bidi classes R and AL. */
const rightToLeft = codePointSet(
  '14u,2,3,3,a-10,k,3,2,e,3-18,z-2,2-2s,g-1,8-1,b-m,2-t,u-2g,c-1l,a-1,5,4-n,5,a,4,8-14,6-c,1i-k,' +
    '2-h,1bzf-f,j6,1vx-7v,5-68,g-11,b-4k,7-22,b-df,9p-15,4-4,27-1x,c-8,2f-1y,16oa-5r,2b-x,8-s2',
);

/** Bidi class AN. */
const arabicNumber = codePointSet('19c-9,2-1,1fwk-9a');

/** Bidi class EN. */
const europeanNumber = codePointSet('1c-9,1br-9,1drc-q');

/** Bidi classes ES, CS, ET, ON and BN. */
const neutral = codePointSet(
  'x-c,e-11,r-2k,w,ci-1,8-d,3-r,2-g,3a,3l,b8-5,3b-1,2-1,2,2-1,2j,38,b,7h-3,e1-1,8,6u,76-7,3i-6,' +
    'ch,6z-3,ur-9,2v,ij-1,8v,l-q,8m-5,49-x,175-4v,1x-21,1p-bv,1y-p,2-lx,2-9e,75-lb,6e-5,f-6,75-2a,' +
    '1a-as,4-o,g,7,6-2,2p,2j,5h-z,5i5-1r,h3l-1i,93-2,2s,b-1,3l-x,2v,4g-3,d-1,1n-3,kz-1,g5v-1,5a,' +
    '20-1,jf,1r-24,4-g,1hb,ey-6,103-j,16j-c,1ux-s,fsh,jdq-1t,4,57-2e,33d,2cx-fz,1q-2,1q,4z-vr,' +
    '9-43,d-2g,8-b,l-ag,2-29,2-4n,4-2,6-6,a-o,8-6,a-2,e-6,16-5m',
);

/** Code points that Node gives no bidi class, so no bidi rule accepts them. */
const unclassified = codePointSet(
  '17h,gj-1b,m,j-a,oa,x,3k,m,d7,1mn,8-a,pu-d,3i,1d-1,ho,jq,2an,dw-a,mg0-2,1j6,g-8,gkp,am-3z,' +
    '1b-1,1i0-11,ck,1h9-2,35-p,6f-5,25,al-2,vs,3r-6,oa-f,1t-9,s7-2h,37b-2q,u5-12,aor-2h,dnr-e,' +
    '81-j,z,5uz-5f,fa-1,5y-j,2el-16,9x,e9-u,f6-mm,2xq-3,45-b,2i,n,ax,2b,4p-2,4-1,b-1,x-6,8-8,4-c,' +
    '8-x,xye-1,386-4,i6v-38f',
);

/** Viramas (canonical combining class 9), after which a joiner is allowed. */
const virama = codePointSet(
  '1u5,3k,3k,3k,3k,3k,3k,3k,32-1,h,3h,34,3k,5m,51-1,1cq,w,4e,i6,6c,2u-1,1z-1,3gs,o7b,12,48,3z,' +
    '31,8m,6v,imq,16v,1l,1m,3e-1,3w,39,51,2r,6t,3k,71,3k,3b,39,7i,78-1,4i,2c,j,2a,bq,79-1,2a',
);

/** Joining types L and D: letters that join to the one after them. */
const joinsNext = codePointSet(
  '17k,6,2,2-4,5-c,2-6,2-1,10-1,a-e,j-11,2-1,a,2,2-1,15-2,3,j-2,6-3,2-8,2,2,2-1,w-a,4-a,6i-3,2,' +
    '23,2-7,31a,p-2f,g-x,2,sd2-1e',
);

/** Joining types R and D: letters that join to the one before them. */
const joinsPrevious = codePointSet(
  '17k,2-t,2-9,10-1,2-2,6-2i,2,p-1,b-2,3,h,2-t,u-p,6i-5,23,2-a,317,p-2f,g-x,2,sd2-1d',
);

/** ASCII a decoded label may hold: lower-case letters, digits, and the punctuation a host allows. */
const allowedAscii = new Set('abcdefghijklmnopqrstuvwxyz0123456789-!"$&\'()*+,;=_`{}~');

/** Sharp s and final sigma: IDNA would fold them, but Node keeps them as they are. */
const deviations = new Set([0xdf, 0x3c2]);

/** Zero-width non-joiner and joiner: allowed only next to the letters that ask for them. */
const nonJoiner = 0x200c;
const joiner = 0x200d;

/** Code points that are not allowed: unassigned, private, surrogate, control, format, spaces. */
const unassignedOrInvisible = /[\p{Cn}\p{Co}\p{Cs}\p{Cc}\p{Cf}\p{Z}]/u;

/** Code points that IDNA maps to something else (case folding, compatibility forms). */
const foldedAway = /\p{Changes_When_NFKC_Casefolded}/u;

/** Whether a code point may appear in a decoded label as it stands. */
function isAllowedCodePoint(codePoint: number): boolean {
  if (codePoint < 0x80) return allowedAscii.has(String.fromCharCode(codePoint));
  if (codePoint > 0x10ffff) return false;
  if (codePoint === nonJoiner || codePoint === joiner || deviations.has(codePoint)) return true;
  const char = String.fromCodePoint(codePoint);
  return !unassignedOrInvisible.test(char) && !foldedAway.test(char) && !unlistedInIdnaTable(codePoint);
}

/**
 * The joiner rule, as Node applies it: the first joiner in the label decides for the whole label,
 * and a label with a joiner skips the bidirectional rule. A joiner right after a virama is allowed;
 * otherwise a non-joiner needs a letter that joins forward somewhere before it and one that joins
 * backward somewhere after it. Undefined when the label has no joiner.
 */
function joinerVerdict(codePoints: readonly number[]): boolean | undefined {
  const index = codePoints.findIndex((codePoint) => codePoint === nonJoiner || codePoint === joiner);
  if (index === -1) return undefined;
  if (index > 0 && virama(codePoints[index - 1]!)) return true;
  if (codePoints[index] === joiner || index === 0 || index === codePoints.length - 1) return false;
  return codePoints.slice(0, index).some(joinsNext) && codePoints.slice(index + 1).some(joinsPrevious);
}

/** Bidirectional classes as the rule uses them; `N` stands for the neutral ES, CS, ET, ON and BN. */
type Direction = 'L' | 'R' | 'AN' | 'EN' | 'N' | 'NSM' | 'none';

const markPattern = /\p{M}/u;
const nonSpacingPattern = /[\p{Mn}\p{Me}]/u;

/** Whether a code point is a combining mark, which may not start a label. */
function isLeadingMark(codePoint: number): boolean {
  return markPattern.test(String.fromCodePoint(codePoint)) && !markAllowedFirst(codePoint);
}

function isNonSpacingMark(codePoint: number): boolean {
  if (alsoNonSpacingMark(codePoint)) return true;
  return nonSpacingPattern.test(String.fromCodePoint(codePoint)) && !notNonSpacingMark(codePoint);
}

function directionOf(codePoint: number): Direction {
  if (isNonSpacingMark(codePoint)) return 'NSM';
  if (rightToLeft(codePoint)) return 'R';
  if (arabicNumber(codePoint)) return 'AN';
  if (europeanNumber(codePoint)) return 'EN';
  if (neutral(codePoint)) return 'N';
  if (unclassified(codePoint)) return 'none';
  return 'L';
}

const leftToRightAllowed: ReadonlySet<Direction> = new Set(['L', 'EN', 'N', 'NSM']);
const rightToLeftAllowed: ReadonlySet<Direction> = new Set(['R', 'AN', 'EN', 'N', 'NSM']);
const rightToLeftEnd: ReadonlySet<Direction> = new Set(['R', 'AN', 'EN']);

/**
 * The bidirectional rule of RFC 5893 as Node applies it to a single label: it matters only when
 * the label holds right-to-left characters or Arabic digits. A label that starts left-to-right is
 * checked up to, not including, its last character that is not a non-spacing mark.
 */
function satisfiesBidiRule(codePoints: readonly number[]): boolean {
  const directions = codePoints.map(directionOf);
  const last = directions.findLastIndex((direction) => direction !== 'NSM');
  if (last === -1) return false;
  if (!directions.some((direction) => direction === 'R' || direction === 'AN')) return true;
  if (directions[0] === 'L') return directions.slice(0, last).every((d) => leftToRightAllowed.has(d));
  const checked = directions.slice(0, last + 1);
  return (
    checked.every((direction) => rightToLeftAllowed.has(direction)) &&
    rightToLeftEnd.has(checked[last]!) &&
    !(checked.includes('EN') && checked.includes('AN'))
  );
}

/** Whether Node accepts the decoded code points of a Punycode label as a label. */
function isValidDecodedLabel(codePoints: readonly number[]): boolean {
  if (codePoints.length === 0 || !codePoints.every(isAllowedCodePoint)) return false;
  const text = String.fromCodePoint(...codePoints);
  if (text.normalize('NFC') !== text || isLeadingMark(codePoints[0]!)) return false;
  return joinerVerdict(codePoints) ?? satisfiesBidiRule(codePoints);
}

// Punycode parameters, RFC 3492 section 5.
const base = 36;
const tMin = 1;
const tMax = 26;
const skew = 38;
const damp = 700;
const initialBias = 72;
const initialN = 0x80;
/** Node decodes with 32-bit signed arithmetic and fails past this bound. */
const maxInt = 0x7fffffff;

/** The value of one Punycode digit (`a`–`z` are 0–25, `0`–`9` are 26–35), or -1. */
function digitValue(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  return -1;
}

/** The bias adaptation function, RFC 3492 section 6.1. */
function adapt(delta: number, pointCount: number, firstTime: boolean): number {
  let scaled = Math.floor(delta / (firstTime ? damp : 2));
  scaled += Math.floor(scaled / pointCount);
  let k = 0;
  while (scaled > ((base - tMin) * tMax) >> 1) {
    scaled = Math.floor(scaled / (base - tMin));
    k += base;
  }
  return k + Math.floor(((base - tMin + 1) * scaled) / (scaled + skew));
}

function threshold(k: number, bias: number): number {
  if (k <= bias) return tMin;
  return k >= bias + tMax ? tMax : k - bias;
}

/**
 * Reads one generalized variable-length integer from `digits` at `start`, RFC 3492 section 3.3.
 * Undefined when the digits run out, a character is not a digit, or the value overflows.
 */
function readDelta(
  digits: string,
  start: number,
  bias: number,
  initial: number,
): { value: number; next: number } | undefined {
  let value = initial;
  let weight = 1;
  for (let position = start, k = base; position < digits.length; position++, k += base) {
    const digit = digitValue(digits[position]!);
    if (digit < 0 || digit > Math.floor((maxInt - value) / weight)) return undefined;
    value += digit * weight;
    const t = threshold(k, bias);
    if (digit < t) return { value, next: position + 1 };
    if (weight > Math.floor(maxInt / (base - t))) return undefined;
    weight *= base - t;
  }
  return undefined;
}

/**
 * Decodes Punycode (the part of a label after `xn--`) into code points, RFC 3492 section 6.2, or
 * undefined when it is not valid Punycode. Letters must already be lower-case.
 */
function decodePunycode(encoded: string): number[] | undefined {
  const delimiter = encoded.lastIndexOf('-');
  const output = [...encoded.slice(0, Math.max(delimiter, 0))].map((char) => char.codePointAt(0)!);
  const digits = encoded.slice(delimiter + 1);
  let n = initialN;
  let i = 0;
  let bias = initialBias;
  for (let position = 0; position < digits.length; ) {
    const delta = readDelta(digits, position, bias, i);
    if (delta === undefined) return undefined;
    const length = output.length + 1;
    bias = adapt(delta.value - i, length, i === 0);
    if (Math.floor(delta.value / length) > maxInt - n) return undefined;
    n += Math.floor(delta.value / length);
    i = delta.value % length;
    output.splice(i, 0, n);
    i += 1;
    position = delta.next;
  }
  return output;
}

const punycodePrefix = 'xn--';

const printableAscii = /^[\x21-\x7e]*$/;

const foldedAwayAll = new RegExp(foldedAway.source, 'gu');

function lowerCase(text: string): string {
  return text.toLowerCase();
}

/**
 * The Unicode form of one DNS label (no dots), as Node's `url.domainToUnicode` gives it.
 *
 * A label that starts with `xn--` (in any case) is decoded from Punycode and checked the way Node
 * checks it: the result is `''` when the Punycode is invalid (a character that is not a digit, a
 * truncated number, an overflow), decodes to nothing, or decodes to text Node refuses as a label
 * (disallowed or case-folded code points, text not in NFC, a leading combining mark, a misplaced
 * joiner, a broken bidirectional rule). Such a label must be printable ASCII without the
 * characters no host may hold (space, `.`, `/`, `%`, `#` and the like), or the result is `''`; Node
 * would first map full-width forms to ASCII, percent-decode, and cut a host at `/`, `?` or `#`.
 *
 * Any other label is returned in NFC with its upper-case letters lower-cased; only characters that
 * IDNA would change are touched, so a label already in Node's form comes back as it is (Cherokee,
 * which IDNA folds to upper case, stays upper case). Node applies the full UTS #46 mapping there
 * (compatibility forms, ignored code points, disallowed code points giving `''`), which this only
 * approximates; decoding Punycode is what callers here need.
 */
export function domainToUnicode(label: string): string {
  const lower = label.toLowerCase();
  if (!lower.startsWith(punycodePrefix)) return label.normalize('NFC').replace(foldedAwayAll, lowerCase);
  if (!printableAscii.test(label)) return '';
  const codePoints = decodePunycode(lower.slice(punycodePrefix.length));
  if (codePoints === undefined || !isValidDecodedLabel(codePoints)) return '';
  return String.fromCodePoint(...codePoints);
}
