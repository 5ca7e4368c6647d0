import { describe, expect, it } from 'vitest';
import { slugFromHost, slugProblem } from './host-slug.ts';

describe('slugFromHost', () => {
  it('reads {slug}.{BASE_HOST}, ignoring case, port and a trailing dot', () => {
    expect(slugFromHost('acme.iot.example.org', 'iot.example.org')).toBe('acme');
    expect(slugFromHost('ACME.iot.example.org:8443', 'iot.example.org')).toBe('acme');
    expect(slugFromHost('acme.iot.example.org.', 'iot.example.org')).toBe('acme');
  });

  it('names no slug for the base host itself, deeper names or other domains', () => {
    expect(slugFromHost('iot.example.org', 'iot.example.org')).toBeNull();
    expect(slugFromHost('a.b.iot.example.org', 'iot.example.org')).toBeNull();
    expect(slugFromHost('acme.evil.org', 'iot.example.org')).toBeNull();
    expect(slugFromHost('acmeiot.example.org', 'iot.example.org')).toBeNull();
  });

  it('takes the first label without a base host', () => {
    expect(slugFromHost('acme.lvh.me:8080', undefined)).toBe('acme');
    expect(slugFromHost('localhost:8080', undefined)).toBeNull();
  });
});

describe('slugProblem', () => {
  it('accepts DNS labels and refuses reserved or malformed ones', () => {
    expect(slugProblem('acme-robotics')).toBeNull();
    expect(slugProblem('a')).toBeNull();
    expect(slugProblem('Acme')).not.toBeNull();
    expect(slugProblem('-acme')).not.toBeNull();
    expect(slugProblem('acme.org')).not.toBeNull();
    expect(slugProblem('x'.repeat(64))).not.toBeNull();
    expect(slugProblem('www')).toMatch(/reserved/);
  });
});
