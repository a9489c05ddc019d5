/** A resolved IP address, as a resolver returns it and as a request is pinned to it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Why an outbound request got no HTTP answer. */
export type HttpFailureReason =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'blocked_address'
  | 'blocked_port'
  | 'dns_failed'
  | 'timeout'
  | 'connect_failed'
  | 'tls_failed'
  | 'protocol_error'
  /** The webhook's signer could not sign (`v1a`), so nothing was sent. */
  | 'signing_failed'
  /** No bearer token from the webhook's OAuth token endpoint, so nothing was sent. */
  | 'token_failed';

/** A client certificate presented in TLS (mutual TLS), with the CA certificates that alone are trusted for the server when given. */
export interface ClientTls {
  /** PEM: the certificate, and any intermediates after it. */
  readonly certificate: string;
  /** PEM: its private key. */
  readonly privateKey: string;
  /** PEM: CA certificates to trust for the server instead of the client's usual ones. */
  readonly ca?: string;
}

/** One outbound request. The client connects to `pinnedAddress` and never resolves `url`'s host itself. */
export interface HttpRequest {
  readonly url: string;
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Deadline for the whole exchange: connect, TLS, answer and the first bytes of the body. */
  readonly timeoutMs: number;
  /** The checked address to connect to; the URL's hostname still goes in `Host` and TLS SNI. */
  readonly pinnedAddress: ResolvedAddress;
  /** A client certificate to present (docs/api.md §5.7); only the Node client can. */
  readonly tls?: ClientTls;
}

/** An HTTP answer (any status; redirects are answers too, never followed). */
export interface HttpAnswer {
  readonly ok: true;
  readonly status: number;
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** The first 4 KiB of the body, decoded as UTF-8; the rest is never read. */
  readonly bodyText: string;
  readonly latencyMs: number;
}

/** No HTTP answer, and why. */
export interface HttpFailure {
  readonly ok: false;
  readonly reason: HttpFailureReason;
  /** Human-readable detail; never holds secrets. */
  readonly message: string;
  readonly latencyMs: number;
}

/** What {@link HttpClient.request} resolves to. It never rejects for network trouble. */
export type HttpOutcome = HttpAnswer | HttpFailure;

/** Most of a response body an outbound request keeps (attempt logs and probes). */
export const maxBodyBytes = 4 * 1024;

/**
 * The outbound HTTP port: health-check probes and webhook deliveries. Always called through
 * `guardedRequest`, which checks the destination and pins the address.
 */
export interface HttpClient {
  request(input: HttpRequest): Promise<HttpOutcome>;
}

/** The DNS port: the addresses a hostname resolves to. Rejects when the name does not resolve. */
export interface Resolver {
  lookup(input: { hostname: string }): Promise<readonly ResolvedAddress[]>;
}
