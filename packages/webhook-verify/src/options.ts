import { fail, misuse, type WebhookVerificationError } from './errors';
import type { WebhookEvent } from './events/types';
import type { SignatureHeaderValue } from './header';

/**
 * The request body exactly as received. Signatures cover these bytes, so a parsed and
 * re-serialized object never matches and is refused.
 */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** The webhook's secret (`whsec_…`), or several while a rotation overlaps (any may match). */
export type SecretOptions =
  | { secret: string; secrets?: undefined }
  | { secrets: readonly string[]; secret?: undefined };

/** Anything with a `parse` that returns the value or throws, such as the zod schemas of `/schemas`. */
export interface EventSchema<T> {
  parse(data: unknown): T;
}

/**
 * Request headers as frameworks hand them over: a Fetch `Headers`, Node's `req.headers`, or a
 * plain record (names in any case).
 */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A signature scheme of v2 deliveries: `affiliate-commerce` (`X-Webhook-Signature`) or
 * `standard-webhooks` (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
export type SignatureScheme = 'affiliate-commerce' | 'standard-webhooks';

/**
 * Where the signature is read: the `X-Webhook-Signature` value alone, or all the request's
 * headers, where `X-Webhook-Signature` is checked when present and the Standard Webhooks set
 * otherwise (`scheme` requires one of them).
 */
export type SignatureSource =
  | {
      /** The `X-Webhook-Signature` header value. */
      signature: SignatureHeaderValue;
      headers?: undefined;
      scheme?: undefined;
    }
  | {
      /** The request headers: `req.headers` (Node) or `request.headers` (Fetch). */
      headers: WebhookHeaders;
      signature?: undefined;
      /** Accept only this scheme; by default `X-Webhook-Signature` when present, else the standard headers. */
      scheme?: SignatureScheme;
    };

/**
 * Options of a v2 verification: the body, the secrets, where the signature is read and the time
 * window. With `parse: false` these are all of {@link verifyWebhook}'s options.
 */
export type VerifySignatureOptions = SecretOptions &
  SignatureSource & {
    /** The raw body: string, Buffer, Uint8Array or ArrayBuffer. */
    payload: RawBody;
    /** The payload version, `'v2'` (the default); a legacy v1 delivery takes {@link VerifyWebhookV1Options}. */
    version?: 'v2';
    /** How far the signed time may be from `now`, either way. Default 300; `Infinity` turns the check off. */
    toleranceSeconds?: number;
    /** The time to check against; default the current time. */
    now?: Date;
  };

/** Options of {@link verifyWebhook} for a v2 delivery, parsed into an event (the default). */
export type VerifyWebhookOptions<T = WebhookEvent> = VerifySignatureOptions & {
  /** Validates the parsed body, e.g. `webhookEventSchema` from `@affiliate-commerce/webhook-verify/schemas`. */
  schema?: EventSchema<T>;
};

/**
 * Options of {@link verifyWebhook} for a legacy v1 delivery (`version: 'v1'`): the
 * `X-Webhook-Signature` value alone, since v1 signatures carry no timestamp and no Standard
 * Webhooks headers.
 */
export type VerifyWebhookV1Options<T = unknown> = SecretOptions & {
  /** The raw body: string, Buffer, Uint8Array or ArrayBuffer. */
  payload: RawBody;
  /** The `X-Webhook-Signature` header value, `sha256=<base64>`. */
  signature: SignatureHeaderValue;
  /** `'v1'`; required by {@link verifyWebhook}. */
  version?: 'v1';
  /** Validates the parsed body; without it the body is returned as parsed JSON. */
  schema?: EventSchema<T>;
};

/**
 * Options of {@link verifyWebhook} with `parse: false`: the signature (and for v2 the time window)
 * is checked and the body is left as it is, for receivers that queue the raw bytes.
 */
export type VerifySignatureOnlyOptions = (
  | VerifySignatureOptions
  | (VerifyWebhookV1Options & { version: 'v1' })
) & {
  /** `false`: check the signature only, without parsing the body; the call then returns nothing. */
  parse: false;
  schema?: undefined;
};

/**
 * Options of {@link signWebhook} for `X-Webhook-Signature` v2 (the default): `t=<unix>,sha256=<base64>`.
 */
export interface SignWebhookOptions {
  /** `'affiliate-commerce'` (the default): the `X-Webhook-Signature` value. */
  scheme?: 'affiliate-commerce';
  /** `'v2'` (the default). */
  version?: 'v2';
  payload: RawBody;
  /** One secret, or several to sign a rotation header (new first). */
  secret: string | readonly string[];
  /** Unix seconds or a Date; default now. */
  timestamp?: number | Date;
}

/** Options of {@link signWebhook} for a legacy v1 `X-Webhook-Signature` (`version: 'v1'`): `sha256=<base64>` over the body. */
export interface SignWebhookV1Options {
  scheme?: 'affiliate-commerce';
  /** `'v1'`; required by {@link signWebhook}. */
  version?: 'v1';
  payload: RawBody;
  secret: string | readonly string[];
}

/**
 * Options of {@link signWebhook} for the Standard Webhooks headers (`scheme: 'standard-webhooks'`):
 * `webhook-id`, `webhook-timestamp` and `webhook-signature`, v2 deliveries only.
 */
export interface SignStandardWebhookOptions {
  /** `'standard-webhooks'`; required by {@link signWebhook}. */
  scheme?: 'standard-webhooks';
  version?: 'v2';
  /** The message id (`webhook-id`), signed with the body: the event id, the same on every retry. */
  id: string;
  payload: RawBody;
  /** One secret, or several for a rotation overlap (new first); each `whsec_` and standard base64. */
  secret: string | readonly string[];
  /** Unix seconds or a Date; default now. */
  timestamp?: number | Date;
}

/**
 * What {@link verifyWebhook} returns with `throwOnError: false`, instead of throwing a
 * {@link WebhookVerificationError}: the event (`undefined` with `parse: false`), or the error.
 */
export type VerifyResult<T = WebhookEvent> =
  | { ok: true; event: T }
  | { ok: false; error: WebhookVerificationError };

/** @internal Everything checked before the HMAC: the bytes to sign, the keys, the claims. */
export interface Prepared {
  readonly body: string | Uint8Array;
  /**
   * The HMAC keys: the secrets themselves (their UTF-8 is the key), or for the standard scheme
   * the base64 of each key, from the secrets that have one.
   */
  readonly secrets: readonly string[];
  /** The keys are base64 (Standard Webhooks), not the UTF-8 of the secret. */
  readonly standard: boolean;
  /** The signed text before the body: `<t>.` (v2), `<id>.<t>.` (Standard Webhooks) or nothing (v1). */
  readonly prefix: string;
  /** Every signature value of the header, padded. */
  readonly signatures: readonly string[];
  /**
   * The `webhook-id` and `webhook-timestamp` beside a checked `X-Webhook-Signature` (`''` when
   * absent), which {@link match} binds to what it signs.
   */
  readonly bound: readonly [id: string, timestamp: string] | undefined;
  /** What NO_MATCHING_SIGNATURE says. */
  readonly hint: string;
}

/** @internal Accepts the raw body forms and refuses anything parsed. */
export function rawBody(payload: unknown): string | Uint8Array {
  if (typeof payload === 'string' || payload instanceof Uint8Array) return payload;
  if (payload instanceof ArrayBuffer) return new Uint8Array(payload);
  fail('INVALID_PAYLOAD', 'pass the raw body as received, not parsed JSON');
}

/** @internal Trims each secret (stray whitespace from env files) and requires at least one. */
export function secretList(secret: unknown, secrets?: unknown): string[] {
  const list: unknown[] =
    secrets === undefined
      ? Array.isArray(secret)
        ? secret
        : [secret]
      : secret === undefined
        ? (secrets as unknown[])
        : [secret, ...(secrets as unknown[])];
  return (list.length ? list : ['']).map(
    (s) => (typeof s === 'string' && s.trim()) || misuse('secret must be a non-empty string'),
  );
}

/**
 * @internal Throws unless one signature equals one digest (and the headers bound to it agree:
 * `matchBound`). Both are canonical padded base64 (the header parser admits one spelling per
 * HMAC), so comparing the text is comparing the bytes; the loop takes the same time wherever they
 * differ.
 */
export function match(prepared: Prepared, digests: readonly string[]): void {
  for (const signature of prepared.signatures) {
    for (const digest of digests) {
      let diff = digest.length ^ signature.length;
      for (let i = 0; i < digest.length; i++) diff |= digest.charCodeAt(i) ^ signature.charCodeAt(i);
      if (!diff) {
        matchBound(prepared);
        return;
      }
    }
  }
  fail('NO_MATCHING_SIGNATURE', prepared.hint);
}

/**
 * After the HMAC of `X-Webhook-Signature`: the standard headers beside it must say what it
 * signed, `webhook-timestamp` its `t` and `webhook-id` the body's `event_id` (the only place that
 * signature covers the id), so a replay with either changed is refused whatever secrets the
 * receiver holds (every secret checks `X-Webhook-Signature`; only some have a standard key).
 */
function matchBound({ bound: [id, t] = ['', ''], body, prefix }: Prepared): void {
  let data: { event_id?: unknown } | undefined;
  try {
    data = id ? JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) : data;
  } catch {}
  if ((t && `${t}.` !== prefix) || (id && data?.event_id !== id)) {
    fail('NO_MATCHING_SIGNATURE', 'webhook-id or webhook-timestamp is not what was signed');
  }
}

