/**
 * A hand-made window for unit tests (no jsdom): a cookie jar that honours `max-age` and `path`
 * well enough for the snippet, a localStorage, a counter for ids, and a fetch that records every
 * request and answers from a table.
 */
import type { CaptureWindow } from './page';

/** One request the fake fetch received. */
export interface SentRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: unknown;
  readonly credentials: RequestCredentials | undefined;
}

export interface FakeWindowOptions {
  href?: string;
  referrer?: string;
  cookies?: Record<string, string>;
  storage?: Map<string, string>;
  globalPrivacyControl?: boolean;
  /** What the fake fetch answers; a function of the request, or one fixed answer. */
  answer?: (request: SentRequest) => Response | Promise<Response>;
  /** Cookies throw a SecurityError, as in a sandboxed frame. */
  cookiesThrow?: boolean;
  /** localStorage throws a SecurityError, as with storage blocked. */
  storageThrows?: boolean;
}

export interface FakeWindow extends CaptureWindow {
  readonly jar: Map<string, string>;
  readonly cookieWrites: string[];
  readonly storage: Map<string, string>;
  readonly requests: SentRequest[];
}

const securityError = (): Error => new DOMException('The operation is insecure.', 'SecurityError');

/** Builds a fake window; reuse `jar` and `storage` across two windows to model a second visit. */
export const fakeWindow = (options: FakeWindowOptions = {}, jar = new Map<string, string>()): FakeWindow => {
  for (const [name, value] of Object.entries(options.cookies ?? {})) jar.set(name, value);
  const storage = options.storage ?? new Map<string, string>();
  const cookieWrites: string[] = [];
  const requests: SentRequest[] = [];
  let ids = 0;
  return {
    jar,
    cookieWrites,
    storage,
    requests,
    location: { href: options.href ?? 'https://shop.example/start' },
    document: {
      referrer: options.referrer ?? '',
      get cookie() {
        if (options.cookiesThrow) throw securityError();
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        if (options.cookiesThrow) throw securityError();
        cookieWrites.push(line);
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const expired = attributes.some((attribute) => /^\s*max-age=(0|-\d+)\s*$/i.test(attribute));
        if (expired) jar.delete(name);
        else jar.set(name, pair.slice(at + 1));
      },
    },
    navigator: { globalPrivacyControl: options.globalPrivacyControl },
    get localStorage() {
      if (options.storageThrows) throw securityError();
      return {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      };
    },
    crypto: { randomUUID: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}` as const },
    fetch: async (input, init) => {
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        url: new URL(String(input)),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        credentials: init?.credentials,
      };
      requests.push(request);
      return options.answer ? options.answer(request) : Response.json({ success: true, data: { id: 'j-1' } });
    },
  };
};
