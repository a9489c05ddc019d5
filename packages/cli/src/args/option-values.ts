import { UsageError } from './usage-error';

/** A whole number within bounds, from an option's text. */
export function integerOption(name: string, text: string, min: number, max: number, command: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got '${text}'`, command);
  }
  return value;
}

/** An `http:` or `https:` URL, from an option's text. */
export function urlOption(name: string, text: string, command: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new UsageError(`--${name} must be an http:// or https:// URL, got '${text}'`, command);
  }
  return text;
}

/**
 * The API's base URL, from an option's text: an `http:` or `https:` URL whose path (if any) the
 * API's paths go under. A query, a fragment or credentials in it are refused: the CLI's calls
 * have queries of their own, a fragment is never sent, and the token is the only credential.
 */
export function apiUrlOption(name: string, text: string, command: string): string {
  urlOption(name, text, command);
  const url = new URL(text);
  // `https://h/base?` and `https://h/base#` leave `search` and `hash` empty but keep the sign.
  const [beforeFragment = '', ...fragment] = url.href.split('#');
  const refuse = (what: string, got = `, got '${text}'`) => {
    throw new UsageError(
      `--${name} takes the API's base URL without ${what} (e.g. https://api.example.com/base)${got}`,
      command,
    );
  };
  // Not echoed: the password would be printed.
  if (url.username !== '' || url.password !== '')
    refuse('credentials (user:password@)', '; the token goes in --token');
  if (beforeFragment.includes('?')) refuse('a query (?...)');
  if (fragment.length > 0) refuse('a fragment (#...)');
  return text;
}

/**
 * Whether calls to this URL carry the token unencrypted off this machine: plain `http:` to a
 * host other than `localhost`, 127.0.0.0/8 or ::1 (an IPv4-mapped 127.x too).
 */
export function sendsInClear(text: string): boolean {
  const url = new URL(text);
  return url.protocol === 'http:' && !isLoopback(url.hostname);
}

/** `hostname` as `URL` normalises it: IPv4 dotted, IPv6 bracketed and compressed, names lower case. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === 'localhost.' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname)
  );
}

/** A date-time, from an option's text, passed on as written (the API says which forms it takes). */
export function dateOption(name: string, text: string, command: string): string {
  if (Number.isNaN(Date.parse(text))) {
    throw new UsageError(
      `--${name} must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z, got '${text}'`,
      command,
    );
  }
  return text;
}

/** A comma-separated list without empty entries: `a,b` or `a, b`. */
export function listOption(name: string, text: string, command: string): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  if (items.length === 0) throw new UsageError(`--${name} needs at least one value`, command);
  return items;
}
