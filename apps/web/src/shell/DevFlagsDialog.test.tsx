import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/app-harness.tsx';

describe('Developer flags dialog', () => {
  it('shows the spec flags with their defaults and persists changes locally', async () => {
    renderApp('/');
    fireEvent.click(await screen.findByText('Developer flags'));
    const dialog = await screen.findByRole('dialog', { name: 'Developer flags' });
    const level = within(dialog).getByLabelText(/Console log level/) as HTMLSelectElement;
    expect(level.value).toBe('3');
    fireEvent.change(level, { target: { value: '0' } });
    expect(localStorage.getItem('logger-print-level')).toBe('0');
    const transitions = within(dialog).getByLabelText(/View transitions/) as HTMLInputElement;
    expect(transitions.checked).toBe(false);
    fireEvent.click(transitions);
    expect(localStorage.getItem('enable-view-transition')).toBe('true');
    expect(within(dialog).getByText('provisioning-ignore-known-board-filter')).toBeTruthy();
  });
});
