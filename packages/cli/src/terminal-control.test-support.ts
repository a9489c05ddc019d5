/** What the terminal-safety tests of the CLI share: the characters to keep out, hostile strings. Test code only. */
import fc from 'fast-check';

/** Every character a terminal acts on: C0, DEL, C1, and the bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
export const terminalControl = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Strings rich in what a hostile answer would hold: escape sequences, C1 controls, bidi overrides. */
export const hostileText = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom('\u001b[2J', '\u001b]0;title\u0007', '\u009b31m', '\r', '\u202e', '\u2066', '\u061c'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
