import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROPERTY_TYPES } from '@tinkercloud/shared/iot';
import { describe, expect, it } from 'vitest';
import type { Property } from '@/features/iot/api/schemas.ts';
import { fakeIot } from '@/features/iot/testing/fake-iot.ts';
import { renderApp } from '@/test/app-harness.tsx';

const THING = '5c1e0f3a-8d2b-4e6f-9a7c-1b2d3e4f5a6b';

describe('the variables of a thing', () => {
  it('closes "Add variable" after the first variable, even when the list is read again before the save answers', async () => {
    const iot = fakeIot({ things: [{ id: THING, name: 'Greenhouse' }] });
    let release: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      release = r;
    });
    const { queryClient } = renderApp(`/things/${THING}/`, {
      handle: async (url, options) => {
        if (url === `/iot/v2/things/${THING}/properties` && options.method === 'PUT') {
          const made: Property = {
            id: 'p1',
            thing_id: THING,
            name: 'on',
            variable_name: 'on',
            type: 'STATUS',
            permission: 'READ_WRITE',
            update_strategy: 'ON_CHANGE',
          } as Property;
          iot.state.properties.push(made);
          // Another read of the list (a live event of the change) lands first.
          await answered;
          return made;
        }
        return iot.handle(url, options);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add variable' });
    fireEvent.change(screen.getByLabelText('Variable name'), { target: { value: 'on' } });
    fireEvent.change(screen.getByLabelText('Variable type'), { target: { value: 'STATUS' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);

    await waitFor(() => expect(iot.state.properties).toHaveLength(1));
    await queryClient.invalidateQueries();
    // The empty state became the table while the save is still waiting for its answer.
    expect(await screen.findByRole('table', { name: 'Variables' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add variable' })).toBeNull());
  });

  it('offers the property types the server serves (GET /iot/v1/property_types), the bundled ones until then', async () => {
    const iot = fakeIot({ things: [{ id: THING, name: 'Greenhouse' }] });
    const served = [
      ...PROPERTY_TYPES,
      {
        type: 'SOIL_TENSION',
        name: 'Soil tension',
        declaration: 'float',
        deprecated: false,
        rw: true,
        assistants: [],
        tags: ['specialized'],
        units: ['Kilopascal'],
      },
    ];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      answer = r;
    });
    renderApp(`/things/${THING}/`, {
      handle: async (url, options) => {
        if (url === '/iot/v1/property_types') {
          await answered;
          return served;
        }
        return iot.handle(url, options);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add variable' }));
    const list = await screen.findByLabelText('Variable type');
    // Still loading: the bundled catalogue, so the picker is never empty.
    expect(within(list).getAllByRole('option')).toHaveLength(PROPERTY_TYPES.length);
    answer();
    expect(
      await within(list).findByRole('option', { name: 'Soil tension (SOIL_TENSION), Kilopascal' }),
    ).toBeTruthy();
    fireEvent.change(list, { target: { value: 'SOIL_TENSION' } });
    expect(screen.getByText('float')).toBeTruthy();
  });

  it('keeps the bundled property types when the server cannot be asked', async () => {
    const iot = fakeIot({ things: [{ id: THING, name: 'Greenhouse' }] });
    renderApp(`/things/${THING}/`, {
      handle: (url, options) => {
        if (url === '/iot/v1/property_types') throw new Error('offline');
        return iot.handle(url, options);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add variable' }));
    const list = await screen.findByLabelText('Variable type');
    expect(within(list).getAllByRole('option')).toHaveLength(PROPERTY_TYPES.length);
  });
});
