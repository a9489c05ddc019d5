import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type AssetFiles,
  type AssetName,
  assetNames,
  buildPortalAssets,
  readPortalAssets,
} from './server/build-assets';
import { type PortalTokenChoice, portalPage } from './server/page';

/** Options of {@link createPortalHandler}. */
export interface PortalHandlerOptions {
  /** Where the portal is served, e.g. `/portal`: the page at `/portal`, its files under `/portal/`. */
  readonly basePath: string;
  /**
   * Where the API is served: an absolute URL such as `https://api.example.com/api`, or a path on
   * the page's own origin such as `/api`. Its path is kept: calls go to `<apiBaseUrl>/v2/…`.
   * Default: the root of the page's origin. An API on another origin is the only other origin
   * the page may call (`connect-src` of its Content-Security-Policy), and must answer CORS.
   */
  readonly apiBaseUrl?: string;
  /** The page's title and heading. Default `Affiliate portal`. */
  readonly title?: string;
  /** Tokens the page offers to pick, for demos only: the page lists them to anyone. */
  readonly tokenChoices?: readonly PortalTokenChoice[];
  /**
   * A folder of prebuilt files (`portal.js`, `signin.js`, `portal.css`, `catalog.json`) to serve
   * instead of the package's own. Default: the package's build (`dist/app`), or, when running
   * from this package's source, a bundle made with esbuild on the first request.
   */
  readonly assetsDir?: string;
}

/**
 * A fetch-style handler: the answer for a portal path, or undefined for any other path, which
 * the host then serves as it would without the portal.
 */
export type PortalHandler = (request: Request) => Promise<Response | undefined>;

const contentTypes: Readonly<Record<AssetName | 'index.html', string>> = {
  'index.html': 'text/html; charset=utf-8',
  'portal.js': 'text/javascript; charset=utf-8',
  'signin.js': 'text/javascript; charset=utf-8',
  'portal.css': 'text/css; charset=utf-8',
  'catalog.json': 'application/json; charset=utf-8',
};

const here = new URL('.', import.meta.url);
// From source (src/handler.ts) the browser code sits beside this file; from the build
// (dist/index.js) it was bundled into dist/app by `npm run build`.
const sourceRoot = existsSync(new URL('./element.ts', here))
  ? fileURLToPath(new URL('../', here))
  : undefined;
const builtDir = fileURLToPath(new URL('./app/', here));

/**
 * The portal's files: bundled from source with esbuild when running from this package's `src/`
 * (always current while developing, as the demo runs), else read from the build's `dist/app`.
 * Undefined when neither works (a source checkout without esbuild, or an unbuilt package).
 */
async function loadAssets(assetsDir: string | undefined): Promise<AssetFiles | undefined> {
  if (assetsDir !== undefined) return readPortalAssets(assetsDir);
  if (sourceRoot !== undefined) {
    try {
      return await buildPortalAssets(sourceRoot);
    } catch {
      // esbuild is a development tool; without it, fall back to a build if there is one.
    }
  }
  return readPortalAssets(builtDir);
}

async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return `"${Buffer.from(digest.subarray(0, 16)).toString('base64url')}"`;
}

/** The page's Content-Security-Policy: nothing inline, nothing from elsewhere but the API. */
export function portalCsp(apiOrigin?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(trimmed) || trimmed.split('/').some((s) => s === '.' || s === '..')) {
    throw new TypeError(`@affiliate-commerce/portal: basePath must be a path like /portal, got ${basePath}`);
  }
  return trimmed;
}

/** Where the page's calls go: the base as the page reads it, and its origin when it has one. */
interface ApiBase {
  /** An absolute URL or a path from the page's origin root, without a trailing slash; empty for `/`. */
  readonly url: string;
  /** The origin of an absolute URL; undefined for a path on the page's own origin. */
  readonly origin: string | undefined;
}

const apiBaseRule =
  'an http(s) URL such as https://api.example.com/api or a path such as /api, with no query, fragment or credentials';

/**
 * Checks `apiBaseUrl` once, at creation: an absolute http(s) URL or a path starting with one
 * `/`, with no query, fragment or credentials. Its path is kept, without a trailing slash.
 */
