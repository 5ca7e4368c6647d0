import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast.tsx';
import { renderApp } from '../test/app-harness.tsx';
import { SnackbarProvider } from './SnackbarProvider.tsx';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

const toaster = () => document.querySelector('[data-sonner-toaster]') as HTMLElement | null;

describe('snackbar provider settings in the page (spec 9)', () => {
  it('sits bottom-center, 32 px from the edge', async () => {
    render(<SnackbarProvider />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => {
      toast.info('Placed');
    });
    await screen.findByText('Placed');
    const host = toaster();
    expect(host?.dataset.yPosition).toBe('bottom');
    expect(host?.dataset.xPosition).toBe('center');
    expect(host?.style.getPropertyValue('--offset-bottom')).toBe('32px');
    expect(host?.style.getPropertyValue('--mobile-offset-bottom')).toBe('32px');
  });

  it('closes a toast after 5000 ms, not the library default of 4000 ms', async () => {
    vi.useFakeTimers();
    render(<SnackbarProvider />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => {
      toast.info('Short lived');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4500);
    });
    expect(screen.getByText('Short lived')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    // Removed from view, then unmounted once its exit animation has run.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText('Short lived')).toBeNull();
  });
});

describe('the root route mounts the snackbar provider', () => {
  it('shows a toast raised anywhere in the app', async () => {
    renderApp('/');
    await screen.findByText('Welcome, Ada Lovelace!');
    act(() => {
      toast.success('From the app');
    });
    expect(await screen.findByText('From the app')).toBeTruthy();
    expect(document.querySelectorAll('[data-sonner-toaster]')).toHaveLength(1);
  });
});
