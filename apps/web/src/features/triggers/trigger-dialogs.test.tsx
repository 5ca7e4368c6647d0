import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { triggerBody } from '@tinkercloud/shared/iot';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { ada, recap, renderApp, space } from '@/test/app-harness.tsx';
import type { Property, Thing, Trigger } from '../iot/api/schemas.ts';
import { fakeIot } from '../iot/testing/fake-iot.ts';
import { storedEmail, storedPush } from './testing/stored-actions.ts';

const greenhouse: Thing = { id: 't1', name: 'Greenhouse', device_id: 'd1', device_name: 'greenhouse-1' };
const temperature: Property = {
  id: 'p1',
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_ONLY',
  thing_id: 't1',
};
const tooHot: Trigger = {
  id: 'tr1',
  name: 'Too hot',
  active: true,
  property_id: 'p1',
  condition: { operator: 'GT', value: 30 },
  actions: [],
};

/** A fake API with a plan allowing 10 triggers, recording the trigger writes. */
function setup(
  opts: { plans?: string[]; triggers?: Trigger[]; notifications?: unknown; firings?: unknown[] } = {},
) {
  const iot = fakeIot({ things: [greenhouse], properties: [temperature], triggers: opts.triggers ?? [] });
  const writes: { url: string; method: string; body: unknown }[] = [];
  const handle = (url: string, options: RequestOptions) => {
    const method = options.method ?? 'GET';
    if (url === '/restrictions/v1/recap/me') {
      const r = recap(opts.plans ?? ['create-maker']);
      return { ...r, limits: { ...r.limits, cloud_triggers: 10 } };
    }
    if (url === '/notifications' && opts.notifications) return opts.notifications;
    if (/^\/iot\/v1\/triggers\/[^/]+\/firings$/.test(url)) return { firings: opts.firings ?? [] };
    if (url.startsWith('/iot/v1/triggers') && method !== 'GET' && method !== 'DELETE') {
      writes.push({ url, method, body: options.body });
      const body = options.body as Trigger;
      return { ...tooHot, ...body, actions: (body.actions ?? []).map((a, i) => ({ ...a, id: `a${i}` })) };
    }
    return iot.handle(url, options);
  };
  return { handle, writes, iot };
}

