import { describe, expect, it } from 'vitest';
import { brandedOrigins } from './branded-origins.ts';

describe('brandedOrigins', () => {
  it('puts each slug under the base host with the public scheme and port', () => {
    expect(brandedOrigins('http://127.0.0.1:4310', 'localhost', ['acme', 'school'])).toEqual([
      'http://acme.localhost:4310',
      'http://school.localhost:4310',
    ]);
    expect(brandedOrigins('https://iot.example.org', 'iot.example.org', ['acme'])).toEqual([
      'https://acme.iot.example.org',
    ]);
  });

  it('has none without a base host', () => {
    expect(brandedOrigins('https://iot.example.org', undefined, ['acme'])).toEqual([]);
  });
});
