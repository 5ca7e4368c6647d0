import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { HeaderPortalOutlet } from './header-portal.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SpaceBrand } from './SpaceBrand.tsx';

/** Menu button, centred logo area and portal area; the sidebar opens as a slide-in dialog. */
export function HeaderBar() {
  const dialog = useRef<HTMLDialogElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });

  // Following a link inside the dialog navigates: close it then.
  useEffect(() => {
    if (pathname && dialog.current?.open) dialog.current.close();
  }, [pathname]);

  // Escape closes a modal dialog natively; a click on the backdrop reaches the dialog element itself, and
  // closes it the same way (a pointer-only convenience, so it is wired here rather than as a JSX handler).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    element.addEventListener('click', onBackdrop);
    return () => element.removeEventListener('click', onBackdrop);
  }, []);

  return (
    <header className="header-bar">
      <button
        type="button"
        className="icon-button"
        aria-label="Open menu"
        onClick={() => dialog.current?.showModal()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      <div className="header-logo">
        <SpaceBrand />
      </div>
      <HeaderPortalOutlet />
      <dialog ref={dialog} className="slide-in" aria-label="Menu">
        <Sidebar onClose={() => dialog.current?.close()} />
      </dialog>
    </header>
  );
}