const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('trigger dialogs', () => {
  it('creates a threshold trigger on a variable with an e-mail and a notification, previewed live', async () => {
    const { handle, writes } = setup();
    renderApp('/triggers', { handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Create trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create trigger' });
    change('Trigger name', 'Too hot');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'temperature' })).toBeTruthy());
    change('Variable', 'p1');
    // A temperature offers the numeric comparisons, not CONTAINS.
    const when = within(dialog).getByLabelText('When it');
    expect(within(when).queryByRole('option', { name: 'contains' })).toBeNull();
    change('When it', 'GT');
    change('Value', 'hot');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create trigger' }));
    expect(await within(dialog).findByText('Enter a number.')).toBeTruthy();
    expect(writes).toEqual([]);
    change('Value', '30');
    expect(screen.getByTestId('trigger-email-preview').textContent).toContain('Too hot: temperature is 30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create trigger' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]?.body as { property_id: string; condition: unknown; actions: { kind: string }[] };
    expect(writes[0]?.method).toBe('PUT');
    expect(body.property_id).toBe('p1');
    expect(body.condition).toEqual({ operator: 'GT', value: 30 });
    expect(body.actions.map((a) => a.kind)).toEqual(['NOTIFY-EMAIL', 'NOTIFY-PUSH']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create trigger' })).toBeNull());
  });

  it('says why a free plan has no triggers, with the upgrade link instead of a create button', async () => {
    const { handle } = setup({ plans: [] });
    renderApp('/triggers', { handle });
    const notice = await screen.findByTestId('triggers-plan-notice');
    expect(notice.textContent).toContain('Triggers need a paid plan other than Entry.');
    await waitFor(() => expect(within(notice).getByRole('link', { name: 'Upgrade plan' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Create trigger' })).toBeNull();
  });

  it('turns a trigger off from the list', async () => {
    const { handle, writes } = setup({ triggers: [tooHot] });
    renderApp('/triggers', { handle });
    const toggle = await screen.findByRole('switch', { name: 'Too hot active' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(writes).toEqual([{ url: '/iot/v1/triggers/tr1', method: 'PATCH', body: { active: false } }]),
    );
  });

  it('keeps the edit dialog, and what was typed, when a re-read of the list no longer has the trigger', async () => {
    const { handle, iot } = setup({ triggers: [tooHot] });
    const { queryClient } = renderApp('/triggers?trigger=tr1', { handle });
    const detail = await screen.findByRole('dialog', { name: 'Too hot' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit trigger' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit trigger' });
    change('Trigger name', 'Too hot, really');
    // Deleted in another tab: the list read again no longer has it.
    iot.state.triggers = [];
    await queryClient.invalidateQueries();
    expect(await screen.findByText('No triggers yet')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit trigger' })).toBe(edit);
    expect((within(edit).getByLabelText('Trigger name') as HTMLInputElement).value).toBe('Too hot, really');
  });

  it('shows a trigger with the notifications it sent, and edits it', async () => {
    const notifications = {
      unread: 1,
      notifications: [
        {
          id: 'n1',
          kind: 'trigger',
          title: 'Too hot: temperature is 31',
          body: '',
          data: { trigger_id: 'tr1' },
          created_at: '2026-11-26T20:00:00.000Z',
          read: false,
        },
        {
          id: 'n2',
          kind: 'trigger',
          title: 'Another trigger',
          body: '',
          data: { trigger_id: 'tr9' },
          created_at: '2026-11-26T19:00:00.000Z',
          read: true,
        },
      ],
    };
    const push = storedPush('a1', ['u1'], { name: 'push' });
    const firings = [
      {
        id: 'f1',
        fired_at: '2024-06-01T12:00:00.000Z',
        source: { thing: { name: 'Greenhouse' }, property: { name: 'temperature', value: 31 } },
      },
    ];
    const { handle, writes } = setup({ triggers: [{ ...tooHot, actions: [push] }], notifications, firings });
    renderApp('/triggers?trigger=tr1', { handle });
    const detail = await screen.findByRole('dialog', { name: 'Too hot' });
    // The server's record of its firings, whatever its actions did.
    const log = await within(detail).findByTestId('trigger-firing-log');
    expect(log.textContent).toContain('Greenhouse · temperature was 31');
    const sent = await within(detail).findByTestId('trigger-firings');
    expect(sent.textContent).toContain('Too hot: temperature is 31');
    expect(sent.textContent).not.toContain('Another trigger');
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit trigger' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit trigger' });
    expect((within(edit).getByLabelText('Trigger name') as HTMLInputElement).value).toBe('Too hot');
    await waitFor(() =>
      expect((within(edit).getByLabelText('Variable') as HTMLSelectElement).value).toBe('p1'),
    );
    fireEvent.click(within(edit).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(writes[0]?.method).toBe('POST'));
    expect(writes[0]?.url).toBe('/iot/v1/triggers/tr1');
  });

  it('keeps, when saving an edit, the actions the form does not show, and says so', async () => {
    const u = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const email = (id: string, to: string) => storedEmail(id, [to]);
    // In My Cloud only its owner (u1 here) can be told: the action to someone else cannot be kept.
    const actions = [email('first', u(1)), email('night', u(1)), email('gone', u(2))];
    const { handle, writes } = setup({ triggers: [{ ...tooHot, actions }] });
    // The profile of the signed-in user says the same id as the token.
    const profile = {
      username: 'ada',
      avatar: '',
      birthday: null,
      confirmed: true,
      created: '',
      name: 'Ada',
    };
    renderApp('/triggers?trigger=tr1', {
      handle: (url, options) =>
        url.startsWith('/users/v1/users/byID/') ? { ...profile, id: u(1) } : handle(url, options),
      user: { ...ada, id: u(1) },
    });
    const detail = await screen.findByRole('dialog', { name: 'Too hot' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit trigger' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit trigger' });
    expect(edit.textContent).toContain(
      'This trigger has 1 more action than this form shows; saving keeps it. 1 action cannot be kept (nobody left in the space to tell, or incomplete) and is removed when you save.',
    );
    await waitFor(() =>
      expect((within(edit).getByLabelText('Variable') as HTMLSelectElement).value).toBe('p1'),
    );
    fireEvent.click(within(edit).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(writes[0]?.method).toBe('POST'));
    const sent = writes[0]?.body as Trigger;
    expect(sent.actions?.map((a) => a.name)).toEqual(['Too hot (e-mail)', 'night']);
    // The actions sent are ones the server takes.
    expect(() => triggerBody.pick({ actions: true }).parse({ actions: sent.actions })).not.toThrow();
  });

  it('in a team space, keeps the actions to its members and drops those to people who left', async () => {
    const u = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const team = space({ id: 'o1', name: 'Team', space: 'pro', roles: ['role:pro-admin'], plan_id: 'p' });
    const member = (id: string) => ({
      id,
      username: id,
      name: id,
      email: '',
      avatar: '',
      is_minor: false,
      roles: ['role:pro-editor'],
      last_update: '',
    });
    const actions = [storedEmail('first', [u(1)]), storedEmail('night', [u(3)]), storedEmail('gone', [u(2)])];
    const { handle, writes } = setup({ triggers: [{ ...tooHot, actions }] });
    renderApp('/triggers?trigger=tr1', {
      handle: (url, options) =>
        url === '/classroom/v1/organizations/o1/members'
          ? { members: [member(u(1)), member(u(3))], invitations: [] }
          : handle(url, options),
      organizations: [team],
      selectedId: 'o1',
    });
    const detail = await screen.findByRole('dialog', { name: 'Too hot' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit trigger' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit trigger' });
    await waitFor(() =>
      expect(edit.textContent).toContain(
        'This trigger has 1 more action than this form shows; saving keeps it. 1 action cannot be kept',
      ),
    );
    await waitFor(() =>
      expect((within(edit).getByLabelText('Variable') as HTMLSelectElement).value).toBe('p1'),
    );
    fireEvent.click(within(edit).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(writes[0]?.method).toBe('POST'));
    const sent = writes[0]?.body as Trigger | undefined;
    expect(sent?.actions?.map((a) => a.name)).toEqual(['Too hot (e-mail)', 'night']);
  });
});
