import { describe, expect, it } from 'vitest';
import { expand, type FiringContext, oneLine, textToHtml } from './trigger-templates.ts';

const at = new Date('2025-01-15T12:00:00.000Z');
const ctx: FiringContext = {
  trigger: { id: 't1', name: 'Too hot' },
  property: { id: 'p1', name: 'temp', value: 31.5, at },
  thing: { id: 'th1', name: 'Greenhouse' },
  device: { id: 'd1', name: 'mkr', status: 'ONLINE', at },
  user: { id: 'u1', username: 'owner', email: 'o@example.com', name: 'Owner' },
};
const reader = { id: 'u2', username: 'reader', email: 'r@example.com', name: 'Reader' };

describe('expand', () => {
  it('fills declared variables and entity.attribute placeholders', () => {
    const out = expand(
      {
        expression:
          '{{v}} in {{ thing.name }} by {{device.name}} ({{device.status}}) at {{t}} for {{recipient.username}}, {{trigger.name}}',
        variables: [
          { placeholder: 'v', entity: 'PROPERTY', attribute: 'VALUE' },
          { placeholder: 't', entity: 'PROPERTY', attribute: 'TIMESTAMP' },
        ],
      },
      ctx,
      reader,
    );
    expect(out).toBe('31.5 in Greenhouse by mkr (ONLINE) at 2025-01-15T12:00:00.000Z for reader, Too hot');
  });

  it('leaves unknown placeholders and entities named by another id as written', () => {
    const out = expand(
      {
        expression: '{{nope}} {{x}} {{user.email}}',
        variables: [{ placeholder: 'x', entity: 'PROPERTY', attribute: 'VALUE', property_id: 'other' }],
      },
      ctx,
    );
    expect(out).toBe('{{nope}} {{x}} o@example.com');
  });

  it('shows objects as JSON and cuts long values', () => {
    const obj = { ...ctx, property: { id: 'p1', name: 'where', value: { lat: 1, lon: 2 }, at } };
    expect(expand({ expression: '{{property.value}}' }, obj)).toBe('{"lat":1,"lon":2}');
    const long = { ...ctx, property: { id: 'p1', name: 's', value: 'x'.repeat(5000), at } };
    expect(expand({ expression: '{{property.value}}' }, long).length).toBe(1001);
  });
});

describe('oneLine and textToHtml', () => {
  it('flattens control characters and escapes markup', () => {
    expect(oneLine('a\r\nBcc: b\u0000c', 100)).toBe('a Bcc: b c');
    expect(oneLine('abcdef', 4)).toBe('abc…');
    expect(textToHtml('<i>x</i>\n&')).toContain('&lt;i&gt;x&lt;/i&gt;<br>&amp;');
  });
});
