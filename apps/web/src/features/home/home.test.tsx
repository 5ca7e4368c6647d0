import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReceivedInvitation } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { ada, at, renderApp, space } from '@/test/app-harness.tsx';
import { flowFromSearch, initialJoinStep } from './model/flows.ts';

const school = space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles: ['role:edu-student'] });
const team = space({ id: 'pro1', name: 'Acme Team', space: 'pro', roles: ['role:pro-admin'] });

describe('flowFromSearch', () => {
  const ctx = { isMinor: false, spaces: [team] };
  it('opens the join flow from join-code, join or join-space', () => {
    expect(flowFromSearch({ 'join-code': ' ABC123 ' }, ctx)).toEqual({ flow: 'join', code: 'ABC123' });
    expect(flowFromSearch({ join: 'true' }, ctx)).toEqual({ flow: 'join', code: '' });
    expect(flowFromSearch({ 'join-space': '1' }, ctx)).toEqual({ flow: 'join', code: '' });
    expect(flowFromSearch({ join: 'false' }, ctx)).toBeNull();
  });

  it('opens the pro-space flow for a team space id, get-started and creation', () => {
    expect(flowFromSearch({ space_id: 'pro1' }, ctx)).toEqual({ flow: 'pro-space', spaceId: 'pro1' });
    expect(flowFromSearch({ space_id: 'nope' }, ctx)).toBeNull();
    expect(flowFromSearch({ 'get-started': 'true' }, ctx)).toEqual({ flow: 'get-started' });
    expect(flowFromSearch({ kind: 'pro' }, ctx)).toEqual({ flow: 'create', kind: 'pro' });
    expect(flowFromSearch({ kind: 'pro' }, { ...ctx, isMinor: true })).toBeNull();
  });

  it('starts the join flow at start without a code', () => {
    expect(initialJoinStep(undefined)).toBe('start');
    expect(initialJoinStep('  ')).toBe('start');
    expect(initialJoinStep('ABC123')).toBe('join');
  });
});

function joinHandlers(opts: { valid?: boolean; alreadyMember?: boolean; fail?: boolean } = {}) {
  const joined = { value: false };
  const handle = (url: string) => {
    if (url === '/classroom/v1/organizations') return { organizations: joined.value ? [school] : [] };
    if (url.startsWith('/users/v1/organizations/validate')) {
      if (opts.valid === false)
        throw new ApiError({
          code: 'bad',
          name: 'Bad',
          detail: 'This is not a valid code.',
          id: '',
          status: 400,
          url,
        });
      return { organization_id: 'edu1', available: true };
    }
    if (url === '/classroom/v1/organizations/self-invitation/members') {
      if (opts.fail) throw new ApiError({ code: 'x', name: 'X', detail: 'Boom', id: '', status: 500, url });
      joined.value = true;
      return opts.alreadyMember
        ? { organization_id: 'edu1', already_member: true }
        : { organization_id: 'edu1' };
    }
    return undefined;
  };
  return handle;
}

