import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { html } from './html';

/**
 * A modal dialog on the native `<dialog>`: open while rendered. Focus moves to the element marked
 * `data-initial-focus` (else its first heading); Escape closes it through `onClose`; when it goes,
 * focus returns to the element that had it when it opened, or to `returnTo()` if that one is gone.
 */
export function Dialog(props: {
  /** The id of the element that names the dialog (its heading). */
  readonly labelledBy: string;
  readonly onClose: () => void;
  readonly returnTo?: () => HTMLElement | null | undefined;
  readonly class?: string;
  readonly children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (
      dialog.querySelector<HTMLElement>('[data-initial-focus]') ?? dialog.querySelector<HTMLElement>('h2, h3')
    )?.focus();
    // Escape closes the dialog natively; the page then drops it. `cancel` comes first, within the
    // key press, so a key pressed right after finds the page already told.
    const closed = () => latest.current.onClose();
    dialog.addEventListener('cancel', closed);
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('cancel', closed);
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : latest.current.returnTo?.();
      target?.focus();
    };
  }, []);
  return html`<dialog class=${`ap-dialog ${props.class ?? ''}`} aria-labelledby=${props.labelledBy} ref=${ref}>
    ${props.children}
  </dialog>`;
}
