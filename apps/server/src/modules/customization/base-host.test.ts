import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('BASE_HOST', () => {
  it('is optional, lower-cased, and read without its port', () => {
    expect(loadConfig({}).baseHost).toBeUndefined();
    expect(loadConfig({ BASE_HOST: 'IOT.Example.org:8443' }).baseHost).toBe('iot.example.org');
  });

  it('must be a bare host name', () => {
    for (const bad of ['https://iot.example.org', 'iot.example.org/path', '-bad.example.org', 'a b']) {
      expect(() => loadConfig({ BASE_HOST: bad }), bad).toThrow(/BASE_HOST/);
    }
  });
});
