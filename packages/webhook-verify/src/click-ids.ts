import type { Attribution } from './events/attribution';
import type { WebhookEvent } from './events/types';

/** The ad click identifiers of docs/api.md §2.8 rule 4. Cookies (`fbp`, `fbc`) and campaign tags are not click ids. */
export type ClickIdName =
  | 'gclid'
  | 'gbraid'
  | 'wbraid'
  | 'dclid'
  | 'fbclid'
  | 'msclkid'
  | 'ttclid'
  | 'twclid'
  | 'sccid'
  | 'epik'
  | 'rdt_cid'
  | 'irclickid'
  | 'li_fat_id';

/** Click ids found on an event, by their lower-case name. */
export type ClickIds = Partial<Record<ClickIdName, string>>;

const clickId =
  /^(gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|sccid|epik|rdt_cid|irclickid|li_fat_id)$/;

function collect(into: ClickIds, params: Record<string, string> | undefined): void {
  for (const [key, value] of Object.entries(params ?? {})) {
    const name = key.toLowerCase() as ClickIdName;
    if (!into[name] && clickId.test(name) && typeof value === 'string' && value) into[name] = value;
  }
}

/**
 * The click ids to replay to ad platforms, and nothing else from the payload (docs/api.md §6.6: never
 * forward a payload as it stands). Each id comes from the last touch when it has one, else from
 * the first (docs/api.md §2.8 rule 3: prefer last over first). Keys are matched case-insensitively.
 *
 * @example
 * const { gclid } = clickIdsForAdReplay(event);
 * if (gclid) await googleAds.uploadClickConversion({ gclid, value: event.total_value_cents });
 */
export function clickIdsForAdReplay(event: WebhookEvent | null | undefined): ClickIds;
export function clickIdsForAdReplay(event: { attribution?: Attribution | null } | null | undefined): ClickIds;
export function clickIdsForAdReplay(event: object | null | undefined): ClickIds {
  const ids: ClickIds = {};
  // Every event with attribution carries it here; the others have none to read.
  const attribution = (event as { attribution?: Attribution | null } | null | undefined)?.attribution;
  collect(ids, attribution?.last?.params);
  collect(ids, attribution?.first?.params);
  return ids;
}
