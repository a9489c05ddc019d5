/**
 * Characters a terminal acts on instead of showing: C0 controls (ESC starts the sequences that
 * move the cursor, clear the screen or set the title), DEL, C1 controls (U+009B is a one-byte
 * CSI for some terminals), and the bidi marks, embeddings, overrides and isolates that make a
 * line read in another order than its characters (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to escape
const controls = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same characters less C0: `JSON.stringify` escapes those already. */
const controlsJsonKeeps = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from outside the CLI (an API answer, a receiver's body, an event's payload) made safe to
 * print on one line of a terminal: every control and bidi character becomes a visible escape
 * (`\n`, `\u001b`, `\u202e`), so an answer cannot move the cursor, rewrite earlier lines or
 * reorder what is shown. Everything else is left as it is.
 */
export function terminalText(value: unknown): string {
  return String(value).replace(controls, (char) => named[char] ?? unicodeEscape(char));
}

/**
 * `JSON.stringify(value, null, indent)` with C1 controls, DEL and bidi characters written as
 * `\u` escapes too: still JSON that parses to the same value, and printable on a terminal as it
 * is (the only raw line breaks are those of the indentation).
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(controlsJsonKeeps, unicodeEscape);
}
