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

const idLength = 20;
const idsPerFill = 256;

/** Random ids: prefix, underscore, 20 base-36 characters from a CSPRNG (about 103 bits). */
export function randomIds(): IdGenerator {
  // The CSPRNG is asked for 256 ids' worth of bytes at a time: one call per id costs more than the id.
  const pool = new Uint8Array(idLength * idsPerFill);
  let offset = pool.length;
  return {
    next({ prefix }) {
      if (offset === pool.length) {
        crypto.getRandomValues(pool);
        offset = 0;
      }
      let out = '';
      for (let i = offset; i < offset + idLength; i += 1) out += alphabet[pool[i]! % 36];
      // Each byte is used once.
      offset += idLength;
      return `${prefix}_${out}`;
    },
  };
}
