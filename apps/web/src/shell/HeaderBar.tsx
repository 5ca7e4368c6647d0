import { useLocation } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NotificationBell } from '../features/notifications/components/NotificationBell.tsx';
import { HeaderPortalOutlet } from './header-portal.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SpaceBrand } from './SpaceBrand.tsx';

/**
 * Menu button, centred logo area and portal area; the sidebar opens as a slide-in dialog. The header layout
 * always has it; the sidebar layout uses it in place of its column on narrow screens.
 */
export function HeaderBar() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });

  // Following a link inside the dialog navigates: close it then.
  useEffect(() => {
    if (pathname && dialog.current?.open) dialog.current.close();
  }, [pathname]);

  // The sidebar is mounted only while the dialog is open (one sidebar in the page at a time, nothing hidden
  // polling), so the dialog opens once its content exists: showModal then focuses its first control.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!open || !element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, [open]);

  // Escape closes a modal dialog natively; a click on the backdrop reaches the dialog element itself, and
  // closes it the same way (a pointer-only convenience, so it is wired here rather than as a JSX handler).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    const onClose = () => setOpen(false);
    element.addEventListener('click', onBackdrop);
    element.addEventListener('close', onClose);
    return () => {
      element.removeEventListener('click', onBackdrop);
      element.removeEventListener('close', onClose);
    };
  }, []);

  return (
    <header className="header-bar">
      <button
        type="button"
        className="icon-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      <div className="header-logo">
        <SpaceBrand />
      </div>
      <div className="header-end">
        <HeaderPortalOutlet />
        <NotificationBell />
      </div>
      <dialog ref={dialog} className="slide-in" aria-label="Menu">
        {open && <Sidebar onClose={() => dialog.current?.close()} />}
      </dialog>
    </header>
  );
}
