/** A statement as `knex.raw` takes it: `?` placeholders and their values in order. */
export interface KnexStatement {
  readonly sql: string;
  readonly bindings: unknown[];
}

const identifierChar = /[A-Za-z0-9_$\u0080-\uffff]/;
const dollarTag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/**
 * `text` with `$1`-style parameters, rewritten for `knex.raw`: each parameter outside literals,
 * quoted identifiers and comments becomes `?` with its value appended to `bindings` (a parameter
 * used twice is bound twice), and every `?` of the SQL itself (the jsonb operators `?`, `?|`,
 * `?&`, or one inside a literal) is escaped as `\?`, which knex sends as a plain `?`.
 *
 * Knex drops any backslash right before a `?` it unescapes, so SQL with one there cannot be sent
 * through knex as it is; that, and a parameter with no value, throw a `TypeError`.
 *
 * @see https://knexjs.org/guide/raw.html#raw-parameter-binding
 */
export function knexStatement(text: string, params: readonly unknown[]): KnexStatement {
  const bindings: unknown[] = [];
  let sql = '';
  /** How much of `text` is in `sql`. */
  let copied = 0;
  /** Copies `text` up to `end` (exclusive), escaping its question marks. */
  const copy = (end: number) => {
    const part = text.slice(copied, end);
    if (/\\\?/.test(part)) {
      throw new TypeError(
        '@affiliate-commerce/storage-postgres: knex cannot send a backslash right before a "?"; use the pg client for this statement.',
      );
    }
    sql += part.replaceAll('?', '\\?');
    copied = end;
  };
  /** Where the literal, identifier or comment starting at `start` ends (exclusive). */
  const skipTo = (start: number): number | undefined => {
    const two = text.slice(start, start + 2);
    const char = text[start];
    if (two === '--') return lineEnd(text, start);
    if (two === '/*') return blockCommentEnd(text, start);
    if (char === "'") return quotedEnd(text, start, "'", isEscapeString(text, start));
    if (char === '"') return quotedEnd(text, start, '"', false);
    if (char === '$') {
      const tag = dollarTag.exec(text.slice(start))?.[0];
      if (tag !== undefined && !identifierChar.test(text[start - 1] ?? '')) {
        const close = text.indexOf(tag, start + tag.length);
        return close === -1 ? text.length : close + tag.length;
      }
    }
    return undefined;
  };

  let at = 0;
  while (at < text.length) {
    const skipped = skipTo(at);
    if (skipped !== undefined) {
      at = skipped;
      continue;
    }
    const parameter =
      text[at] === '$' && !identifierChar.test(text[at - 1] ?? '') ? /^\$(\d+)/.exec(text.slice(at)) : null;
    if (!parameter) {
      at += 1;
      continue;
    }
    const index = Number(parameter[1]) - 1;
    if (index < 0 || index >= params.length) {
      throw new TypeError(
        `@affiliate-commerce/storage-postgres: the statement uses ${parameter[0]} but has ${params.length} parameter(s).`,
      );
    }
    copy(at);
    sql += '?';
    // knex refuses `undefined`; PostgreSQL gets null for it from pg either way.
    bindings.push(params[index] === undefined ? null : params[index]);
    at += parameter[0].length;
    copied = at;
  }
  copy(text.length);
  return { sql, bindings };
}

function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end + 1;
}

/** Block comments nest in PostgreSQL. */
function blockCommentEnd(text: string, start: number): number {
  let depth = 0;
  let at = start;
  while (at < text.length) {
    const two = text.slice(at, at + 2);
    if (two === '/*') {
      depth += 1;
      at += 2;
    } else if (two === '*/') {
      depth -= 1;
      at += 2;
      if (depth === 0) return at;
    } else at += 1;
  }
  return text.length;
}

/** `E'…'` (or `e'…'`), where a backslash escapes the next character. */
function isEscapeString(text: string, quote: number): boolean {
  const before = text[quote - 1];
  return (before === 'E' || before === 'e') && !identifierChar.test(text[quote - 2] ?? '');
}

/** A doubled quote stands for itself; in an escape string a backslash escapes the next character. */
function quotedEnd(text: string, start: number, quote: string, backslashes: boolean): number {
  let at = start + 1;
  while (at < text.length) {
    const char = text[at];
    if (backslashes && char === '\\') at += 2;
    else if (char === quote && text[at + 1] === quote) at += 2;
    else if (char === quote) return at + 1;
    else at += 1;
  }
  return text.length;
}