/** @internal The timestamp to sign with: now, a Date or Unix seconds. */
export function signingTime(timestamp: number | Date = new Date()): number {
  const t = Math.floor(+timestamp / (timestamp instanceof Date ? 1000 : 1));
  return t >= 0 && t < 1e15 ? t : misuse('bad timestamp');
}

/** @internal The payload version of the options: `'v2'` by default, or `'v1'`. */
export function versionOf(version: unknown): 1 | 2 {
  return version === 'v1' ? 1 : version === undefined || version === 'v2' ? 2 : misuse('bad version');
}

/** @internal Every option of `signWebhook`'s overloads, as its implementation reads them. */
export interface SignAnyOptions {
  scheme?: string;
  version?: string;
  id?: string;
  payload: RawBody;
  secret: string | readonly string[];
  timestamp?: number | Date;
}

/** @internal Parses a verified body; without a schema, checks only that it is a v2 envelope. */
export function parseEvent<T>(text: string, version: 1 | 2, schema: EventSchema<T> | undefined): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    fail('INVALID_PAYLOAD', 'body is not JSON', cause);
  }
  if (schema !== undefined) {
    try {
      return schema.parse(data);
    } catch (cause) {
      fail('INVALID_PAYLOAD', 'body fails the schema (see cause)', cause);
    }
  }
  if (version === 2) {
    const envelope = data as { event_type?: unknown; event_id?: unknown } | null;
    if (typeof envelope?.event_type !== 'string' || typeof envelope.event_id !== 'string') {
      fail('INVALID_PAYLOAD', 'body is not a v2 envelope');
    }
  }
  return data as T;
}
