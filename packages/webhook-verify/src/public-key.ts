import { fail, misuse } from './errors';
import { unixSeconds } from './header';
import { type EventSchema, parseEvent, type RawBody, rawBody, type WebhookHeaders } from './options';
import { headerOf } from './prepare';
import { headerText } from './standard';

/** An ed25519 public key as JWK (RFC 8037), as the JWKS document of the sender publishes them. */
export interface WebhookPublicJwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  /** The 32-byte public key, base64url without padding. */
  readonly x: string;
  readonly kid?: string;
}

/**
 * A public key of `v1a` signatures: `whpk_` and standard base64 (as the webhook record shows
 * it), or a JWK from the JWKS document.
 */
export type WebhookPublicKey = string | WebhookPublicJwk;

/** Keys fetched and cached from a JWKS URL: see {@link jwksKeySet}. */
export interface WebhookKeySet {
  /**
   * The keys named by `kids`, or every key without `kids`. A kid it does not know, or `refresh`,
   * fetches the document again (at most once per `minRefreshSeconds`).
   */
  keys(input: { kids?: readonly string[]; refresh?: boolean }): Promise<readonly WebhookPublicJwk[]>;
}

/** Options of `verifyWebhookWithPublicKeyAsync`. */
export interface VerifyPublicKeyOptions<T> {
  /** The raw body: string, Buffer, Uint8Array or ArrayBuffer. */
  payload: RawBody;
  /** The request headers: `webhook-id`, `webhook-timestamp`, `webhook-signature` (and `X-Webhook-Key-Id`). */
  headers: WebhookHeaders;
  /** The webhook's public key (`whpk_…` or a JWK), or several while a rotation overlaps. */
  publicKey?: WebhookPublicKey | readonly WebhookPublicKey[];
  /** Keys from the sender's JWKS document, instead of `publicKey`: `jwksKeySet({ url })`. */
  keySet?: WebhookKeySet;
  /** How far the signed time may be from `now`, either way. Default 300. */
  toleranceSeconds?: number;
  /** The time to check against; default the current time. */
  now?: Date;
  /** `false`: check the signature only; the call then resolves to undefined. */
  parse?: boolean;
  /** Validates the parsed body, e.g. `webhookEventSchema` of `/schemas`. */
  schema?: EventSchema<T>;
}

/** @internal Checks one ed25519 signature of `data` with the key `x` (base64url). */
export type Ed25519Verify = (x: string, signature: Uint8Array, data: Uint8Array) => Promise<boolean>;

const base64Signature = /^[A-Za-z0-9+/]{85}[AQgw]==$/;
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** @internal The `x` of a public key given as `whpk_…` or as a JWK. */
export function keyX(key: WebhookPublicKey): string {
  if (typeof key === 'string') {
    const bytes = key.startsWith('whpk_') ? fromBase64(key.slice(5)) : new Uint8Array(0);
    if (bytes.length !== 32) misuse('publicKey must be whpk_ and the base64 of 32 bytes, or an Ed25519 JWK');
    return toBase64url(bytes);
  }
  if (key?.kty !== 'OKP' || key.crv !== 'Ed25519' || typeof key.x !== 'string') {
    misuse('publicKey must be an OKP Ed25519 JWK');
  }
  return key.x;
}

/** @internal What the standard headers of a `v1a` delivery claim, the time window checked. */
function claims(options: VerifyPublicKeyOptions<unknown>) {
  const { headers, toleranceSeconds: tolerance = 300, now } = options;
  const id = headerText(headerOf(headers, 'webhook-id'));
  const t = headerText(headerOf(headers, 'webhook-timestamp'));
  const header = headerText(headerOf(headers, 'webhook-signature'));
  if (header === '') fail('MISSING_SIGNATURE', 'no webhook-signature header');
  if (id === '' || !unixSeconds.test(t))
    fail('MALFORMED_SIGNATURE', 'no webhook-id or bad webhook-timestamp');
  const signatures = header
    .split(/\s+/)
    .filter((entry) => entry.startsWith('v1a,'))
    .map((entry) => entry.slice(4));
  if (signatures.length === 0) fail('MALFORMED_SIGNATURE', 'no v1a, entry');
  if (!signatures.every((s) => base64Signature.test(s))) fail('MALFORMED_SIGNATURE', 'bad v1a, entry');
  const age = Math.floor(+(now ?? Date.now()) / 1000) - +t;
  if (!(tolerance >= 0) || Number.isNaN(age)) misuse('bad toleranceSeconds or now');
  if (age > tolerance) fail('TIMESTAMP_TOO_OLD', `signed ${age} s ago (tolerance ${tolerance} s)`);
  if (-age > tolerance) fail('TIMESTAMP_IN_FUTURE', `signed ${-age} s ahead (tolerance ${tolerance} s)`);
  const kids = headerText(headerOf(headers, 'x-webhook-key-id')).split(/\s+/).filter(Boolean);
  return { prefix: `${id}.${t}.`, signatures: signatures.map(fromBase64), kids };
}

