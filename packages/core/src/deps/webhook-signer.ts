import { fromBase64, toBase64 } from '../platform/bytes';
import type { SealedSecret, StoredSigningKey } from '../storage/webhook-store';
import type { SecretBox } from './secret-box';

/** A new ed25519 key pair as a {@link WebhookSigner} made it: its public half, and where its private half is. */
export interface CreatedSigningKey {
  /** The 32 raw bytes of the public key. */
  readonly publicKey: Uint8Array;
  /** The private key sealed for storage (the default signer); absent when the signer keeps it. */
  readonly sealed?: SealedSecret;
  /** What the signer calls the private key it keeps (a KMS key id); absent for a sealed key. */
  readonly keyRef?: string;
}

/**
 * Where the ed25519 private keys of `v1a` signatures live (docs/api.md §5.5). The default,
 * `sealedKeySigner`, seals them with the host's `secretKey` and stores them on the
 * webhook; a host that keeps keys in a KMS or HSM passes its own as `webhookSigner`, so the
 * database and the worker never hold them. One object argument per method.
 *
 * @example
 * createService({ ...ports, secretKey, webhookSigner: kmsSigner({ kms }) });
 */
export interface WebhookSigner {
  /** Makes a key pair for one webhook; `kid` is the name the key will have. */
  createKey(input: { affiliateId: string; webhookId: string; kid: string }): Promise<CreatedSigningKey>;
  /** The 64-byte ed25519 signature of `message` with a key this signer made. */
  sign(input: { webhookId: string; key: StoredSigningKey; message: Uint8Array }): Promise<Uint8Array>;
}

const ed25519 = { name: 'Ed25519' } as const;

/** The additional data a private key is sealed with: the webhook and the kid, so no row or key can stand in for another. */
const sealedFor = (webhookId: string, kid: string) => `${webhookId}:signing-key:${kid}`;

/**
 * The default {@link WebhookSigner}: WebCrypto ed25519 (Node 20+, Workers, Deno, Bun), the
 * private key sealed with the host's `secretKey` (AES-256-GCM, as signing secrets) and opened
 * only for one signature.
 */
export function sealedKeySigner(box: SecretBox): WebhookSigner {
  return {
    async createKey({ webhookId, kid }) {
      const pair = (await crypto.subtle.generateKey(ed25519, true, ['sign', 'verify'])) as CryptoKeyPair;
      const [publicKey, privateKey] = await Promise.all([
        crypto.subtle.exportKey('raw', pair.publicKey),
        crypto.subtle.exportKey('pkcs8', pair.privateKey),
      ]);
      const plaintext = toBase64(new Uint8Array(privateKey));
      return {
        publicKey: new Uint8Array(publicKey),
        sealed: await box.seal({ plaintext, webhookId: sealedFor(webhookId, kid) }),
      };
    },
    async sign({ webhookId, key, message }) {
      if (!key.sealed) {
        throw new Error(
          `@affiliate-commerce/core: signing key ${key.kid} of webhook ${webhookId} is held by another signer; pass that signer as webhookSigner`,
        );
      }
      const pkcs8 = await box.open({ sealed: key.sealed, webhookId: sealedFor(webhookId, key.kid) });
      const privateKey = await crypto.subtle.importKey('pkcs8', fromBase64(pkcs8), ed25519, false, ['sign']);
      return new Uint8Array(await crypto.subtle.sign(ed25519, privateKey, Uint8Array.from(message)));
    },
  };
}
