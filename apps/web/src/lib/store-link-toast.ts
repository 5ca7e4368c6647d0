import { copyLink, REACH_WITH_BROWSER } from './external-links.ts';
import { toast } from './toast.tsx';

/** The notice for a blocked link in the store-installed app, with its Copy action (spec 2.3). */
export function notifyBlockedLink(href: string, clipboard: Clipboard | undefined = navigator.clipboard) {
  toast.warning(REACH_WITH_BROWSER, {
    id: 'blocked-link',
    actions: [{ label: 'Copy', onClick: () => void copyLink(href, clipboard, toast) }],
  });
}
