import type {
  SealedSecret,
  StoredClientCertificate,
  StoredOAuth,
  StoredSigningKey,
} from '@affiliate-commerce/core/storage';

/** One ed25519 signing key of a webhook as the `signing_keys` column holds it. */
export interface SigningKeyJson {
  kid: string;
  publicKey: string;
  sealed?: SealedSecret;
  keyRef?: string;
  createdAt: string;
  expiresAt?: string;
}

/** The `signing_keys` column of a webhook's keys; null without keys. */
export const signingKeysJson = (keys: readonly StoredSigningKey[] | undefined): string | null =>
  keys
    ? JSON.stringify(
        keys.map(
          (key): SigningKeyJson => ({
            kid: key.kid,
            publicKey: key.publicKey,
            ...(key.sealed ? { sealed: { ...key.sealed } } : {}),
            ...(key.keyRef === undefined ? {} : { keyRef: key.keyRef }),
            createdAt: key.createdAt.toISOString(),
            ...(key.expiresAt ? { expiresAt: key.expiresAt.toISOString() } : {}),
          }),
        ),
      )
    : null;

/** The keys of a `signing_keys` column. */
export const toSigningKeys = (json: readonly SigningKeyJson[]): StoredSigningKey[] =>
  json.map((key) => ({
    kid: key.kid,
    publicKey: key.publicKey,
    ...(key.sealed ? { sealed: key.sealed } : {}),
    ...(key.keyRef === undefined ? {} : { keyRef: key.keyRef }),
    createdAt: new Date(key.createdAt),
    ...(key.expiresAt ? { expiresAt: new Date(key.expiresAt) } : {}),
  }));

/** The `oauth` column of a webhook's client credentials; null without them. */
export const oauthJson = (oauth: StoredOAuth | undefined): string | null =>
  oauth
    ? JSON.stringify({
        tokenUrl: oauth.tokenUrl,
        clientId: oauth.clientId,
        ...(oauth.scope === undefined ? {} : { scope: oauth.scope }),
        sealedSecret: { ...oauth.sealedSecret },
      } satisfies StoredOAuth)
    : null;

/** The `client_certificate` column of a webhook; null without one. */
export const clientCertificateJson = (stored: StoredClientCertificate | undefined): string | null =>
  stored
    ? JSON.stringify({
        certificate: stored.certificate,
        sealedKey: { ...stored.sealedKey },
        ...(stored.ca === undefined ? {} : { ca: stored.ca }),
      } satisfies StoredClientCertificate)
    : null;
