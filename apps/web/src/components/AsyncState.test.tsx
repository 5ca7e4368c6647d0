import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type AsyncQuery, AsyncState } from './AsyncState.tsx';

const query = (over: Partial<AsyncQuery<string[]>>): AsyncQuery<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...over,
});
const empty = { title: 'No things yet', hint: 'Create one.', action: <a href="/new">Create thing</a> };

describe('AsyncState', () => {
  it('shows the loader while pending', () => {
    render(
      <AsyncState query={query({ isPending: true })} errorTitle="Failed">
        {() => 'data'}
      </AsyncState>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('data')).toBeNull();
  });

  it('shows the error with "Try again", which reads again', () => {
    const q = query({ isError: true, error: new Error('Network Error: down') });
    render(
      <AsyncState query={q} errorTitle="Things could not be loaded">
        {() => 'data'}
      </AsyncState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Things could not be loaded');
    expect(screen.getByText('Network Error: down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('keeps the data of a good read when a re-read fails, under a notice with "Try again"', () => {
    const q = query({ isError: true, error: new Error('Network Error: down.'), data: ['a', 'b'] });
    render(
      <AsyncState query={q} errorTitle="Things could not be loaded" empty={empty}>
        {(data) => data.join('+')}
      </AsyncState>,
    );
    expect(screen.getByText('a+b')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Things could not be loaded Network Error: down.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('keeps what it shows in its place in the tree when a re-read fails', () => {
    let mounts = 0;
    function Child() {
      const [id] = useState(() => ++mounts);
      return <span>child {id}</span>;
    }
    const { rerender } = render(
      <AsyncState query={query({ data: ['a'] })} errorTitle="Failed">
        {() => <Child />}
      </AsyncState>,
    );
    rerender(
      <AsyncState query={query({ data: ['a'], isError: true, error: new Error('down') })} errorTitle="Failed">
        {() => <Child />}
      </AsyncState>,
    );
    expect(screen.getByText('child 1')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('shows the empty state with its next step', () => {
    render(
      <AsyncState query={query({ data: [] })} errorTitle="Failed" empty={empty}>
        {() => 'data'}
      </AsyncState>,
    );
    expect(screen.getByText('No things yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create thing' })).toBeTruthy();
  });

  it('renders the data otherwise', () => {
    render(
      <AsyncState query={query({ data: ['a', 'b'] })} errorTitle="Failed" empty={empty}>
        {(data) => data.join('+')}
      </AsyncState>,
    );
    expect(screen.getByText('a+b')).toBeTruthy();
  });
});
