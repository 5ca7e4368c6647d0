import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toErrorBody } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/Button.tsx';
import { SnackbarProvider } from '@/components/SnackbarProvider.tsx';
import { ApiError } from './api.ts';
import { useApiMutation } from './use-api-mutation.ts';

const key = ['names'];
/** What the server holds; the list query reads it. */
let stored = ['alpha'];

/** A list that the server (here a promise the test settles) may or may not accept a new entry into. */
function Names({ add }: { add: (name: string) => Promise<void> }) {
  const names = useQuery({
    queryKey: key,
    queryFn: async () => [...stored],
    staleTime: Number.POSITIVE_INFINITY,
  });
  const create = useApiMutation<void, string, string[]>({
    mutationFn: add,
    optimistic: { queryKey: key, update: (cached, name) => [...(cached ?? []), name] },
    successMessage: (_, name) => `Created ${name}`,
  });
  return (
    <>
      <ul>
        {names.data?.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <Button onClick={() => create.mutateAsync('beta')}>Add</Button>
    </>
  );
}

function setup(add: (name: string) => Promise<void>) {
  stored = ['alpha'];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(key, ['alpha']);
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider />
      <Names add={add} />
    </QueryClientProvider>,
  );
  return client;
}

describe('useApiMutation', () => {
  it('shows the change at once, then rolls it back and shows the spec error text when the write fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const client = setup(() => new Promise((_, reject) => (fail = reject)));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('beta')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    fail(new ApiError(toErrorBody({ status: 503, detail: 'down for maintenance' })));
    expect(await screen.findByText('Network Error: down for maintenance')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('beta')).toBeNull());
    expect(client.getQueryData(key)).toEqual(['alpha']);
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says what clashed when the server answers 409, without the "Network Error" prefix', async () => {
    setup(() =>
      Promise.reject(
        new ApiError(toErrorBody({ status: 409, detail: 'This template already exists in this space.' })),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // The whole text is the detail: no 'Network Error: ' before it.
    expect(await screen.findByText('This template already exists in this space.')).toBeTruthy();
  });

  it('keeps the change and says so when the write succeeds', async () => {
    setup(async (name) => {
      stored = [...stored, name];
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Created beta')).toBeTruthy();
    expect(screen.getByText('beta')).toBeTruthy();
  });
  it('reads a list again after the write when its first read was still out as the write settled', async () => {
    // The list's first read is answered by hand, after the write: it was made before the write and misses it.
    const reads: ((names: string[]) => void)[] = [];
    function Listed() {
      const names = useQuery({
        queryKey: key,
        queryFn: () => new Promise<string[]>((resolve) => reads.push(resolve)),
        staleTime: Number.POSITIVE_INFINITY,
      });
      const create = useApiMutation<void, string>({ mutationFn: async () => undefined, invalidates: [key] });
      return (
        <>
          <p>{names.data?.join(', ') ?? 'loading'}</p>
          <Button onClick={() => create.mutateAsync('beta')}>Add</Button>
        </>
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SnackbarProvider />
        <Listed />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(reads).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(client.isMutating()).toBe(1));
    reads[0]?.(['alpha']);
    await waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.(['alpha', 'beta']);
    expect(await screen.findByText('alpha, beta')).toBeTruthy();
  });
});
