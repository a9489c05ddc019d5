import { err, ok, type Result } from 'neverthrow';
import { affiliateContextRequired, type DomainError, forbidden, unauthorized } from '../base/errors';
import type { Access, AffiliateActor } from '../http/route';
import { type AuthPort, isMaster, type Principal } from '../ports/auth';

/** The caller once access is granted. */
export interface Granted {
  readonly principal: Principal | undefined;
  readonly actor: AffiliateActor | undefined;
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Applies a route's access rule in the order of docs/api.md §7.3: 401 (no or unknown token), then 400 (no
 * affiliate context), then 403 (role not allowed).
 */
export async function checkAccess(
  access: Access,
  request: Request,
  auth: AuthPort,
): Promise<Result<Granted, DomainError>> {
  if (access.kind === 'public') return ok({ principal: undefined, actor: undefined });
  const token = bearerToken(request);
  if (token === undefined) return err(unauthorized());
  const principal = await auth.authenticate({ token });
  if (principal === undefined) return err(unauthorized('The bearer token is invalid or expired.'));
  if (access.kind === 'master') {
    return isMaster(principal)
      ? ok({ principal, actor: undefined })
      : err(forbidden('Only the master token may call this endpoint.'));
  }
  if (isMaster(principal) || principal.affiliateId === undefined) return err(affiliateContextRequired());
  if (!principal.roles.some((role) => access.roles.includes(role))) return err(forbidden());
  const actor = { userId: principal.userId, affiliateId: principal.affiliateId, roles: principal.roles };
  return ok({ principal, actor });
}
