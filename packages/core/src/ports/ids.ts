import { randomBytes } from 'node:crypto';

/**
 * The id port: makes record identifiers such as `sub_8f3k2...`.
 *
 * @example
 * ids.next({ prefix: 'whk' }) // 'whk_2n4k...'
 */
export interface IdGenerator {
  next(input: { prefix: string }): string;
}

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random ids: prefix, underscore, 20 base-36 characters from a CSPRNG (about 103 bits). @example randomIds().next({ prefix: 'case' }) */
export function randomIds(): IdGenerator {
  return {
    next({ prefix }) {
      const bytes = randomBytes(20);
      let out = '';
      for (const byte of bytes) out += alphabet[byte % 36];
      return `${prefix}_${out}`;
    },
  };
}
