import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiClient, ApiResult } from './api';
import type { Capability } from './roles';

/** What every page needs: the client, what the caller may do, and the live region. */
export interface PortalContext {
  readonly api: ApiClient;
  /** Whether the caller may use a capability (roles attribute, or no 403 seen for it yet). */
  readonly may: (capability: Capability) => boolean;
  /** Records a 403 for a capability, so its buttons are hidden from then on. */
  readonly refuse: (capability: Capability) => void;
  /** Says a result in the polite live region. */
  readonly announce: (message: string) => void;
  /** Where the event catalog's fields and examples are read from. */
  readonly catalogUrl: string;
}

export const Portal = createContext<PortalContext | undefined>(undefined);

/** The portal's context; only ever used inside `<affiliate-portal>`. */
export function usePortal(): PortalContext {
  const context = useContext(Portal);
  if (!context) throw new TypeError('@affiliate-commerce/portal: a page was rendered outside the portal');
  return context;
}

/** Notes a 403 against `capability`, then hands the result back unchanged. */
export function noting<T>(
  context: PortalContext,
  capability: Capability,
  result: ApiResult<T>,
): ApiResult<T> {
  if (!result.ok && result.status === 403) context.refuse(capability);
  return result;
}
