import { useState } from 'react';

/**
 * Browser notifications while the tab is hidden: asked for only from this button's click (never on load),
 * then said plainly whether they are on or blocked.
 */
export function BrowserAlertsChoice() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));
  if (!supported) return null;
  if (permission === 'granted')
    return <p className="muted">Browser notifications are on: new ones show while this tab is hidden.</p>;
  if (permission === 'denied')
    return <p className="muted">Browser notifications are blocked in this browser's site settings.</p>;
  return (
    <button
      type="button"
      className="button button-subtle button-small"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Show browser notifications
    </button>
  );
}
