import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraft } from './use-draft.ts';

describe('useDraft', () => {
  const render = (stored: string) =>
    renderHook(({ value }) => useDraft(value), { initialProps: { value: stored } });

  it('follows the stored value while the user has not changed it', () => {
    const { result, rerender } = render('Greenhouse');
    rerender({ value: 'Greenhouse 2' });
    expect(result.current.value).toBe('Greenhouse 2');
    expect(result.current.dirty).toBe(false);
    expect(result.current.changedMeanwhile).toBe(false);
  });

  it('keeps what the user typed when someone else changes the value, and says so', () => {
    const { result, rerender } = render('Greenhouse');
    act(() => result.current.set('Glasshouse'));
    expect(result.current.changedMeanwhile).toBe(false);
    rerender({ value: 'Greenhouse 2' });
    expect(result.current.value).toBe('Glasshouse');
    expect(result.current.dirty).toBe(true);
    expect(result.current.changedMeanwhile).toBe(true);
  });

  it('shows what was saved until it is read back, then follows the stored value again', () => {
    const { result, rerender } = render('Greenhouse');
    act(() => result.current.set('Glasshouse'));
    act(() => result.current.accept('Glasshouse'));
    // Not read back yet: the saved text stays, not the old name.
    expect(result.current.value).toBe('Glasshouse');
    expect(result.current.dirty).toBe(false);
    rerender({ value: 'Glasshouse' });
    expect(result.current.value).toBe('Glasshouse');
    expect(result.current.changedMeanwhile).toBe(false);
    rerender({ value: 'Hothouse' });
    expect(result.current.value).toBe('Hothouse');
  });

  it("does not call the user's own save, read back before it ends, someone else's change", () => {
    const { result, rerender } = render('Greenhouse');
    act(() => result.current.set('Glasshouse'));
    rerender({ value: 'Glasshouse' });
    expect(result.current.changedMeanwhile).toBe(false);
    expect(result.current.value).toBe('Glasshouse');
    rerender({ value: 'Hothouse' });
    expect(result.current.value).toBe('Hothouse');
  });
});
