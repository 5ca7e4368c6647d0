import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteError } from './RouteError.tsx';

describe('RouteError (spec 8, router fallback)', () => {
  it("reads 'Something went wrong!' and keeps the details hidden at first", () => {
    render(<RouteError error={new Error('Loader exploded')} reset={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeTruthy();
    expect(screen.queryByText('Loader exploded')).toBeNull();
  });

  it('toggles the details with Show Error / Hide Error', () => {
    render(<RouteError error={new Error('Loader exploded')} reset={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('Loader exploded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('Loader exploded')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeTruthy();
  });

  it('shows a thrown value that is not an Error as text', () => {
    render(<RouteError error={'plain failure' as unknown as Error} reset={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('plain failure')).toBeTruthy();
  });
});

describe('RouteError Try again', () => {
  it('resets the boundary', () => {
    let resets = 0;
    render(<RouteError error={new Error('502')} reset={() => (resets += 1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(resets).toBe(1);
  });
});
