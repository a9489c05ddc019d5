import { platform } from '#platform';

/**
 * Neutral naming (docs/api.md §4.9, last bullet): journey slugs, template display names and landing URLs
 * must not name a drug or a condition, because they travel in URLs, referrers and attribution that
 * can reach ad platforms. A configurable deny-list, matched on a normalised form of the name, so
 * that lookalike letters, invisible characters, accents, encodings and joined or split words
 * still name what a reader sees.
 */

/**
 * Default deny-list: common drug names (generic and brand), drug classes and condition words of
 * telehealth storefronts. Entries of several words (`hair loss`, `ed treatment`, `glp 1`) match
 * those words joined or apart. Replace or extend it through the `words` argument.
 */
export const defaultDeniedWords: readonly string[] = [
  // weight management
  'glp 1',
  'semaglutide',
  'tirzepatide',
  'liraglutide',
  'dulaglutide',
  'exenatide',
  'retatrutide',
  'ozempic',
  'wegovy',
  'rybelsus',
  'mounjaro',
  'zepbound',
  'saxenda',
  'victoza',
  'trulicity',
  'byetta',
  'bydureon',
  'phentermine',
  'qsymia',
  'contrave',
  'orlistat',
  'metformin',
  'obesity',
  'obese',
  'weight loss',
  // sexual health
  'sildenafil',
  'tadalafil',
  'vardenafil',
  'avanafil',
  'viagra',
  'cialis',
  'levitra',
  'stendra',
  'erectile',
  'impotence',
  'impotent',
  'sexual dysfunction',
  'libido',
  'premature ejaculation',
  'ed treatment',
  'ed med',
  'ed medication',
  'ed pill',
  'ed drug',
  'ed tablet',
  // hair and skin
  'finasteride',
  'dutasteride',
  'minoxidil',
  'propecia',
  'tretinoin',
  'isotretinoin',
  'accutane',
  'spironolactone',
  'alopecia',
  'hair loss',
  'acne',
  'rosacea',
  'psoriasis',
  'eczema',
  // hormones and reproductive health
  'testosterone',
  'estradiol',
  'estrogen',
  'progesterone',
  'levothyroxine',
  'hypothyroidism',
  'menopause',
  'perimenopause',
  'infertility',
  'pregnancy',
  'contraception',
  'contraceptive',
  'birth control',
  'abortion',
  'mifepristone',
  'misoprostol',
  'ivf',
  // mental health and sleep
  'sertraline',
  'fluoxetine',
  'escitalopram',
  'citalopram',
  'bupropion',
  'wellbutrin',
  'zoloft',
  'prozac',
  'lexapro',
  'naltrexone',
  'buprenorphine',
  'suboxone',
  'adderall',
  'ketamine',
  'antidepressant',
  'depression',
  'anxiety',
  'bipolar',
  'schizophrenia',
  'ptsd',
  'adhd',
  'insomnia',
  'addiction',
  'opioid',
  'alcoholism',
  // infections and chronic conditions
  'valacyclovir',
  'acyclovir',
  'valtrex',
  'herpes',
  'hiv',
  'truvada',
  'descovy',
  'hpv',
  'std',
  'sti',
  'chlamydia',
  'gonorrhea',
  'syphilis',
  'diabetes',
  'diabetic',
  'insulin',
  'hypertension',
  'cholesterol',
  'statin',
  'migraine',
  'asthma',
  'cancer',
];

/**
 * Ordinary words that contain a denied word by accident (`specialist` holds `cialis`, `stating`
 * holds `statin`, `contravene` holds `contrave`). A denied word found only inside one of these is
 * not a match. A word covers the longer ones that hold it (`stating` covers `devastating`).
 */
const knownNeutralWords: readonly string[] = [
  'specialis',
  'socialis',
  'racialis',
  'commercialis',
  'provincialis',
  'officialis',
  'financialis',
  'glacialis',
  'judicialis',
  'artificialis',
  'beneficialis',
  'crucialis',
  'facialis',
  'superficialis',
  'stating',
  'astatin',
  'contravene',
  'contravening',
  'contravention',
];

/**
 * Denied words at least this long also match across word parts (`ozem-picplan`). A 4-letter word
 * (`acne`, `adhd`) matches inside one word part or as whole parts; shorter ones (`hiv`, `std`)
 * only as whole parts, since they sit inside many ordinary words (`archive`, `postdoc`).
 */
const minJoinedLength = 5;
/**
 * A word this short at either end of an entry (`ed` of `ed treatment`, `1` of `glp 1`) must start
 * or end a word part there, as a short word alone does: it ends or starts many ordinary words
 * (`advanced treatment`, `ed-medical`, `glp10`).
 */
