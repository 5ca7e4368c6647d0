import type { AppNotification } from '@tinkercloud/shared';
import { formatDateTime } from '@/features/iot/model/format-time.ts';

// An instant as the server writes it in texts (ISO 8601 with its zone: `2026-12-07T07:00:00.000Z`, `+01:00`).
const INSTANT = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)/g;

/**
 * A notification's text with each instant in it said in the reader's locale and time zone ("7 Dec 2026,
 * 08:00"): the server writes them as ISO strings (a trigger's `{{property.timestamp}}`, an export's range),
 * not knowing who reads them or where.
 */
export const withLocalTimes = (text: string) => text.replace(INSTANT, (iso) => formatDateTime(iso));

/**
 * Raises the browser's own notification for each of `fresh`, its instants in the reader's time. Loaded on
 * first use (with the panel's chunk), so the bell on every page does not carry it.
 */
export function raiseBrowserAlerts(fresh: readonly AppNotification[]) {
  for (const n of fresh) {
    try {
      const shown = new Notification(withLocalTimes(n.title), { body: withLocalTimes(n.body), tag: n.id });
      shown.onclick = () => window.focus();
    } catch {
      // Some mobile browsers show notifications only through a service worker: the bell still counts it.
    }
  }
}
