/** The event catalog's data, as `catalog.json` carries it to the browser. */
export interface CatalogData {
  readonly envelopeFields: readonly string[];
  readonly identityFields: readonly string[];
  readonly categoryFields: Readonly<Record<string, readonly string[]>>;
  /** The allowlisted fields each public event type carries, a subset of its category's. */
  readonly eventFields: Readonly<Record<string, readonly string[]>>;
}

/**
 * Builds the catalog's field lists from core's published exports: the allowlists the v2
 * sanitizer applies (`@affiliate-commerce/core`) and the fields each event type carries
 * (`@affiliate-commerce/core/http`), so the portal never lists a field a payload would not
 * carry. Example payloads come from the API (`GET /v2/webhooks/eventTypes/{type}/example`),
 * built from the same lists. Core is loaded only here, when the assets are built.
 */
export async function buildCatalog(): Promise<CatalogData> {
  const [core, http] = await Promise.all([
    import('@affiliate-commerce/core'),
    import('@affiliate-commerce/core/http'),
  ]);
  // A core built before `eventFields` existed: its dist is older than this portal.
  if (!http.eventFields) throw new Error('@affiliate-commerce/portal: build @affiliate-commerce/core first');
  const copy = (lists: Readonly<Record<string, readonly string[]>>) =>
    Object.fromEntries(Object.entries(lists).map(([key, fields]) => [key, [...fields]]));
  return {
    envelopeFields: [...core.envelopeFields],
    identityFields: [...core.identityFields],
    categoryFields: copy(core.categoryAllowlists),
    eventFields: copy(http.eventFields),
  };
}
