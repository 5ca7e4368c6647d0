import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { manualLive } from '../iot/testing/manual-live.ts';
import { NOTIFICATION_STREAM_DELAY_MS } from './model/use-notification-announcements.ts';

const list = () => ({
  unread: 2,
  notifications: [
    {
      id: 'n1',
      kind: 'trigger',
      title: 'Too hot: temperature is 31',
      body: 'Open the windows (read at 2026-11-26T19:59:30.000Z)',
      data: { trigger_id: 'tr1' },
      created_at: '2026-11-26T20:00:00.000Z',
      read: false,
    },
    {
      id: 'n2',
      kind: 'trigger',
      title: 'Pump offline',
      body: '',
      data: {},
      created_at: '2026-11-26T19:00:00.000Z',
      read: false,
    },
  ],
});

function fakeNotifications() {
  const state = list();
  const reads: unknown[] = [];
  const handle = (url: string, options: RequestOptions) => {
    if (url === '/notifications') return structuredClone(state);
    if (url === '/notifications/read') {
      const ids = (options.body as { ids?: string[] }).ids;
      reads.push(options.body);
      for (const n of state.notifications) if (!ids || ids.includes(n.id)) n.read = true;
      state.unread = state.notifications.filter((n) => !n.read).length;
      return { unread: state.unread };
    }
    return undefined;
  };
  return { handle, reads };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notifications bell', () => {
  it('shows the unread count and opens the panel, where notifications are marked read', async () => {
    const { handle, reads } = fakeNotifications();
    renderApp('/', { handle });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByTestId('notification');
    expect(items[0]?.textContent).toContain('Too hot: temperature is 31');
    expect(items[0]?.textContent).toContain('Open the windows');
    // The server's ISO instant is said in the reader's locale and time zone.
    expect(items[0]?.textContent).toContain(`(read at ${formatDateTime('2026-11-26T19:59:30.000Z')})`);
    expect(items[0]?.textContent).not.toContain('2026-11-26T19:59:30');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'Open trigger' })
        .getAttribute('href'),
    ).toBe('/triggers/?trigger=tr1');
    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(reads).toEqual([{ ids: ['n1'] }]));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(reads).toEqual([{ ids: ['n1'] }, {}]));
    await screen.findByRole('button', { name: 'Notifications' });
  });

  it('asks for browser notifications only from a click in the panel', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'default', requestPermission }));
    const { handle } = fakeNotifications();
    renderApp('/', { handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Show browser notifications' }));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(await within(panel).findByText(/Browser notifications are on/)).toBeTruthy();
  });

  it('raises a browser notification for each new unread one while the tab is hidden, once allowed', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string }) {
        shown.push({ title, ...(options.body ? { body: options.body } : {}) });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(false);
    const state = list();
    const app = renderApp('/', {
      handle: (url) => (url === '/notifications' ? structuredClone(state) : undefined),
    });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // What was there when the page opened is not news; a new one arriving while hidden is.
    hidden.mockReturnValue(true);
    state.notifications.unshift({
      ...state.notifications[0],
      id: 'n3',
      title: 'Pump back online',
      body: 'ok',
    } as never);
    state.unread = 3;
    await app.queryClient.invalidateQueries({ queryKey: ['notifications'] });
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(shown).toEqual([{ title: 'Pump back online', body: 'ok' }]);
  });

  it('reads the list again when it starts hearing the live stream, on each announcement and after a reconnect', async () => {
    const state = list();
    let reads = 0;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = manualLive();
    renderApp('/', {
      handle: (url) => {
        if (url !== '/notifications') return undefined;
        reads += 1;
        return structuredClone(state);
      },
      live: live.source,
    });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    // One arrives before the bell listens; it joins the stream once the page has been shown a while, and reads
    // the list then, since nothing said before it listened is replayed.
    state.unread = 3;
    const before = live.listening();
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_STREAM_DELAY_MS));
    expect(live.listening()).toBe(before + 1);
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });

    state.unread = 4;
    live.emit({ type: 'notifications.created', data: { notification_id: 'n3', user_id: 'u1' } });
    await screen.findByRole('button', { name: 'Notifications, 4 unread' });

    // Values and other events do not read it again; a reconnect does.
    const readsBefore = reads;
    live.emit({ type: 'devices.updated', data: { device_id: 'd1' } });
    state.unread = 5;
    live.setOpen(false);
    live.setOpen(true);
    await screen.findByRole('button', { name: 'Notifications, 5 unread' });
    expect(reads).toBe(readsBefore + 1);
  });
});
