import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Broken(): never {
  throw new TypeError('The widget list is not an array');
}

describe('ErrorBoundary', () => {
  it('shows the generic error page with the error name and detail', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText("It's just one of those days.")).toBeTruthy();
    expect(screen.getByText(/TypeError/)).toBeTruthy();
    expect(screen.getByText(/The widget list is not an array/)).toBeTruthy();
  });
});
