import { fireEvent, render, screen } from '@testing-library/react';
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