describe('join-space flow', () => {
  it("refuses an invalid code with 'This is not a valid code.'", async () => {
    renderApp('/?join-space=true', { handle: joinHandlers({ valid: false }) });
    fireEvent.change(await screen.findByLabelText('Join code'), { target: { value: 'ZZZ999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This is not a valid code.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Join code'), { target: { value: 'a!' } });
    expect(screen.queryByText('This is not a valid code.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This is not a valid code.')).toBeTruthy();
  });

  it('joins by a code from the address, selects the space and leaves after 500 ms', async () => {
    const { router, spaces } = renderApp('/?join-code=ABC123', { handle: joinHandlers() });
    const flow = await screen.findByTestId('join-flow');
    expect(flow.dataset.step).toBe('join');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Join space' }));
      expect(await screen.findByText('You joined Hilltop School.')).toBeTruthy();
      expect(spaces.selection.get()).toBe('edu1');
      expect(at(router)).toBe('/?join-code=ABC123');
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      await waitFor(() => expect(at(router)).toBe('/'));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(screen.getByTestId('space-selector').textContent).toContain('Hilltop School'));
  });

  it('selects the space and says so when already a member', async () => {
    const { spaces } = renderApp('/?join-code=ABC123', { handle: joinHandlers({ alreadyMember: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Join space' }));
    expect((await screen.findAllByText('You are already a member of this space.')).length).toBeGreaterThan(0);
    expect(spaces.selection.get()).toBe('edu1');
  });

  it('sets the flow to error when the join fails', async () => {
    renderApp('/?join-code=ABC123', { handle: joinHandlers({ fail: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Join space' }));
    await waitFor(() => expect(screen.getByTestId('join-flow').dataset.step).toBe('error'));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('join-flow').dataset.step).toBe('start');
  });
});

describe('other Home flows', () => {
  it('starts the pro-space flow at name for a team space_id and selects the space', async () => {
    const { spaces } = renderApp('/?space_id=pro1', { organizations: [team] });
    const flow = await screen.findByTestId('pro-space-flow');
    expect(flow.dataset.step).toBe('name');
    await waitFor(() => expect(spaces.selection.get()).toBe('pro1'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('pro-space-flow').dataset.step).toBe('invite'));
  });

  it('starts get-started at start and offers no creation to minors', async () => {
    renderApp('/?get-started=true', { user: { ...ada, is_minor: true } });
    const flow = await screen.findByTestId('get-started-flow');
    expect(flow.dataset.step).toBe('start');
    expect(screen.queryByRole('button', { name: 'Create a school space' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a space' })).toBeNull();
  });

  it('creates a team space, selects it and opens its set-up', async () => {
    const posts: unknown[] = [];
    const created = space({ id: 'pro9', name: 'Robots', space: 'pro', roles: ['role:pro-admin'] });
    const { router, spaces } = renderApp('/?kind=pro', {
      handle: (url, options) => {
        if (url === '/classroom/v1/organizations' && options.method === 'POST') {
          posts.push(options.body);
          return created;
        }
        if (url === '/classroom/v1/organizations') return { organizations: posts.length ? [created] : [] };
        return undefined;
      },
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Robots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create space' }));
    expect(await screen.findByText('Space created')).toBeTruthy();
    expect(posts).toEqual([{ name: 'Robots', space: 'pro', type: undefined, country: undefined }]);
    expect(spaces.selection.get()).toBe('pro9');
    await waitFor(() => expect(at(router)).toBe('/?space_id=pro9'));
    expect((await screen.findByTestId('pro-space-flow')).dataset.step).toBe('name');
  });

  it("activates a plan from renewal_id: 'Plan activated successfully.'", async () => {
    const activated: string[] = [];
    const { router } = renderApp('/?renewal_id=r-42', {
      handle: (url, options) => {
        if (url.startsWith('/restrictions/v1/renewals/') && options.method === 'POST') {
          activated.push(url);
          return { plan_id: 'create-maker', message: 'ok' };
        }
        return undefined;
      },
    });
    expect(await screen.findByText('Plan activated successfully.')).toBeTruthy();
    expect(activated).toEqual(['/restrictions/v1/renewals/r-42/activate']);
    await waitFor(() => expect(at(router)).toBe('/'));
  });
});

describe('invitations on Home', () => {
  const invitation = (partial: Partial<ReceivedInvitation> = {}): ReceivedInvitation => ({
    id: 'inv1',
    organization_id: 'pro1',
    organization_name: 'Acme Team',
    space: 'pro',
    roles: ['role:pro-editor'],
    invited_by: 'Grace Hopper',
    invited_at: '2026-01-02T00:00:00.000Z',
    ...partial,
  });

  /** A fake server that keeps pending invitations and the spaces they open. */
  function invitationServer(pending: ReceivedInvitation[]) {
    const calls: string[] = [];
    const joined: string[] = [];
    const handle = (url: string, options: { method?: string }) => {
      if (url === '/classroom/v1/invitations') return { invitations: pending };
      if (url === '/classroom/v1/organizations')
        return { organizations: joined.includes('pro1') ? [{ ...team, roles: ['role:pro-editor'] }] : [] };
      const m = /^\/classroom\/v1\/invitations\/(\w+)\/(accept|decline)$/.exec(url);
      if (m && options.method === 'POST') {
        calls.push(`${m[2]} ${m[1]}`);
        const found = pending.find((i) => i.id === m[1]);
        pending.splice(pending.indexOf(found as ReceivedInvitation), 1);
        if (m[2] === 'accept') {
          joined.push(found?.organization_id ?? '');
          return { organization_id: found?.organization_id };
        }
        return null;
      }
      return undefined;
    };
    return { handle, calls };
  }

  it('lists pending invitations; accepting joins and selects the space', async () => {
    const server = invitationServer([invitation()]);
    const { spaces } = renderApp('/', { handle: server.handle });
    const item = await screen.findByTestId('invitation');
    expect(item.textContent).toContain('Acme Team');
    expect(item.textContent).toContain('Team space · as Editor · invited by Grace Hopper');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Acme Team' }));
    expect(await screen.findByText('You joined Acme Team.')).toBeTruthy();
    expect(server.calls).toEqual(['accept inv1']);
    await waitFor(() => expect(spaces.selection.get()).toBe('pro1'));
    await waitFor(() => expect(screen.queryByTestId('invitation')).toBeNull());
  });

  it('declining removes the invitation and joins nothing', async () => {
    const server = invitationServer([
      invitation(),
      invitation({ id: 'inv2', organization_id: 'edu1', organization_name: 'Hilltop', space: 'edu' }),
    ]);
    const { spaces } = renderApp('/', { handle: server.handle });
    expect(await screen.findAllByTestId('invitation')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Decline the invitation to Hilltop' }));
    expect(await screen.findByText('Invitation to Hilltop declined.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('invitation')).toHaveLength(1));
    expect(server.calls).toEqual(['decline inv2']);
    expect(spaces.selection.get()).not.toBe('edu1');
  });

  it('shows nothing without invitations, and never asks for them for a minor', async () => {
    const { api } = renderApp('/', { user: { ...ada, is_minor: true } });
    expect(await screen.findByText('Welcome, Ada Lovelace!')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
    expect(api.mock.calls.map((c) => c[0])).not.toContain('/classroom/v1/invitations');
  });
});