const maxShortWordLength = 3;
const maxDecodeRounds = 5;

/** Lookalike letters of other scripts, and Latin letters with no decomposition, as Latin. */
const confusables: Readonly<Record<string, string>> = Object.fromEntries(
  [
    // Cyrillic
    'аa вb еe ёe кk мm нh оo рp сc тt уy хx ѕs іi їi јj ԁd ԛq ԝw үy һh ьb ӏl гr пn ѡw',
    'АA ВB ЕE КK МM НH ОO РP СC ТT УY ХX ЅS ІI ЈJ ҮY ҺH ӀI',
    // Greek
    'αa βb γy εe ηn ιi κk μu νv οo ρp σo ςc τt υu χx ωw ϲc ϳj πn',
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX ϹC',
    // Armenian
    'օo սu ոn հh',
    // Latin without a decomposition, and small capitals
    'ıi ȷj ɑa ɡg ɩi ɪi ʏy øo ØO đd ĐD ħh łl ŁL ŧt ðd þp ǀl',
    'ᴀa ʙb ᴄc ᴅd ᴇe ɢg ʜh ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ᴢz',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [...pair] as [string, string]),
);
const expansions: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE' };

/** Digits and symbols written for letters (`0zempic`, `v1agra`, `@cne`). */
const leet: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

/**
 * Decodes percent-escapes until nothing changes (at most 5 rounds), so `%25256F` ends as `o`.
 * A run of escapes that is not UTF-8 keeps its ASCII escapes decoded and the rest as written.
 */
function percentDecoded(text: string): string {
  let current = text;
  for (let round = 0; round < maxDecodeRounds; round += 1) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      }
    });
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * A decimal digit of any script as its ASCII digit (`١`, `१` are `1`): Unicode keeps the digits of
 * each script in runs of ten from 0, so the value is the distance from the run's start, modulo 10.
 */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  let zero = code;
  while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((code - zero) % 10);
}

/** Marks a break between word parts that no character shows: camelCase, letters then digits. */
const softBreak = '\uE000';

