import { describe, expect, it } from 'vitest';
import { placeholdersFor, previewValues, renderPreview } from './message-preview.ts';
import { emptyDraft } from './trigger-draft.ts';

describe('message preview', () => {
  it('fills the placeholders it knows, spaces and case aside, and leaves the others as written', () => {
    const values = { 'property.value': '31.5', 'thing.name': 'Greenhouse' };
    expect(renderPreview('{{thing.name}}: {{ Property.Value }} °C', values)).toBe('Greenhouse: 31.5 °C');
    expect(renderPreview('{{nothing.here}} {single}', values)).toBe('{{nothing.here}} {single}');
  });

  it('fills a variable trigger with the chosen names, the condition value and the reader', () => {
    const draft = { ...emptyDraft('u1'), name: 'Too hot', operator: 'GT' as const, value: '30' };
    const at = new Date('2026-11-26T20:00:00.000Z');
    const values = previewValues(
      draft,
      { property: 'temperature', thing: 'Greenhouse' },
      { name: 'Ada', username: 'ada', email: 'ada@example.org' },
      at,
    );
    expect(renderPreview(draft.email.title, values)).toBe('Too hot: temperature is 30');
    expect(renderPreview('{{recipient.email}} {{property.timestamp}}', values)).toBe(
      'ada@example.org 2026-11-26T20:00:00.000Z',
    );
    // Device placeholders mean nothing here, as when the server sends it.
    expect(renderPreview('{{device.status}}', values)).toBe('{{device.status}}');
  });

  it('fills a device status trigger with the device and the status it goes to', () => {
    const draft = { ...emptyDraft('u1'), source: 'device' as const, status: 'DISCONNECTED' as const };
    const values = previewValues(draft, { device: 'pump' }, { name: '', username: 'ada', email: '' });
    expect(renderPreview('{{device.name}} is {{device.status}}, {{recipient.name}}', values)).toBe(
      'pump is OFFLINE, ada',
    );
  });

  it('lists the placeholders of each kind of trigger', () => {
    const names = (source: 'variable' | 'device') => placeholdersFor(source).map((p) => p.name);
    expect(names('variable')).toContain('property.value');
    expect(names('variable')).not.toContain('device.status');
    expect(names('device')).toContain('device.status');
    expect(names('device')).toContain('trigger.name');
  });
});
