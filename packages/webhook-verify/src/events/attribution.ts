/** One stored touch of docs/api.md §2.8. Keys never stored are omitted, never null. */
export interface AttributionTouch {
  /** ISO 8601 time of capture. */
  captured_at: string;
  /** Query-stripped http(s) landing page; absent when the storefront did not send it. */
  landing_url?: string;
  /** Query-stripped http(s) referrer; absent when empty. */
  referrer_url?: string;
  /** Campaign tags, ad click ids, `fbp`/`fbc` cookies and `svc_*` keys, exactly as sent. */
  params?: Record<string, string>;
}

/**
 * The `attribution` object of docs/api.md §2.8, on the event families of §6.5. The whole object is
 * omitted when nothing was captured.
 */
export interface Attribution {
  /** First touch, written once. */
  first?: AttributionTouch;
  /** Latest touch; holds a click id only if that touch had one (docs/api.md §2.8 rule 3). */
  last?: AttributionTouch;
  /** Number of stored touches. */
  touch_count?: number;
  /** Storefront visitor id, joining a journey view to journey creation. */
  visitor_id?: string;
}
