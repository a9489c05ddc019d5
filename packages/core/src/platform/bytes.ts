/** Base64 and UTF-8 on web globals only (`btoa`, `atob`, `TextEncoder`), the same on every runtime. */
import type { Bytes } from './platform';

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

export const utf8Bytes = (text: string): Bytes => utf8Encoder.encode(text) as Bytes;

export const utf8Text = (bytes: Uint8Array): string => utf8Decoder.decode(bytes);

/** Standard base64 with padding. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep the argument list of fromCharCode well under engines' limits.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** base64url without padding (RFC 4648 section 5). */
export const toBase64url = (bytes: Uint8Array): string =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Decodes base64 or base64url, padded or not; throws on any other character. */
export function fromBase64(text: string): Bytes {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `length` bytes from the platform's CSPRNG (`crypto.getRandomValues`). */
export function randomBytes(length: number): Bytes {
  const bytes = new Uint8Array(length);
  // getRandomValues fills at most 65,536 bytes a call.
  for (let i = 0; i < length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
  return bytes;
}
