/** Store-installed mode (spec 1, 2.3): links to other origins are blocked with a Copy action. */
export const REACH_WITH_BROWSER = 'Reach the link using your browser.';
export const LINK_COPIED = 'Link copied to clipboard!';
export const LINK_NOT_COPIED = "Link didn't copy to clipboard!";

/** True for http(s) links whose origin differs from ours. */
export function isOtherOrigin(href: string, origin: string): boolean {
  try {
    const url = new URL(href, origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
  } catch {
    return false;
  }
}

export interface LinkGuardDeps {
  win: Window;
  installedFromStore: () => boolean;
  /** Tells the user, offering to copy the address. */
  onBlocked: (href: string) => void;
}

/** One capturing click listener for the whole app, so every anchor (ours, markdown, third-party) obeys. */
export function installExternalLinkGuard({ win, installedFromStore, onBlocked }: LinkGuardDeps): () => void {
  const onClick = (event: MouseEvent) => {
    if (!installedFromStore()) return;
    const target = event.target as Element | null;
    const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor) return;
    const href = anchor.href || anchor.getAttribute('href') || '';
    if (!isOtherOrigin(href, win.location.origin)) return;
    event.preventDefault();
    event.stopPropagation();
    onBlocked(href);
  };
  win.document.addEventListener('click', onClick, true);
  return () => win.document.removeEventListener('click', onClick, true);
}

/** Copies the address and reports the outcome with the spec's words. */
export async function copyLink(
  href: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined,
  report: { success: (m: string) => void; error: (m: string) => void },
): Promise<void> {
  try {
    if (!clipboard) throw new Error('No clipboard');
    await clipboard.writeText(href);
    report.success(LINK_COPIED);
  } catch {
    report.error(LINK_NOT_COPIED);
  }
}
