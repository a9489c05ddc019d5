import { type Request, Router } from 'express';
import { loadStorefrontSnippet } from './storefront-snippet';

/** Options of {@link storefrontPages}. @example storefrontPages({ apiBaseUrl: 'http://127.0.0.1:3000' }) */
export interface StorefrontPagesOptions {
  /**
   * Where the snippet sends its calls. Default: the origin the page was requested on, so the
   * page and the API share it; a test passes another origin to exercise CORS.
   */
  readonly apiBaseUrl?: string;
}

const slugPattern = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const originOf = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/**
 * A storefront page for one journey slug: it loads the capture snippet with `data-` attributes
 * (docs/api.md §4.9), renders the template it answers, and starts a journey on a button press.
 */
function page(slug: string, apiBaseUrl: string): string {
  const base = escapeHtml(apiBaseUrl);
  const safeSlug = escapeHtml(slug);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo storefront</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style>
</head>
<body>
<h1 id="title">Loading…</h1>
<p id="landing"></p>
<button id="start" type="button" disabled>Start</button>
<p id="journey" aria-live="polite"></p>
<script>
  function render(answer) {
    var template = answer && answer.data;
    document.getElementById('title').textContent = template ? template.template_display_name : 'Template not found';
    if (!template) return;
    document.getElementById('landing').textContent = template.landing_url;
    var start = document.getElementById('start');
    start.disabled = false;
    start.onclick = function () {
      start.disabled = true;
      AffiliateCapture.capture.createJourney({ templateSlug: template.slug }).then(function (id) {
        var out = document.getElementById('journey');
        out.textContent = id ? 'Journey ' + id + ' started.' : 'The journey could not be started.';
        if (id) out.dataset.journeyId = id;
      });
    };
  }
</script>
<script src="/storefront/affiliate-capture.js" data-base-url="${base}" data-journey-slug="${safeSlug}"
  onload="AffiliateCapture.template.then(render)"></script>
</body>
</html>
`;
}

/**
 * The demo storefront, outside the API router: `GET /storefront/{slug}` serves a page that loads
 * the capture snippet, and `GET /storefront/affiliate-capture.js` the snippet itself (bundled once,
 * when the router is made). Visiting `/storefront/start-your-plan?utm_source=x&gclid=y` records
 * touches for the visitor and the Start button creates a journey carrying them.
 *
 * @example
 * app.use(storefrontPages({ apiBaseUrl: 'https://api.example.com' }));
 */
export function storefrontPages(options: StorefrontPagesOptions = {}): Router {
  const snippet = loadStorefrontSnippet();
  // Fetched on the first request; a failure then answers 503 rather than crashing the demo.
  snippet.catch(() => undefined);
  const router = Router();
  router.get('/storefront/affiliate-capture.js', async (_req, res) => {
    const script = await snippet.catch(() => undefined);
    res.type('text/javascript');
    if (script === undefined) {
      res
        .status(503)
        .send(
          '/* storefront-capture is not built: run `npm run build -w @affiliate-commerce/storefront-capture` */',
        );
      return;
    }
    res.set('cache-control', 'no-cache').send(script);
  });
  router.get('/storefront/:slug', (req, res) => {
    const { slug } = req.params;
    if (!slugPattern.test(slug)) {
      res.status(404).type('text/plain').send('No such storefront page.');
      return;
    }
    res
      .type('html')
      .set('cache-control', 'no-store')
      .send(page(slug, options.apiBaseUrl ?? originOf(req)));
  });
  return router;
}
