import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast.tsx';
import { Snackbar } from './Snackbar.tsx';
import { SNACKBAR_SETTINGS, SnackbarProvider } from './SnackbarProvider.tsx';

describe('Snackbar', () => {
  it('defaults to info and xl, and renders title, message, actions and close', () => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(
      <Snackbar
        title="Saved"
        message="All good"
        actions={[{ label: 'Undo', onClick: onAction }]}
        onClose={onClose}
      />,
    );
    const bar = screen.getByRole('status');
    expect(bar.dataset.variant).toBe('info');
    expect(bar.dataset.size).toBe('xl');
    expect(bar.querySelector('.snackbar-title')?.textContent).toBe('Saved');
    expect(bar.querySelector('.snackbar-message')?.textContent).toBe('All good');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onAction).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('marks errors as alerts and takes the small size', () => {
    render(<Snackbar variant="error" size="sm" message="Nope" />);
    expect(screen.getByRole('alert').dataset.size).toBe('sm');
  });
});

describe('SnackbarProvider', () => {
  it('uses the constants of spec section 9', () => {
    expect(SNACKBAR_SETTINGS).toEqual({
      position: 'bottom-center',
      duration: 5000,
      offset: 32,
      visibleToasts: 3,
    });
  });

  it('shows at most 3 toasts and mounts only one provider', async () => {
    render(
      <>
        <SnackbarProvider />
        <SnackbarProvider />
      </>,
    );
    await new Promise((r) => setTimeout(r, 20));
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.success(`Toast ${n}`);
    });
    await screen.findByText('Toast 4');
    expect(document.querySelectorAll('[data-sonner-toaster]').length).toBe(1);
    await waitFor(() =>
      expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]').length).toBe(3),
    );
    const toaster = document.querySelector('[data-sonner-toaster]') as HTMLElement;
    expect(toaster.dataset.yPosition).toBe('bottom');
    expect(toaster.dataset.xPosition).toBe('center');
    act(() => {
      toast.dismiss();
    });
  });
});