async function anyVerifies(
  verify: Ed25519Verify,
  xs: readonly string[],
  signatures: readonly Uint8Array[],
  data: Uint8Array,
): Promise<boolean> {
  for (const x of xs) for (const signature of signatures) if (await verify(x, signature, data)) return true;
  return false;
}

/** @internal The keys to try: `publicKey`'s, or the key set's (fetched again once when none verifies). */
async function verifyWithKeys(
  options: VerifyPublicKeyOptions<unknown>,
  verify: Ed25519Verify,
  signed: { kids: readonly string[]; signatures: readonly Uint8Array[]; data: Uint8Array },
): Promise<boolean> {
  const { publicKey, keySet } = options;
  if ((publicKey === undefined) === (keySet === undefined)) misuse('give publicKey or keySet');
  if (publicKey !== undefined) {
    const xs = (Array.isArray(publicKey) ? publicKey : [publicKey]).map(keyX);
    return anyVerifies(verify, xs, signed.signatures, signed.data);
  }
  const kids = signed.kids.length > 0 ? { kids: signed.kids } : {};
  const known = await keySet!.keys(kids);
  if (await anyVerifies(verify, known.map(keyX), signed.signatures, signed.data)) return true;
  if (signed.kids.length > 0) return false;
  const fresh = await keySet!.keys({ refresh: true });
  return anyVerifies(verify, fresh.map(keyX), signed.signatures, signed.data);
}

/** @internal The shared steps of both builds' `verifyWebhookWithPublicKeyAsync`. */
export async function verifyPublicKey<T>(options: VerifyPublicKeyOptions<T>, verify: Ed25519Verify) {
  const body = rawBody(options.payload);
  const { prefix, signatures, kids } = claims(options as VerifyPublicKeyOptions<unknown>);
  const encoder = new TextEncoder();
  const head = encoder.encode(prefix);
  const text = typeof body === 'string' ? encoder.encode(body) : body;
  const data = new Uint8Array(head.length + text.length);
  data.set(head);
  data.set(text, head.length);
  if (
    !(await verifyWithKeys(options as VerifyPublicKeyOptions<unknown>, verify, { kids, signatures, data }))
  ) {
    fail('NO_MATCHING_SIGNATURE', 'no v1a signature was made with these keys over this body');
  }
  if (options.parse === false) return undefined;
  return parseEvent(typeof body === 'string' ? body : new TextDecoder().decode(body), 2, options.schema);
}

/** Options of {@link jwksKeySet}. */
export interface JwksKeySetOptions {
  /** The JWKS document: `<api>/v2/affiliates/<affiliate id>/jwks.json`. */
  url: string | URL;
  /** Default the global `fetch`. */
  fetch?: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
  /** How long the fetched keys are used without asking again. Default 300 (the document's max-age). */
  maxAgeSeconds?: number;
  /** The least time between two fetches, however many unknown kids arrive. Default 30. */
  minRefreshSeconds?: number;
}

/**
 * Fetches the sender's JWKS document and keeps its Ed25519 keys: for `maxAgeSeconds`, and again
 * at once when a delivery names a kid it lacks (a rotation), at most once per
 * `minRefreshSeconds`, so forged kids cannot make it fetch in a loop. A failed fetch rejects
 * (answer the delivery with a 5xx: the sender retries); keys fetched before are kept meanwhile.
 *
 * @example
 * const keySet = jwksKeySet({ url: 'https://api.example.com/v2/affiliates/aff_1/jwks.json' });
 * const event = await verifyWebhookWithPublicKeyAsync({ payload, headers: request.headers, keySet });
 */
export function jwksKeySet(options: JwksKeySetOptions): WebhookKeySet {
  const { maxAgeSeconds = 300, minRefreshSeconds = 30 } = options;
  const get = options.fetch ?? ((url: string) => fetch(url));
  let cached: { keys: WebhookPublicJwk[]; at: number } | undefined;
  let inFlight: Promise<WebhookPublicJwk[]> | undefined;
  const load = async () => {
    const answer = await get(`${options.url}`);
    if (!answer.ok) throw new Error(`@affiliate-commerce/webhook-verify: JWKS answered ${answer.status}`);
    const document = (await answer.json()) as { keys?: unknown };
    const keys = (Array.isArray(document?.keys) ? document.keys : []).filter(
      (key: WebhookPublicJwk) => key?.kty === 'OKP' && key.crv === 'Ed25519' && typeof key.x === 'string',
    );
    cached = { keys, at: Date.now() };
    return keys;
  };
  const fetched = () => {
    inFlight ??= load().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  return {
    async keys({ kids, refresh }) {
      const age = cached ? (Date.now() - cached.at) / 1000 : Number.POSITIVE_INFINITY;
      const lacks = kids?.some((kid) => !cached?.keys.some((key) => key.kid === kid));
      const stale = age > maxAgeSeconds || ((refresh || lacks) && age >= minRefreshSeconds);
      const keys = stale
        ? await fetched().catch((error) => (cached ? cached.keys : Promise.reject(error)))
        : cached!.keys;
      return kids ? keys.filter((key) => key.kid !== undefined && kids.includes(key.kid)) : keys;
    },
  };
}
