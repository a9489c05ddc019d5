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
