import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../components/SnackbarProvider.tsx';
import { notifyBlockedLink } from './store-link-toast.ts';

describe('blocked link notice', () => {
  it("offers Copy and answers 'Link copied to clipboard!'", async () => {
    render(<SnackbarProvider />);
    const clipboard = { writeText: vi.fn(async () => undefined) } as unknown as Clipboard;
    await new Promise((r) => setTimeout(r, 10));
    notifyBlockedLink('https://forum.example/t/1', clipboard);
    expect(await screen.findByText('Reach the link using your browser.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeTruthy();
    expect(clipboard.writeText).toHaveBeenCalledWith('https://forum.example/t/1');
  });

  it('answers "Link didn\'t copy to clipboard!" when copying fails', async () => {
    render(<SnackbarProvider />);
    await new Promise((r) => setTimeout(r, 10));
    notifyBlockedLink('https://forum.example/t/2', undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText("Link didn't copy to clipboard!")).toBeTruthy();
  });
});
