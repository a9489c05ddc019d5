import { oauthSealedFor } from '../areas/webhooks/oauth-credentials';
import type { CachedToken } from '../deps/receiver-tokens';
import type { ServiceDeps } from '../deps/service-deps';
import { toBase64, utf8Bytes } from '../platform/bytes';
import { guardedRequest } from '../ports/net/guarded-request';
import type { HttpFailure, HttpOutcome, HttpRequest } from '../ports/net/http-client';
import type { Webhook } from '../storage/webhook-store';

/** A webhook's OAuth client credentials, opened for one batch (the client secret is never logged). */
export interface OpenedOAuth {
  /** Names the credentials in the token cache: a change of any of them is a new entry. */
  readonly key: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope?: string;
}

/** Opens a webhook's client secret for a batch; undefined without credentials. */
export async function openOAuth(
  deps: Pick<ServiceDeps, 'secretBox'>,
  webhook: Webhook,
): Promise<OpenedOAuth | undefined> {
  const { oauth } = webhook;
  if (!oauth) return undefined;
  const clientSecret = await deps.secretBox.open({
    sealed: oauth.sealedSecret,
    webhookId: oauthSealedFor(webhook.id),
  });
  const key = `${webhook.id}\u0000${oauth.tokenUrl}\u0000${oauth.clientId}\u0000${oauth.sealedSecret.ciphertext}`;
  return {
    key,
    tokenUrl: oauth.tokenUrl,
    clientId: oauth.clientId,
    clientSecret,
    ...(oauth.scope ? { scope: oauth.scope } : {}),
  };
}

const tokenTimeoutMs = 10_000;
/** A token is not used in its last minute (or last tenth, for short ones), so it never expires in flight. */
const expiryMarginMs = (lifetimeMs: number) => Math.min(60_000, lifetimeMs / 10);
const failed = (message: string): HttpFailure => ({
  ok: false,
  reason: 'token_failed',
  message,
  latencyMs: 0,
});
const form = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** What a token endpoint answered, as a token or a failure that names no secret. */
function tokenOf(outcome: HttpOutcome, now: number): CachedToken | HttpFailure {
  if (!outcome.ok) return failed(`token endpoint not reached: ${outcome.reason}: ${outcome.message}`);
  let answer: { access_token?: unknown; token_type?: unknown; expires_in?: unknown; error?: unknown } = {};
  try {
    answer = JSON.parse(outcome.bodyText) ?? {};
  } catch {
    // Not JSON: reported below as an answer without a token.
  }
  const code =
    typeof answer.error === 'string' && /^[\w.-]{1,64}$/.test(answer.error) ? ` (${answer.error})` : '';
  if (outcome.status < 200 || outcome.status > 299)
    return failed(`token endpoint answered ${outcome.status}${code}`);
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    return failed(`token endpoint answered ${outcome.status} without an access_token`);
  }
  if (typeof answer.token_type === 'string' && answer.token_type.toLowerCase() !== 'bearer') {
    return failed(`token endpoint answered token_type ${answer.token_type.slice(0, 32)}, not Bearer`);
  }
  const lifetimeMs =
    typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in * 1000 : 300_000;
  return { token: answer.access_token, usableUntil: now + lifetimeMs - expiryMarginMs(lifetimeMs) };
}

/** A token from the cache, or fetched with the client credentials grant (RFC 6749, section 4.4) through the address checks. */
async function bearerToken(
  deps: ServiceDeps,
  oauth: OpenedOAuth,
  options: { fresh: boolean; timeoutMs: number },
): Promise<string | HttpFailure> {
  const now = deps.clock.now().getTime();
  const cached = options.fresh ? undefined : deps.receiverTokens.get(oauth.key, now);
  if (cached) return cached;
  const basic = toBase64(utf8Bytes(`${form(oauth.clientId)}:${form(oauth.clientSecret)}`));
  const outcome = await guardedRequest(deps, {
    url: oauth.tokenUrl,
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: `Basic ${basic}`,
    },
    body: `grant_type=client_credentials${oauth.scope ? `&scope=${form(oauth.scope)}` : ''}`,
    timeoutMs: options.timeoutMs,
  });
  const token = tokenOf(outcome, now);
  if ('ok' in token) return token;
  deps.receiverTokens.set(oauth.key, token);
  return token.token;
}

/**
 * Sends a delivery's request with `Authorization: Bearer <token>` when the webhook has OAuth
 * credentials (docs/api.md §5.6): the cached token, else a fresh one. A 401 answer to a cached
 * token fetches a new one and sends once more before the attempt counts as failed. No token, no
 * request: the attempt fails as `token_failed`, its message naming the token endpoint's answer,
 * never the client secret.
 */
export async function authorizedRequest(
  deps: ServiceDeps,
  oauth: OpenedOAuth | undefined,
  request: HttpRequest,
): Promise<HttpOutcome> {
  if (!oauth) return deps.http.request(request);
  // Token requests and resends share the attempt's time-out, so an attempt still fits its lease.
  const deadline = performance.now() + request.timeoutMs;
  const left = () => Math.max(1, Math.round(deadline - performance.now()));
  let fresh = deps.receiverTokens.get(oauth.key, deps.clock.now().getTime()) === undefined;
  for (;;) {
    const token = await bearerToken(deps, oauth, { fresh, timeoutMs: Math.min(tokenTimeoutMs, left()) });
    if (typeof token !== 'string') return token;
    const answer = await deps.http.request({
      ...request,
      headers: { ...request.headers, Authorization: `Bearer ${token}` },
      timeoutMs: left(),
    });
    if (fresh || !answer.ok || answer.status !== 401) return answer;
    deps.receiverTokens.drop(oauth.key);
    fresh = true;
  }
}
