import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingButton } from './LoadingButton.tsx';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LoadingButton', () => {
  it('shows a spinner and is disabled while the click promise is pending', async () => {
    const pending = deferred();
    render(<LoadingButton onClick={() => pending.promise}>Save</LoadingButton>);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.querySelector('.spinner')).toBeNull();
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    await act(async () => pending.resolve());
    expect(button.disabled).toBe(false);
    expect(button.querySelector('.spinner')).toBeNull();
  });

  it('ignores clicks while loading, even before React re-renders', async () => {
    const pending = deferred();
    const onClick = vi.fn(() => pending.promise);
    render(<LoadingButton onClick={onClick}>Save</LoadingButton>);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    await act(async () => pending.resolve());
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks while disabled', () => {
    const onClick = vi.fn(async () => undefined);
    render(
      <LoadingButton onClick={onClick} disabled>
        Save
      </LoadingButton>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('recovers after a rejected promise', async () => {
    const pending = deferred();
    render(<LoadingButton onClick={() => pending.promise}>Save</LoadingButton>);
    const button = screen.getByRole('button') as HTMLButtonElement;
    fireEvent.click(button);
    await act(async () => pending.reject(new Error('nope')));
    expect(button.disabled).toBe(false);
  });
});
