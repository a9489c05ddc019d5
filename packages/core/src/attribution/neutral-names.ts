/**
 * Neutral naming (SPEC 4.9, last bullet): journey slugs, template display names and landing URLs
 * must not name a drug or a condition, because they travel in URLs, referrers and attribution that
 * can reach ad platforms. A configurable deny-list, matched on whole word parts.
 */

/**
 * Default deny-list: common drug names (generic and brand) and condition words of telehealth
 * storefronts. Entries of several words (`hair loss`) match those words in a row. Replace or extend
 * it through the `words` argument.
 *
 * @example checkNeutralNames({ slug }, [...defaultDeniedWords, 'mydrug']);
 */
export const defaultDeniedWords: readonly string[] = [
  // weight management
  'semaglutide',
  'tirzepatide',
  'liraglutide',
  'dulaglutide',
  'ozempic',
  'wegovy',
  'rybelsus',
  'mounjaro',
  'zepbound',
  'saxenda',
  'victoza',
  'trulicity',
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
  'viagra',
  'cialis',
  'levitra',
  'erectile',
  'impotence',
  'premature ejaculation',
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
  'adderall',
  'ketamine',
  'depression',
  'anxiety',
  'adhd',
  'insomnia',
  'addiction',
  // infections and chronic conditions
  'valacyclovir',
  'acyclovir',
  'valtrex',
  'herpes',
  'hiv',
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

/** Word parts of a name: camelCase and letter/digit boundaries split, percent-escapes decoded. */
const wordParts = (text: string): string[] => {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // A stray `%` is just a character of the name.
  }
  return decoded
    .replace(
      /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu,
      ' ',
    )
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part !== '');
};

const sameWord = (part: string, word: string): boolean =>
  part === word || part === `${word}s` || part === `${word}es`;

/**
 * The first denied word or phrase that appears as whole word parts of `text` (a plural `s`/`es`
 * still matches), or `undefined` when the text is neutral.
 *
 * @example findDeniedWord('semaglutide-start'); // 'semaglutide'
 * @example findDeniedWord('HairLossPlan'); // 'hair loss'
 * @example findDeniedWord('specialist-consult'); // undefined (no substring matches)
 */
export const findDeniedWord = (
  text: string,
  words: Iterable<string> = defaultDeniedWords,
): string | undefined => {
  const parts = wordParts(text);
  for (const word of words) {
    const needle = wordParts(word);
    if (needle.length === 0) continue;
    for (let start = 0; start + needle.length <= parts.length; start += 1) {
      if (needle.every((piece, offset) => sameWord(parts[start + offset]!, piece))) return word;
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
 *
 * @example
 * checkNeutralNames({ slug: 'semaglutide-start', template_display_name: 'Start' });
 * // { field: 'slug', word: 'semaglutide' }
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
