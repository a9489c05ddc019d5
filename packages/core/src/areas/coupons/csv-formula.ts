/**
 * What a spreadsheet may read as the start of a formula or a command (docs/api.md §4.5), checked
 * on the first visible character of a cell after NFKC, which folds the full-width (`＝`, `＋`,
 * `－`, `＠`, `｜`, `％`), small (`﹦`, `﹢`, `﹣`, `﹫`, `﹪`), superscript and subscript forms
 * into the ASCII ones:
 * - OWASP's `=`, `+`, `-`, `@`, `|` and `%`;
 * - the minus sign `−` (U+2212), heavy plus and minus `➕` `➖`, modifier plus and minus `˖` `˗`,
 *   the Arabic percent sign `٪` and the divides sign `∣`, which some locales and autocorrect
 *   read as those;
 * - any dash (Unicode `Pd`: hyphen, en and em dash, ...), the forms a minus takes after pasting.
 */
const formulaCharacter = /^[=+\-@|%\u2212\u2795\u2796\u02D6\u02D7\u066A\u2223\p{Pd}]/u;

/**
 * Leading characters a spreadsheet may trim or not show before reading the rest: whitespace
 * (spaces, line breaks, no-break and ideographic spaces) and invisible characters (zero-width
 * space and joiners, word joiner, BOM).
 */
const leadingBlank = /^[\s\p{Default_Ignorable_Code_Point}]+/u;

const plainNegativeNumber = /^-\d+(\.\d+)?$/;

/**
 * True when a spreadsheet could read `value` as a formula: it starts with tab or carriage return,
 * or its first character after leading whitespace and invisible characters is a formula character
 * (`=`, `+`, `-`, `@`, `|`, `%`) in any of its look-alike forms.
 */
export function startsFormula(value: string): boolean {
  if (value.startsWith('\t') || value.startsWith('\r')) return true;
  const first = value.replace(leadingBlank, '').codePointAt(0);
  return first !== undefined && formulaCharacter.test(String.fromCodePoint(first).normalize('NFKC'));
}

/**
 * Guards one CSV cell against spreadsheet formula injection: a cell that {@link startsFormula}
 * gets a leading `'`, so spreadsheets show it as text. A plain negative number (`-12.50`, ASCII
 * hyphen-minus and digits) stays as it is, so revenue impact still sums. Every CSV export of the
 * service escapes its cells with this function.
 *
 * @example escapeFormula('＝HYPERLINK("http://x")') // "'＝HYPERLINK(\"http://x\")"
 * @see https://owasp.org/www-community/attacks/CSV_Injection
 */
export function escapeFormula(value: string): string {
  return startsFormula(value) && !plainNegativeNumber.test(value) ? `'${value}` : value;
}
