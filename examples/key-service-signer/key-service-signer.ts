import type { WebhookSigner } from '@affiliate-commerce/core';

/**
 * An example `webhookSigner` for `createService`: copy it and implement {@link KeyService} over
 * your KMS or HSM client (Google Cloud KMS `EC_SIGN_ED25519` keys, Vault's transit engine with
 * `type=ed25519`, a PKCS #11 HSM). The package ships only the port and the default signer.
 *
 * What a host's key service (a KMS, an HSM, Vault's transit engine) offers for `v1a`: it makes
 * an ed25519 key it keeps, tells its public half, and signs with it. The private key never
 * leaves it. A host implements these two calls over its client.
 */
export interface KeyService {
  /** Makes an ed25519 key under `name`; answers what the service calls it and its 32-byte public key. */
  createKey(input: { name: string }): Promise<{ keyRef: string; publicKey: Uint8Array }>;
  /** The 64-byte ed25519 signature of `message` (the message itself, not a digest of it). */
  sign(input: { keyRef: string; message: Uint8Array }): Promise<Uint8Array>;
}

/**
 * A {@link WebhookSigner} over a host's {@link KeyService}: keys are made and kept there, named
 * `webhook-<affiliate>-<webhook>-<kid>`, and storage holds only their `keyRef` and public key, so
 * neither the database nor the worker ever holds a private key.
 *
 * @example
 * createService({ ...ports, secretKey, webhookSigner: keyServiceSigner({ createKey, sign }) });
 */
export function keyServiceSigner(service: KeyService): WebhookSigner {
  return {
    async createKey({ affiliateId, webhookId, kid }) {
      const made = await service.createKey({ name: `webhook-${affiliateId}-${webhookId}-${kid}` });
      return { publicKey: made.publicKey, keyRef: made.keyRef };
    },
    sign({ webhookId, key, message }) {
      if (key.keyRef === undefined) {
        return Promise.reject(
          new Error(
            `@affiliate-commerce/core: signing key ${key.kid} of webhook ${webhookId} is sealed in storage, not in the key service`,
          ),
        );
      }
      return service.sign({ keyRef: key.keyRef, message });
    },
  };
}