function parseApiBase(apiBaseUrl: string | undefined): ApiBase {
  if (apiBaseUrl === undefined) return { url: '', origin: undefined };
  const refuse = (why: string): never => {
    throw new TypeError(
      `@affiliate-commerce/portal: apiBaseUrl must be ${apiBaseRule}; got ${JSON.stringify(apiBaseUrl)} (${why})`,
    );
  };
  if (typeof apiBaseUrl !== 'string' || apiBaseUrl.trim() !== apiBaseUrl || apiBaseUrl === '') {
    return refuse('not a URL or path');
  }
  const isPath = apiBaseUrl.startsWith('/');
  if (isPath && apiBaseUrl.startsWith('//')) return refuse('a path starts with a single /');
  if (apiBaseUrl.includes('\\')) return refuse('it has a backslash');
  let url: URL;
  try {
    url = new URL(apiBaseUrl, isPath ? 'http://page.invalid' : undefined);
  } catch {
    return refuse('not a URL or path');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return refuse(`${url.protocol} is not http or https`);
  if (url.username || url.password || /^[a-z]+:\/\/[^/]*@/i.test(apiBaseUrl))
    return refuse('it has credentials');
  if (url.search || apiBaseUrl.includes('?')) return refuse('it has a query');
  if (url.hash || apiBaseUrl.includes('#')) return refuse('it has a fragment');
  const path = url.pathname.replace(/\/+$/, '');
  return isPath ? { url: path, origin: undefined } : { url: `${url.origin}${path}`, origin: url.origin };
}

/**
 * Serves the affiliate portal: its page at `basePath` and its files under it, with content
 * types, ETags (`If-None-Match` answers 304), `Cache-Control: no-cache` and a strict
 * Content-Security-Policy on the page. Only the fixed file names are served, so no path can
 * reach another file; other methods than GET and HEAD answer 405. The page calls the API with
 * the affiliate's token only from the browser; the handler itself never sees a token.
 *
 * @example
 * // Express: the portal beside the API router (portalMiddleware adapts the handler)
 * app.use(portalMiddleware(createPortalHandler({ basePath: '/portal' })));
 * app.use(createExpressRouter(service));
 * @example
 * // The API mounted under /api (Express: app.use('/api', createExpressRouter(service)))
 * createPortalHandler({ basePath: '/portal', apiBaseUrl: '/api' });
 * @example
 * // fetch runtimes: the portal first, the API for every other path
 * const portal = createPortalHandler({ basePath: '/portal' });
 * const api = createFetchHandler(service);
 * const fetch = async (request: Request) => (await portal(request)) ?? api(request);
 */
export function createPortalHandler(options: PortalHandlerOptions): PortalHandler {
  const basePath = normalizeBasePath(options.basePath);
  const api = parseApiBase(options.apiBaseUrl);
  const page = new TextEncoder().encode(
    portalPage({
      basePath,
      apiBaseUrl: api.url,
      title: options.title ?? 'Affiliate portal',
      tokenChoices: options.tokenChoices ?? [],
    }),
  );
  const pageTag = etagOf(page);
  let assets: Promise<AssetFiles | undefined> | undefined;

  const answer = async (
    request: Request,
    name: AssetName | 'index.html',
    body: Uint8Array<ArrayBuffer>,
    etag: string,
  ) => {
    const headers = new Headers({
      'content-type': contentTypes[name],
      etag,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (name === 'index.html') {
      // The API's origin joins connect-src only when it is not the page's own.
      const pageOrigin = new URL(request.url).origin;
      headers.set('content-security-policy', portalCsp(api.origin === pageOrigin ? undefined : api.origin));
      headers.set('referrer-policy', 'no-referrer');
      headers.set('cross-origin-opener-policy', 'same-origin');
    }
    if (
      request.headers
        .get('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(etag)
    ) {
      return new Response(null, { status: 304, headers });
    }
    headers.set('content-length', String(body.byteLength));
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };

  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed.\n', {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const name = pathname.slice(basePath.length + 1);
    if (name === '') return answer(request, 'index.html', page, await pageTag);
    if (!(assetNames as readonly string[]).includes(name)) {
      return new Response('Not found.\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    assets ??= loadAssets(options.assetsDir);
    const files = await assets.catch(() => undefined);
    const body = files?.[name as AssetName];
    if (!body) {
      assets = undefined;
      return new Response('The portal is not built: run `npm run build -w @affiliate-commerce/portal`.\n', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' },
      });
    }
    return answer(request, name as AssetName, body, await etagOf(body));
  };
}
