import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Member, SpaceInvitation } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { at, recap, renderApp, space } from '@/test/app-harness.tsx';

const team = (roles: string[], extra = {}) =>
  space({ id: 'pro1', name: 'Acme Team', space: 'pro', roles, type: 'Company', country: 'IT', ...extra });
const school = (roles: string[]) =>
  space({ id: 'edu1', name: 'Hilltop School', space: 'edu', roles, type: 'High School', plan_seats: 30 });

const member = (partial: Partial<Member>): Member => ({
  id: 'm1',
  username: 'grace',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  avatar: '',
  is_minor: false,
  roles: ['role:pro-editor'],
  last_update: '2026-01-02T00:00:00.000Z',
  ...partial,
});

const countries = {
  countries: [
    { code: 'IT', name: 'Italy' },
    { code: 'FR', name: 'France' },
  ],
};

describe('route guards (spec 6.2)', () => {
  it('blocks settings, roles-permissions, members and branding in My Cloud', async () => {
    for (const path of ['/settings/', '/roles-permissions/', '/members/', '/branding/']) {
      const { router, view } = renderApp(path);
      await waitFor(() => expect(at(router)).toBe('/'));
      view.unmount();
    }
  });

  it('offers branding in team spaces only and courses outside them', async () => {
    const edu = renderApp('/branding/', { organizations: [school(['role:edu-admin'])], selectedId: 'edu1' });
    await waitFor(() => expect(at(edu.router)).toBe('/'));
    edu.view.unmount();
    const pro = renderApp('/courses/', { organizations: [team(['role:pro-admin'])], selectedId: 'pro1' });
    await waitFor(() => expect(at(pro.router)).toBe('/'));
  });

  it('sends minors home from every page but Home, Sketches and Courses', async () => {
    const { router } = renderApp('/plan-usage/', {
      user: { ...(await import('@/test/app-harness.tsx')).ada, is_minor: true },
    });
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('keeps students out of the member list', async () => {
    const { router } = renderApp('/members/', {
      organizations: [school(['role:edu-student'])],
      selectedId: 'edu1',
    });
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('sends /templates without a tab to custom templates in a team space', async () => {
    const { router } = renderApp('/templates/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'custom' }));
  });
});

describe('Space Settings', () => {
  it('saves only what changed and says so', async () => {
    const calls: { url: string; body: unknown }[] = [];
    renderApp('/settings/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
      handle: (url, options) => {
        if (url === '/countries/v1') return countries;
        if (options.method === 'PATCH') {
          calls.push({ url, body: options.body });
          return team(['role:pro-admin'], { name: 'Acme Labs' });
        }
        if (url.endsWith('/code')) return { code: 'ABC123' };
        return undefined;
      },
    });
    const name = await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual([]);
    fireEvent.change(name, { target: { value: 'Acme Labs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Space information updated')).toBeTruthy();
    expect(calls).toEqual([{ url: '/classroom/v1/organizations/pro1', body: { name: 'Acme Labs' } }]);
    expect(await screen.findByTestId('join-code')).toBeTruthy();
  });

  it('lets each user hide the horizontal logo from their own header', async () => {
    renderApp('/settings/', {
      organizations: [team(['role:pro-editor'], { second_logo: '/media/v1/logos/pro1-second.png' })],
      selectedId: 'pro1',
      handle: (url) => (url === '/countries/v1' ? countries : undefined),
    });
    const show = (await screen.findByRole('checkbox', { name: 'Show in the header' })) as HTMLInputElement;
    expect(show.checked).toBe(true);
    fireEvent.click(show);
    await waitFor(() => expect(show.checked).toBe(false));
    expect(document.cookie).toContain('tc_hidden_logos=pro1');
    fireEvent.click(show);
    await waitFor(() => expect(show.checked).toBe(true));
    expect(document.cookie).not.toContain('tc_hidden_logos=pro1');
  });

  it("reports a failed update as 'Network Error: {detail}'", async () => {
    renderApp('/settings/', {
      organizations: [school(['role:edu-admin'])],
      selectedId: 'edu1',
      handle: (url, options) => {
        if (url === '/countries/v1') return countries;
        if (options.method === 'PATCH')
          throw new ApiError({ code: 'bad', name: 'Bad', detail: 'Name taken', id: '', status: 400, url });
        return undefined;
      },
    });
    const type = await screen.findByLabelText('School type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not set', 'Middle School', 'High School', 'University', 'Fablab', 'Other']);
    fireEvent.change(type, { target: { value: 'University' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Network Error: Name taken')).toBeTruthy();
  });

  it('lets admins delete the space after confirming, and everyone leave', async () => {
    const deleted: string[] = [];
    const { router, spaces } = renderApp('/settings/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
      handle: (url, options) => {
        if (options.method === 'DELETE') {
          deleted.push(url);
          return null;
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete space' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['/classroom/v1/organizations/pro1']));
    await waitFor(() => expect(at(router)).toBe('/'));
    expect(spaces.selection.get()).toBe('my-cloud');
  });

  it('hides delete from members who may not delete', async () => {
    renderApp('/settings/', { organizations: [team(['role:pro-editor'])], selectedId: 'pro1' });
    expect(await screen.findByRole('button', { name: 'Leave space' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete space' })).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
  });
});

const pending = (partial: Partial<SpaceInvitation>): SpaceInvitation => ({
  id: 'i1',
  login: 'linus@example.com',
  roles: ['role:pro-editor'],
  status: 'invited',
  invited_at: '2026-01-03T00:00:00.000Z',
  ...partial,
});

describe('Members', () => {
  it('lists members with initials, roles and seats, invites, changes roles and removes', async () => {
    const requests: { method: string; url: string; body?: unknown }[] = [];
    renderApp('/members/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
      handle: (url, options) => {
        if (url === '/restrictions/v1/recap/me')
          return { ...recap(['cloud-enterprise']), limits: { ...recap().limits, cloud_things: 100 } };
        if (url.startsWith('/classroom/v1/organizations/pro1/members')) {
          const method = options.method ?? 'GET';
          if (method === 'GET')
            return {
              members: [
                member({}),
                member({
                  id: 'm2',
                  name: 'Alan',
                  username: 'alan',
                  avatar: 'https://a/x.png',
                  roles: ['role:pro-admin'],
                }),
              ],
              invitations: [],
            };
          requests.push({ method, url, body: options.body });
          return method === 'POST' ? { invitations: [pending({})] } : null;
        }
        return undefined;
      },
    });
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByTestId('member-initials').textContent).toBe('GH');
    expect(await screen.findByText('2 of 50 seats used')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: 'linus@example.com' } });
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('role:pro-editor');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Role of Grace Hopper'), { target: { value: 'role:pro-admin' } });
    await screen.findByText('Grace Hopper is now Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    await screen.findByText('Grace Hopper was removed');
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/classroom/v1/organizations/pro1/members',
        body: { members: [{ login: 'linus@example.com', role: 'role:pro-editor' }] },
      },
      {
        method: 'PATCH',
        url: '/classroom/v1/organizations/pro1/members/m1/role',
        body: { member_role: 'role:pro-admin' },
      },
      { method: 'DELETE', url: '/classroom/v1/organizations/pro1/members/m1', body: undefined },
    ]);
  });

  it('shows a pending invitation with only the typed login, outside the seat count, and withdraws it', async () => {
    const requests: { method: string; url: string }[] = [];
    let invitations = [pending({ login: 'Linus', roles: ['role:pro-admin'] })];
    renderApp('/members/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
      handle: (url, options) => {
        if (url === '/restrictions/v1/recap/me')
          return { ...recap(['cloud-enterprise']), limits: { ...recap().limits, cloud_things: 100 } };
        if (url === '/classroom/v1/organizations/pro1/members') return { members: [member({})], invitations };
        if (url.startsWith('/classroom/v1/organizations/pro1/invitations/')) {
          requests.push({ method: options.method ?? 'GET', url });
          invitations = [];
          return null;
        }
        return undefined;
      },
    });
    const row = await screen.findByTestId('pending-invitation');
    expect(within(row).getByText('Linus')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('Admin')).toBeTruthy();
    // Nothing but what the inviter typed: no e-mail, no username, no role select.
    expect(row.querySelector('select')).toBeNull();
    expect(row.textContent).not.toContain('@');
    expect(await screen.findByText('1 of 50 seats used')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of Linus' }));
    expect(await screen.findByText('The invitation of Linus was withdrawn')).toBeTruthy();
    expect(requests).toEqual([{ method: 'DELETE', url: '/classroom/v1/organizations/pro1/invitations/i1' }]);
    await waitFor(() => expect(screen.queryByTestId('pending-invitation')).toBeNull());
  });

  it('shows teachers the list read-only with the invite form and the school seats', async () => {
    renderApp('/members/', {
      organizations: [school(['role:edu-teacher'])],
      selectedId: 'edu1',
      handle: (url) =>
        url.endsWith('/members')
          ? {
              members: [member({ roles: ['role:edu-student'] })],
              invitations: [
                pending({ id: 'i1', login: 'pupil', roles: ['role:edu-student'] }),
                pending({ id: 'i2', login: 'colleague', roles: ['role:edu-teacher'] }),
              ],
            }
          : undefined,
    });
    expect(await screen.findByText('1 of 30 seats used')).toBeTruthy();
    expect(screen.getAllByText('Student').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('E-mail or username')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    // Teachers may invite (and withdraw invitations of) students only, as the server enforces.
    const roles = [...(screen.getByLabelText('Role') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(roles).toEqual(['Student']);
    expect(screen.getByRole('button', { name: 'Withdraw the invitation of pupil' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw the invitation of colleague' })).toBeNull();
  });
});

describe('Roles & Permissions', () => {
  it('tables what each role of the space kind may do', async () => {
    renderApp('/roles-permissions/', { organizations: [school(['role:edu-admin'])], selectedId: 'edu1' });
    expect((await screen.findByTestId('user-type')).textContent).toBe('You are an admin in Hilltop School.');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Permission', 'Admin', 'Teacher', 'Student']);
    expect(within(table).queryByText('Change the branding')).toBeNull();
    const row = within(table).getByText('Invite members').closest('tr') as HTMLElement;
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.dataset.allowed)).toEqual([
      'true',
      'true',
      'false',
    ]);
  });
  it('names the user type from the first role', async () => {
    renderApp('/roles-permissions/', {
      organizations: [school(['role:edu-teacher', 'role:edu-admin'])],
      selectedId: 'edu1',
    });
    expect((await screen.findByTestId('user-type')).textContent).toBe('You are a teacher in Hilltop School.');
  });
});

describe('Plan Usage', () => {
  it('shows usage against limits, the unlimited disk rule and the API quota', async () => {
    renderApp('/plan-usage/', {
      handle: (url) =>
        url === '/restrictions/v1/recap/me'
          ? {
              ...recap(['create-maker']),
              usage: { ...recap().usage, cloud_things: 25, create_disk_sketches: 5000 },
              limits: {
                ...recap().limits,
                cloud_things: 25,
                create_sketches_disk: 2_000_000_000,
                cloud_api: 5,
              },
            }
          : undefined,
    });
    expect(await screen.findByText('Plan: Maker')).toBeTruthy();
    expect(screen.getByTestId('usage-things').dataset.state).toBe('at_limit');
    expect(within(screen.getByTestId('usage-things')).getByText('Limit reached')).toBeTruthy();
    expect(within(screen.getByTestId('usage-disk')).getByText('4.88 KB · unlimited')).toBeTruthy();
    expect(within(screen.getByTestId('usage-api')).getByText('0 of 1000')).toBeTruthy();
  });

  it('counts a team space without a plan as expired and at its limits', async () => {
    renderApp('/plan-usage/', { organizations: [team(['role:pro-admin'])], selectedId: 'pro1' });
    expect(await screen.findByText(/has no active plan/)).toBeTruthy();
    expect(screen.getByTestId('usage-compilations').dataset.state).toBe('at_limit');
    expect(screen.getByText('Free plan')).toBeTruthy();
  });
});

/** The branding of the Acme Team space as the server answers it before any change. */
const acmeBranding = {
  organization_id: 'pro1',
  organization_name: 'Acme Team',
  organization_second_logo: null,
  policy_url: null,
  custom_tos: null,
};

describe('Branding', () => {
  it('saves the policy address and custom terms of a team space', async () => {
    const puts: unknown[] = [];
    renderApp('/branding/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
      handle: (url, options) => {
        if (url === '/customization/v1/customizable/ofOrg/pro1') {
          if (options.method === 'PUT') {
            puts.push(options.body);
            return {
              organization_id: 'pro1',
              organization_name: 'Acme Team',
              organization_second_logo: null,
              policy_url: 'https://acme.example/privacy',
              custom_tos: null,
            };
          }
          return acmeBranding;
        }
        return undefined;
      },
    });
    fireEvent.change(await screen.findByLabelText(/Privacy policy address/), {
      target: { value: 'https://acme.example/privacy' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Branding updated')).toBeTruthy();
    expect(puts).toEqual([{ policy_url: 'https://acme.example/privacy', custom_tos: null }]);
  });

  it('keeps the form, and what is typed in it, when a re-read of the branding fails', async () => {
    let fail = false;
    const { queryClient } = renderApp('/branding/', {
      organizations: [team(['role:pro-admin'])],
      selectedId: 'pro1',
      handle: (url) => {
        if (url !== '/customization/v1/customizable/ofOrg/pro1') return undefined;
        if (fail) throw new Error('Network Error: the server is unreachable.');
        return acmeBranding;
      },
    });
    const field = await screen.findByLabelText(/Privacy policy address/);
    fireEvent.change(field, { target: { value: 'https://acme.example/priv' } });
    fail = true;
    await queryClient.refetchQueries();
    expect(await screen.findByText('Branding could not be loaded')).toBeTruthy();
    expect((screen.getByLabelText(/Privacy policy address/) as HTMLInputElement).value).toBe(
      'https://acme.example/priv',
    );
  });
});

describe('Courses', () => {
  it('lists the kits of My Cloud from the education catalogue', async () => {
    renderApp('/courses/', {
      handle: (url) =>
        url === '/education/v2/kits'
          ? {
              kits: [
                {
                  id: 'k1',
                  name: 'Starter Kit',
                  description: 'First steps',
                  courses: [{ id: 'c1', title: 'Blink', url: 'https://learn.example/blink' }],
                },
              ],
            }
          : undefined,
    });
    expect(await screen.findByText('Starter Kit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Blink' }).getAttribute('href')).toBe(
      'https://learn.example/blink',
    );
  });
});
