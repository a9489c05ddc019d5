import { parseSignatureHeader, type SignatureHeader, type SignatureHeaderValue } from '../header';

/** The v2 header exactly as the sender writes it outside a rotation. */
const common = /^t=(0|[1-9]\d{0,14}),sha256=([A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)$/;

/**
 * {@link parseSignatureHeader} with a fast path for the common header: one regex instead of a
 * split and a regex per entry, which is a tenth of the work of verifying a 1 KiB body. Only the
 * Node build has it: in the browser build the bytes matter more.
 */
export function parseHeader(value: SignatureHeaderValue, version: 1 | 2): SignatureHeader {
  const m = version === 2 && typeof value === 'string' ? common.exec(value) : null;
  return m ? { timestamp: +m[1]!, signatures: [m[2]!] } : parseSignatureHeader(value, version);
}
