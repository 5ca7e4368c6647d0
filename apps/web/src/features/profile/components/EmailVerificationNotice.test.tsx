import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_NOTICE_TEXT, EmailVerificationNotice } from './EmailVerificationNotice.tsx';

describe('EmailVerificationNotice', () => {
  it('shows the text and a Resend email button when email_verified is false', () => {
    render(<EmailVerificationNotice emailVerified={false} onResend={async () => undefined} />);
    expect(
      screen.getByText('Please verify your email — check your inbox and follow the link we sent.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeTruthy();
  });

  it('sits fixed and centred 50px from the bottom, at most 80% wide and at least 36px high', () => {
    render(<EmailVerificationNotice emailVerified={false} onResend={async () => undefined} />);
    const notice = screen.getByRole('status');
    expect(notice.style.position).toBe('fixed');
    expect(notice.style.bottom).toBe('50px');
    expect(notice.style.left).toBe('50%');
    expect(notice.style.transform).toBe('translateX(-50%)');
    expect(notice.style.maxWidth).toBe('80%');
    expect(notice.style.minHeight).toBe('36px');
  });

  it('is hidden when the address is verified or its state is unknown', () => {
    const { rerender } = render(
      <EmailVerificationNotice emailVerified={true} onResend={async () => undefined} />,
    );
    expect(screen.queryByText(EMAIL_NOTICE_TEXT)).toBeNull();
    rerender(<EmailVerificationNotice emailVerified={undefined} onResend={async () => undefined} />);
    expect(screen.queryByText(EMAIL_NOTICE_TEXT)).toBeNull();
  });

  it('disappears once the user is verified', () => {
    const { rerender } = render(
      <EmailVerificationNotice emailVerified={false} onResend={async () => undefined} />,
    );
    expect(screen.getByText(EMAIL_NOTICE_TEXT)).toBeTruthy();
    rerender(<EmailVerificationNotice emailVerified={true} onResend={async () => undefined} />);
    expect(screen.queryByText(EMAIL_NOTICE_TEXT)).toBeNull();
  });

  it('resends once per pending request', async () => {
    let finish: () => void = () => undefined;
    const onResend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<EmailVerificationNotice emailVerified={false} onResend={onResend} />);
    const button = screen.getByRole('button', { name: 'Resend email' }) as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onResend).toHaveBeenCalledOnce();
    expect(button.disabled).toBe(true);
    await act(async () => finish());
    expect(button.disabled).toBe(false);
  });

  it('reserves room under the page while it shows, so the last row can scroll above it', () => {
    const root = document.documentElement;
    const { rerender } = render(
      <EmailVerificationNotice emailVerified={false} onResend={async () => undefined} />,
    );
    // jsdom lays nothing out: a zero-high notice still needs its 50 px offset and a gap.
    expect(Number.parseInt(root.style.getPropertyValue('--email-notice-space'), 10)).toBeGreaterThan(50);
    rerender(<EmailVerificationNotice emailVerified={true} onResend={async () => undefined} />);
    expect(root.style.getPropertyValue('--email-notice-space')).toBe('');
  });
});
