/** Colours for human output; each is the identity when colours are off. */
export interface Style {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
}

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

/** ANSI colours when `enabled`, plain text otherwise. */
export function style(enabled: boolean): Style {
  if (!enabled) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
  };
}

/**
 * Colours only on a terminal and when `NO_COLOR` is unset or empty (https://no-color.org: "when
 * present and not an empty string"), and never in JSON output.
 */
export function wantsColour(
  stream: { readonly isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
) {
  return stream.isTTY === true && !env.NO_COLOR;
}
