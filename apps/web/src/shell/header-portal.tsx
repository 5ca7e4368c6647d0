import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * The header bar's portal area: a page below the header layout renders its own header content (a back
 * link, actions) there without the layout knowing about pages.
 */
const PortalTarget = createContext<{
  target: HTMLElement | null;
  setTarget: (el: HTMLElement | null) => void;
}>({
  target: null,
  setTarget: () => undefined,
});

export function HeaderPortalProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return <PortalTarget.Provider value={{ target, setTarget }}>{children}</PortalTarget.Provider>;
}

/** Where the header bar places portal content. */
export function HeaderPortalOutlet() {
  const { setTarget } = useContext(PortalTarget);
  return <div className="header-portal" ref={setTarget} />;
}

/** Renders its children into the header bar when the page sits in the header layout. */
export function HeaderPortal({ children }: { children: ReactNode }) {
  const { target } = useContext(PortalTarget);
  return target ? createPortal(children, target) : null;
}
