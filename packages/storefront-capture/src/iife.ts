/**
 * The `<script>` build: sets the global `AffiliateCapture` and, configured by the tag's `data-`
 * attributes, starts a capture and loads the journey template at once.
 *
 * @example
 * <script src="affiliate-capture.global.js" data-base-url="https://api.example.com"
 *   data-journey-slug="start" async></script>
 */
import { createCapture, type StorefrontCapture } from './capture';

/**
 * The global `AffiliateCapture`: `createCapture` for pages that configure it in code, the capture
 * the tag started when it has `data-base-url`, and the template of `data-journey-slug` (a promise
 * of the template JSON, `undefined` when loading failed). An `async` tag's `onload` can use it.
 *
 * @example
 * <script async src="affiliate-capture.global.js" data-base-url="https://api.example.com"
 *   data-journey-slug="start" onload="AffiliateCapture.template.then(render)"></script>
 */
export interface AffiliateCaptureGlobal {
  readonly createCapture: typeof createCapture;
  readonly capture?: StorefrontCapture;
  readonly template?: Promise<unknown>;
}

declare global {
  interface Window {
    AffiliateCapture: AffiliateCaptureGlobal;
  }
}

const global: { -readonly [K in keyof AffiliateCaptureGlobal]: AffiliateCaptureGlobal[K] } = {
  createCapture,
};
try {
  // A classic script always has `currentScript` while it first runs, async or not.
  const data = document.currentScript?.dataset;
  if (data?.baseUrl) {
    const capture = createCapture({
      baseUrl: data.baseUrl,
      consent: data.consent !== 'false',
      ...(data.campaignId && { campaignId: data.campaignId }),
    });
    global.capture = capture;
    if (data.journeySlug) {
      global.template = capture.loadTemplate(data.journeySlug);
    }
  }
} catch {}
(globalThis as unknown as Window).AffiliateCapture = global;
