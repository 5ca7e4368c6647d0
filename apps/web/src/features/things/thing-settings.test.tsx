import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '@/lib/api.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { fakeIot } from '../iot/testing/fake-iot.ts';

describe('Thing settings', () => {
  it('keeps a half-typed name when someone else renames the thing, says so, and saves what was typed', async () => {
    const iot = fakeIot({ things: [{ id: 't1', name: 'Greenhouse' }] });
    const renames: unknown[] = [];
    const handle = (url: string, options: RequestOptions) => {
      if (url === '/iot/v2/things/t1' && options.method === 'POST') {
        const body = options.body as { name: string };
        renames.push(body);
        const thing = iot.state.things[0];
        if (thing) thing.name = body.name;
        return null;
      }
      return iot.handle(url, options);
    };
    const { queryClient } = renderApp('/things/t1/', { handle });
    const field = (await screen.findByLabelText('Thing name')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('Greenhouse'));
    fireEvent.change(field, { target: { value: 'Glasshouse' } });

    // Another member renames it; the page reads the thing again (as on its live event).
    const thing = iot.state.things[0];
    if (thing) thing.name = 'Greenhouse 2';
    await queryClient.refetchQueries();
    await screen.findByRole('heading', { name: 'Greenhouse 2', level: 1 });
    expect(field.value).toBe('Glasshouse');
    expect(screen.getByText('Changed meanwhile to “Greenhouse 2”: saving replaces it.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(renames).toEqual([{ name: 'Glasshouse' }]));
    await screen.findByRole('heading', { name: 'Glasshouse', level: 1 });
    expect(field.value).toBe('Glasshouse');
    expect(screen.queryByText(/Changed meanwhile/)).toBeNull();

    // Untouched, the field follows the next rename.
    if (thing) thing.name = 'Hothouse';
    await queryClient.refetchQueries();
    await waitFor(() => expect(field.value).toBe('Hothouse'));
  });
});
