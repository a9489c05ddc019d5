/** A token the stand-alone page offers to pick (demo setups only: never list real tokens). */
export interface PortalTokenChoice {
  /** What the picker shows, e.g. `demo_admin (affiliate_admin of aff_demo)`. */
  readonly label: string;
  readonly token: string;
  /** The token's roles, passed to the element's `roles` attribute. */
  readonly roles?: readonly string[];
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The stand-alone page: a sign-in form (a token field, plus a picker when `tokenChoices` are
 * given) that mounts `<affiliate-portal>`. No inline script or style: everything it runs and
 * wears comes from files under `basePath`, so the page's CSP can stay `'self'`.
 */
export function portalPage(options: {
  readonly basePath: string;
  /** The API: an absolute URL, a path on the page's origin, or empty for its root. */
  readonly apiBaseUrl: string;
  readonly title: string;
  readonly tokenChoices: readonly PortalTokenChoice[];
}): string {
  const base = escapeHtml(options.basePath);
  const title = escapeHtml(options.title);
  const choices = options.tokenChoices
    .map(
      (choice) =>
        `<option value="${escapeHtml(choice.token)}" data-roles="${escapeHtml((choice.roles ?? []).join(','))}">${escapeHtml(choice.label)}</option>`,
    )
    .join('');
  const picker = choices
    ? `<div class="ap-field"><label for="ap-token-choice">Demo token</label><select id="ap-token-choice">${choices}</select></div>
<p class="ap-muted">Or paste another token below; a pasted token wins.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="${base}/portal.css">
<script type="module" src="${base}/portal.js"></script>
<script type="module" src="${base}/signin.js"></script>
</head>
<body class="ap-body">
<header class="ap-header"><h1>${title}</h1><button type="button" id="ap-signout" hidden>Sign out</button></header>
<main id="ap-main" data-base-url="${escapeHtml(options.apiBaseUrl)}" data-catalog-url="${base}/catalog.json">
<form id="ap-signin" class="ap-signin" aria-label="Sign in">
<p id="ap-signin-message" class="ap-error" role="alert" hidden></p>
${picker}<div class="ap-field"><label for="ap-token">API token</label><input id="ap-token" type="password" autocomplete="off" spellcheck="false"></div>
<p class="ap-muted">The token stays in this page's memory only; reloading the page forgets it.</p>
<button type="submit">Open the portal</button>
</form>
</main>
</body>
</html>
`;
}