/** The letters of a name as a reader sees them, lower-cased, with breaks between word parts. */
function visibleLetters(text: string): string {
  const decoded = percentDecoded(text).replace(
    /xn--[a-z0-9-]+/gi,
    (label) => platform.domainToUnicode(label.toLowerCase()) || label,
  );
  const plain = decoded
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .replace(/(?![0-9])\p{Nd}/gu, asciiDigit);
  return [...plain]
    .map((char) => confusables[char] ?? expansions[char] ?? char)
    .join('')
    .replace(
      /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu,
      softBreak,
    )
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/**
 * A name reduced for matching: its word parts joined into one string, where each part starts and
 * ends in it, and where the parts that characters separate start (`sema-glutide`, not the camelCase
 * of `HIVTest`). `l` is folded into `i`, since `l`, `I`, `1` and `|` are written for each other.
 */
interface Skeleton {
  readonly joined: string;
  readonly starts: ReadonlySet<number>;
  readonly ends: ReadonlySet<number>;
  readonly separated: ReadonlySet<number>;
}

function skeleton(letters: string): Skeleton {
  const starts = new Set<number>();
  const ends = new Set<number>();
  const separated = new Set<number>();
  let joined = '';
  for (const part of letters.replaceAll('l', 'i').split(/[^\p{L}\p{N}\uE000]+/u)) {
    if (part.replaceAll(softBreak, '') !== '') separated.add(joined.length);
    for (const piece of part.split(softBreak)) {
      if (piece === '') continue;
      starts.add(joined.length);
      joined += piece;
      ends.add(joined.length);
    }
  }
  return { joined, starts, ends, separated };
}

/**
 * The two readings of a name: digits and symbols as written (`HIV!` is `hiv`), and as the letters
 * they stand for (`v!agra`, `viagr@`: symbols next to a letter or digit).
 */
function readings(text: string): Skeleton[] {
  const letters = visibleLetters(text);
  const asLetters = letters
    .replace(/(?<=[\p{L}\p{N}][@$!|]*)[@$!|]|[@$!|](?=[@$!|]*[\p{L}\p{N}])/gu, (symbol) => leet[symbol]!)
    .replace(/[013457]/g, (digit) => leet[digit]!);
  return [skeleton(letters), skeleton(asLetters)];
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** A denied word as matched: its parts joined, and which of its ends must sit on a part boundary. */
interface Needle {
  readonly text: string;
  readonly boundStart: boolean;
  readonly boundEnd: boolean;
}

function needleOf(word: Skeleton): Needle {
  return {
    text: word.joined,
    boundStart: Math.min(...word.ends) <= maxShortWordLength,
    boundEnd: word.joined.length - Math.max(...word.starts) <= maxShortWordLength,
  };
}

/**
 * True when the occurrence of `needle` at `from` in `name` names it:
 * - as whole word parts, one or several (`h-i-v`, `sema-glutide`), a plural `s`/`es` allowed;
 * - inside one word (no character between), for words of 4 letters or more (`ozempicplan`);
 * - across words with one end on a part boundary (`ozem-picplan`), for 5 letters or more;
 * and in the last two cases only when no ordinary word around it holds it (`specialist`,
 * `special is`), and when an end word of 3 letters or fewer starts or ends a part there
 * (`ed-treatment`, not `advanced treatment`).
 * An occurrence that starts and ends inside two different parts (`wardrobe sets` holds `obese`)
 * is chance, not a name.
 */
function names(name: Skeleton, from: number, needle: Needle, excused: readonly [number, number][]): boolean {
  const to = from + needle.text.length;
  const startsPart = name.starts.has(from);
  const endsPart = ['', 's', 'es'].some(
    (suffix) => name.ends.has(to + suffix.length) && name.joined.startsWith(suffix, to),
  );
  if ((needle.boundStart && !startsPart) || (needle.boundEnd && !endsPart)) return false;
  if (startsPart && endsPart) return true;
  const withinOnePart = ![...name.separated].some((start) => start > from && start < to);
  const long = withinOnePart
    ? to - from >= minJoinedLength - 1
    : to - from >= minJoinedLength && (startsPart || endsPart);
  // Split inside the ordinary word where the denied one starts (`spe-cialis`), it shows again.
  const inOrdinaryWord = excused.some(
    ([start, end]) => start <= from && to <= end && !(startsPart && from > start),
  );
  return long && !inOrdinaryWord;
}

const neutralSkeletons = knownNeutralWords.map((word) => skeleton(visibleLetters(word)).joined);

/**
 * The first denied word or phrase that `text` names, or `undefined` when the text is neutral.
 * Both are normalised first: percent-escapes decoded (repeatedly), punycode host labels decoded,
 * NFKC, case folded, invisible characters (zero-width, soft hyphen, bidi controls) and accents
 * removed, lookalike Cyrillic, Greek and other letters read as Latin, the decimal digits of any
 * script read as ASCII digits, and digits or symbols
 * written for letters read both ways (`0zempic`). The word parts (split on anything but letters
 * and digits, and on camelCase) are then joined, and a denied word matches:
 * - as whole parts, one or several (`HIVTest`, `sema-glutide`, `h-i-v`; plural `s`/`es` too);
 * - inside one word, whatever its case, when it has 4 letters or more (`ozempicplan`,
 *   `weightloss`, `ACNEplan`);
 * - across words from or to a part boundary when it has 5 or more (`buyozem-pic`);
 * except where it only sits inside an ordinary word (`specialist`, `devastating`). So short
 * words (`hiv`, `std`) never match inside other words (`archive`, `postdoc`), and an entry that
 * starts or ends with a word of 3 letters or fewer matches only where that word is a whole part
 * (`ED-treatment`, `glp1`, but not `advanced treatment`, `ed-medical` or `glp10`).
 */
export const findDeniedWord = (
  text: string,
  words: Iterable<string> = defaultDeniedWords,
): string | undefined => {
  const forms = readings(text);
  const excused = forms.map((form) =>
    neutralSkeletons.flatMap((neutral) =>
      occurrences(form.joined, neutral).map((at): [number, number] => [at, at + neutral.length]),
    ),
  );
  for (const word of words) {
    const needles = readings(word).map(needleOf);
    for (const [index, form] of forms.entries()) {
      const needle = needles[index]!;
      if (needle.text === '') continue;
      for (const at of occurrences(form.joined, needle.text)) {
        if (names(form, at, needle, excused[index]!)) return word;
      }
    }
  }
  return undefined;
};

/** Which field named a denied word, and the word. */
export interface NeutralNameViolation {
  readonly field: string;
  readonly word: string;
}

/**
 * Checks the named fields (for example `slug`, `template_display_name`, `landing_url`) in order
 * and reports the first one that names a drug or condition; absent fields are skipped.
 */
export const checkNeutralNames = (
  fields: Readonly<Record<string, string | undefined>>,
  words: Iterable<string> = defaultDeniedWords,
): NeutralNameViolation | undefined => {
  const list = [...words];
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const word = findDeniedWord(value, list);
    if (word !== undefined) return { field, word };
  }
  return undefined;
};
