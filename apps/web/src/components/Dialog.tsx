import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  /** The dialog's heading, which also labels it. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal native `<dialog>` shown while mounted, labelled by its heading. Escape and a click on the backdrop
 * close it; Tab stays inside it; focus goes back where it was when it closes. Where showModal is missing
 * (old engines, jsdom) it opens as a plain dialog with the same keyboard rules.
 */
export function Dialog({ label, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    if (!dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) close.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // Handled here, not left to the native 'cancel', so the fallback (no showModal) behaves the same.
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onBackdrop);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onBackdrop);
      dialog.removeEventListener('keydown', onKeyDown);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className={`modal${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
      <div className="modal-header">
        <h2 className="modal-title" id={titleId}>
          {label}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={() => close.current()}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
