import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIot } from '@/features/iot/testing/fake-iot.ts';
import { renderApp } from '@/test/app-harness.tsx';
import { defaultTimezone, thingNameProblem } from './CreateThingDialog.tsx';
import { webhookProblem } from './ThingSettings.tsx';

const zones = ['America/New_York', 'Etc/UTC', 'Europe/Rome'].map((name) => ({ name, offset: 0, until: '' }));

describe('creating a thing', () => {
  it('holds names to the server rule, in words', () => {
    expect(thingNameProblem('  ')).toBe('Enter a name for the thing.');
    expect(thingNameProblem('Green house_1.b-2')).toBeNull();
    expect(thingNameProblem('work/shop')).toMatch(/letters, digits, spaces/);
    expect(thingNameProblem('x'.repeat(65))).toMatch(/at most 64/);
  });

  it("starts from the browser's time zone, else UTC", () => {
    expect(defaultTimezone(zones, 'Europe/Rome')).toBe('Europe/Rome');
    expect(defaultTimezone(zones, 'Mars/Olympus')).toBe('Etc/UTC');
    expect(defaultTimezone([], 'Europe/Rome')).toBe('');
  });

  it('takes http(s) webhooks or none', () => {
    expect(webhookProblem('')).toBeNull();
    expect(webhookProblem('https://hooks.example.org/x')).toBeNull();
    expect(webhookProblem('ftp://example.org')).toMatch(/https:\/\//);
    expect(webhookProblem('not a url')).toMatch(/https:\/\//);
  });

  it('offers "Create thing" as the next step of an empty list, opening the dialog', async () => {
    renderApp('/things/', { handle: fakeIot().handle });
    expect(await screen.findByText('No things yet')).toBeTruthy();
    expect(screen.queryByText(/created through the API/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create thing' }));
    expect(await screen.findByRole('dialog', { name: 'Create thing' })).toBeTruthy();
    expect(screen.getByLabelText('Thing name')).toBeTruthy();
    expect(screen.getByLabelText('Device (optional)')).toBeTruthy();
  });
});
