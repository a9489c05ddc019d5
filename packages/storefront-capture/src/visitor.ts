/**
 * The first-party visitor id: a cookie and a localStorage copy, so either surviving keeps the
 * visitor (docs/api.md §2.8 `visitor_id`).
 */
import { type CaptureWindow, readCookie } from './page';

/** `first` on a browser's first visit, `repeat` once it has been seen. */
export type VisitTrack = 'first' | 'repeat';

/** A visitor id and whether this page view found it stored. */
export interface Visitor {
  readonly id: string;
  readonly track?: VisitTrack;
}

/** Cookie and localStorage key of the visitor id. */
export const visitorKey = 'svc_vid';

/**
 * A random UUID; outside secure contexts (plain http) `randomUUID` is missing and `Math.random`
 * stands in, good enough to join one visitor's views.
 */
export const randomId = (win: CaptureWindow): string => {
  try {
    return win.crypto.randomUUID();
  } catch {
    return String(Math.random()).slice(2);
  }
};

/**
 * Reads the stored visitor id, or makes one, and writes it back to the cookie (400 days, the
 * longest browsers keep) and to localStorage. Storage that is missing or throws (private modes,
 * sandboxed frames) is skipped; a throwing cookie jar throws, for the caller to fall back.
 */
export const persistentVisitor = (win: CaptureWindow): Visitor => {
  const storage = (use: (store: Pick<Storage, 'getItem' | 'setItem'>) => string | null | undefined) => {
    try {
      return win.localStorage && use(win.localStorage);
    } catch {}
  };
  const stored = readCookie(win.document.cookie, visitorKey) || storage((store) => store.getItem(visitorKey));
  const known = /^[\w-]{8,128}$/.test(stored || '');
  const id = known ? stored! : randomId(win);
  win.document.cookie = `${visitorKey}=${id};path=/;max-age=34560000;samesite=lax${
    win.location.href.startsWith('https:') ? ';secure' : ''
  }`;
  storage((store) => {
    store.setItem(visitorKey, id);
    return id;
  });
  return { id, track: known ? 'repeat' : 'first' };
};
