import { type ReactNode, useEffect, useRef } from 'react';

interface ModalProps {
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal `<dialog>` shown while mounted: Escape and a click on the backdrop close it. Where showModal is
 * missing (old engines, jsdom) it opens as a plain dialog.
 */
export function Modal({ label, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onBackdrop);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onBackdrop);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className={`modal${className ? ` ${className}` : ''}`} aria-label={label}>
      <div className="modal-header">
        <h2 className="modal-title">{label}</h2>
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
