import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import type { BuiltinTemplate, CustomTemplate } from '@tinkercloud/shared/iot';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/features/iot/model/format-time.ts';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import { at, renderApp } from '@/test/app-harness.tsx';

const TID = '0b6f6a3e-8a3c-4d1e-9a51-3f1f0f2d7c10';
const lights: BuiltinTemplate = {
  id: 'remote-controlled-lights',
  name: 'Remote controlled lights',
  description: 'Switch a light on and off.',
  thing_templates: [
    {
      id: 'lights',
      name: 'Lights',
      variables: [
        {
          name: 'light',
          variable_name: 'light',
          type: 'STATUS',
          permission: 'READ_WRITE',
          update_strategy: 'ON_CHANGE',
        },
      ],
    },
  ],
  dashboard_templates: [
    {
      id: 'board',
      name: 'Lights',
      widgets: [
        {
          type: 'switch',
          name: 'Light',
          options: {},
          x: 0,
          y: 0,
          width: 2,
          height: 2,
          variables: [{ thing_id: 'lights', variable_id: 'light' }],
        },
      ],
    },
  ],
  trigger_templates: [],
};
const custom: CustomTemplate = {
  template_id: TID,
  name: 'Greenhouse kit',
  description: 'A thing and its board',
  compatible_boards: [],
  image_links: [],
  thing_templates: lights.thing_templates,
  dashboard_templates: lights.dashboard_templates,
  trigger_templates: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const devices = [
  { id: 'd1', name: 'free-board', type: 'mkrwifi1010', serial: '', label: '', user_id: 'u1', href: '' },
  {
    id: 'd2',
    name: 'busy-board',
    type: 'mkrwifi1010',
    serial: '',
    label: '',
    user_id: 'u1',
    href: '',
    thing: { id: 't9', name: 'Other' },
  },
];
const THING = '5d0e8b1a-2c3f-4a5b-8c6d-7e8f9a0b1c2d';
const BOARD = '6e1f9c2b-3d4a-4b6c-9d7e-8f9a0b1c2d3e';
const made = {
  things: [{ id: THING, sketch_id: '7f2a0d3c-4e5b-4c7d-8e8f-9a0b1c2d3e4f' }],
  dashboards: [BOARD],
  triggers: [],
};

/** The template routes of the server, recording what the pages send. */
function server() {
  const sent: { url: string; options: RequestOptions }[] = [];
  const handle = (url: string, options: RequestOptions) => {
    if (url.startsWith('/storage/') || url === '/iot/v1/templates') sent.push({ url, options });
    if (url === '/templates/v1/builtin') return { templates: [lights] };
    if (url === '/storage/template/v1/list')
      return {
        templates: [
          {
            template_id: TID,
            name: custom.name,
            created_at: custom.created_at,
            updated_at: custom.updated_at,
          },
        ],
      };
    if (url === `/storage/template/v1/${TID}` && options.method === 'PATCH')
      return { ...custom, ...(options.body as object) };
    if (url === `/storage/template/v1/${TID}`) return custom;
    if (url === '/storage/template/v1/' && options.method === 'POST') return custom;
    if (url === '/iot/v1/templates') return made;
    if (url === '/iot/v2/devices') return devices;
    if (url === '/iot/v2/things')
      return [{ id: 't1', name: 'Greenhouse', timezone: 'UTC', user_id: 'u1', href: '' }];
    if (url === '/iot/v1/triggers') return [];
    return undefined;
  };
  return { sent, handle };
}

describe('template pages', () => {
  it('lists the built-in templates and applies one from its dialog with a prefix and a free device', async () => {
    const s = server();
    renderApp('/templates/?tab=tinkercloud', { handle: s.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Use template Remote controlled lights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remote controlled lights' });
    expect(within(dialog).getByText('Things (1)')).toBeTruthy();
    const select = (await within(dialog).findByLabelText('Device for Lights')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    // Only the free device is offered.
    expect([...select.options].map((o) => o.textContent)).toEqual(['No device', 'free-board']);
    fireEvent.change(select, { target: { value: 'd1' } });
    fireEvent.change(within(dialog).getByLabelText('Name prefix (optional)'), {
      target: { value: 'Kitchen' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply template' }));
    expect(await within(dialog).findByText('Template applied')).toBeTruthy();
    expect(s.sent.at(-1)?.options.body).toEqual({
      template_name: 'remote-controlled-lights',
      prefix_name: 'Kitchen',
      things_options: { lights: { device_id: 'd1' } },
    });
    const links = within(dialog).getAllByRole('link', { name: 'Kitchen Lights' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/things/${THING}/`, `/dashboards/${BOARD}/`]);
  });

  it('refuses a bad prefix in words before calling the server', async () => {
    const s = server();
    renderApp(`/templates/${TID}/apply/`, { handle: s.handle });
    fireEvent.change(await screen.findByLabelText('Name prefix (optional)'), { target: { value: 'a/b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply template' }));
    expect(await screen.findByText('Use letters, digits, spaces and _ . - only.')).toBeTruthy();
    expect(s.sent.filter((c) => c.url === '/iot/v1/templates')).toEqual([]);
  });

  it('applies a custom template with the device of ?deviceId= pre-selected', async () => {
    const s = server();
    renderApp(`/templates/${TID}/apply/?deviceId=d1`, { handle: s.handle });
    const select = (await screen.findByLabelText('Device for Lights')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('d1'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply template' }));
    expect(await screen.findByText('Template applied')).toBeTruthy();
    expect(s.sent.at(-1)?.options.body).toEqual({
      template_name: '',
      custom_template_id: TID,
      things_options: { lights: { device_id: 'd1' } },
    });
  });

  it('lists the custom templates of the space with their actions', async () => {
    const s = server();
    renderApp('/templates/?tab=custom', { handle: s.handle });
    expect(await screen.findByRole('link', { name: 'Greenhouse kit' })).toBeTruthy();
    // The app's one date format (format-time.ts), not the browser's bare default.
    expect(screen.getByText(`Created ${formatDate(custom.created_at)}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply Greenhouse kit' }).getAttribute('href')).toBe(
      `/templates/${TID}/apply/`,
    );
    expect(screen.getByRole('button', { name: 'Download Greenhouse kit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe('/templates/new/');
    expect(screen.getByRole('button', { name: 'Upload .tino' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Greenhouse kit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete template' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(s.sent.some((c) => c.options.method === 'DELETE')).toBe(true));
    // Spec 7.5: the list is asked for in ascending order, deleted ones left out.
    expect(s.sent.find((c) => c.url === '/storage/template/v1/list')?.options.body).toEqual({
      sort: 'asc',
      show_deleted: false,
    });
  });

  it('says what clashed when an uploaded template is already in the space (409), not "Network Error"', async () => {
    const s = server();
    renderApp('/templates/?tab=custom', {
      handle: (url, options) => {
        if (url === '/storage/template/archive/v1/')
          throw new ApiError(
            toErrorBody({
              code: 'conflict',
              status: 409,
              detail: 'This template already exists in this space.',
            }),
          );
        return s.handle(url, options);
      },
    });
    await screen.findByRole('link', { name: 'Greenhouse kit' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'kit.tino')] } });
    expect(await screen.findByText('This template already exists in this space.')).toBeTruthy();
    expect(screen.queryByText(/Network Error/)).toBeNull();
  });

  it('makes a template from picked things: a name and a thing are needed first', async () => {
    const s = server();
    const { router } = renderApp('/templates/new/', { handle: s.handle });
    fireEvent.click(await screen.findByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Enter a name for the template.')).toBeTruthy();
    expect(screen.getByText('Pick at least one thing.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Greenhouse kit' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Greenhouse' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(at(router)).toBe(`/templates/${TID}/`));
    expect(s.sent.find((c) => c.url === '/storage/template/v1/')?.options.body).toEqual({
      name: 'Greenhouse kit',
      description: '',
      thing_ids: ['t1'],
      dashboard_ids: [],
      trigger_ids: [],
    });
    expect(await screen.findByRole('heading', { name: 'Greenhouse kit' })).toBeTruthy();
    expect(screen.getByText('light')).toBeTruthy();
  });

  it('renames a template and goes back to it', async () => {
    const s = server();
    const { router } = renderApp(`/templates/${TID}/edit/`, { handle: s.handle });
    const name = await screen.findByLabelText('Template name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name for the template.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Renamed kit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(at(router)).toBe(`/templates/${TID}/`));
    expect(s.sent.find((c) => c.options.method === 'PATCH')?.options.body).toEqual({
      name: 'Renamed kit',
      description: 'A thing and its board',
    });
  });
});
