import { createPortalHandler, portalMiddleware } from '@affiliate-commerce/portal';
import { demoPrincipals } from './demo-tokens';

/**
 * The affiliate portal at `/portal`, with a picker of the demo tokens (demo only: the page
 * lists them to anyone who opens it). Each choice passes its roles, so the portal shows what
 * that role may use.
 *
 * @example
 * app.use(demoPortal());
 */
export function demoPortal(): ReturnType<typeof portalMiddleware> {
  const tokenChoices = Object.entries(demoPrincipals).map(([token, principal]) =>
    'master' in principal
      ? { label: `${token} (master token)`, token }
      : {
          label: `${token} (${principal.roles.join(', ')} of ${principal.affiliateId ?? 'no affiliate'})`,
          token,
          roles: principal.roles,
        },
  );
  return portalMiddleware(
    createPortalHandler({ basePath: '/portal', title: 'Affiliate portal (demo)', tokenChoices }),
  );
}
