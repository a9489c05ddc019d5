import { platform } from '#platform';
import type { HttpClient, Resolver } from '../ports/net/http-client';
import { type ReceiverTokens, receiverTokens } from './receiver-tokens';
import { type SecretBox, secretBox } from './secret-box';
import { sealedKeySigner, type WebhookSigner } from './webhook-signer';

/**
 * The options of `createService` for webhooks and outbound requests.
 *
 * @example
 * createService({ ...ports, secretKey: process.env.WEBHOOK_SECRET_KEY!, allowPrivateNetworks: false });
 */
export interface WebhookServiceOptions {
  /**
   * 32 bytes (a Uint8Array, or base64 such as `openssl rand -base64 32`) that encrypt webhook
   * signing secrets at rest with AES-256-GCM. Keep it out of the database; losing or changing
   * it makes stored secrets unreadable (rotate them again).
   */
  readonly secretKey: Uint8Array | string;
  /**
   * Development only: lets webhook URLs, probes and deliveries use plain `http:` and loopback,
   * private, CGNAT, link-local and unique-local addresses. Cloud metadata, multicast and
   * reserved addresses stay refused. Default false.
   */
  readonly allowPrivateNetworks?: boolean;
  /**
   * Ports besides 443 that webhook URLs, probes and deliveries may use (for example `[8443]`).
   * Without it only 443 is; with `allowPrivateNetworks` every port is. A URL naming another port
   * is refused when saved (422) and answered `reachable: false` (`blocked_port`) by a probe.
   */
  readonly allowedPorts?: readonly number[];
  /**
   * Outbound HTTP. Default: under the `node` condition (Node, Bun, Deno) `nodeHttpClient()` from
   * `@affiliate-commerce/core/node`, which connects only to the address the guard checked;
   * elsewhere (a Workers bundle) `fetchHttpClient()`.
   */
  readonly http?: HttpClient;
  /**
   * DNS for the SSRF guard. Default: under the `node` condition `nodeResolver()` (node:dns, the
   * system resolver); elsewhere `dohResolver()` (DNS over HTTPS).
   */
  readonly resolver?: Resolver;
  /**
   * Where the ed25519 private keys of `v1a` signatures live. Default: sealed with `secretKey` and
   * stored on the webhook (`sealedKeySigner`); pass a signer over a KMS or HSM to keep them there.
   */
  readonly webhookSigner?: WebhookSigner;
}

/** What the options become in `ServiceDeps`. */
export interface WebhookDeps {
  readonly secretBox: SecretBox;
  readonly webhookSigner: WebhookSigner;
  /** The bearer tokens of webhooks with OAuth credentials, shared by the service's workers. */
  readonly receiverTokens: ReceiverTokens;
  readonly allowPrivateNetworks: boolean;
  /** Absent unless the option was given. */
  readonly allowedPorts?: readonly number[];
  readonly http: HttpClient;
  readonly resolver: Resolver;
}

function checkedPorts(ports: readonly number[]): readonly number[] {
  for (const port of ports) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new TypeError(
        `@affiliate-commerce/core: allowedPorts takes port numbers 1..65535, got ${String(port)}`,
      );
    }
  }
  return [...ports];
}

/**
 * Turns the options into ports: checks the key (a TypeError when it is not 32 bytes) and the
 * allowed ports (a TypeError for anything but port numbers), and picks
 * the real network ports unless others are given.
 */
export function webhookDeps(options: WebhookServiceOptions): WebhookDeps {
  const box = secretBox(options.secretKey);
  return {
    secretBox: box,
    webhookSigner: options.webhookSigner ?? sealedKeySigner(box),
    receiverTokens: receiverTokens(),
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    ...(options.allowedPorts === undefined ? {} : { allowedPorts: checkedPorts(options.allowedPorts) }),
    http: options.http ?? platform.defaultHttpClient(),
    resolver: options.resolver ?? platform.defaultResolver(),
  };
}
