import { describe, expect, it } from 'vitest';
import { serverOptions } from './app.ts';
import { loadConfig } from './config.ts';

describe('serverOptions', () => {
  it('trusts X-Forwarded-* headers only with TRUST_PROXY', () => {
    expect(serverOptions(loadConfig({})).trustProxy).toBe(false);
    expect(serverOptions(loadConfig({ TRUST_PROXY: 'true' })).trustProxy).toBe(true);
  });

  it('gives every request a fresh UUID and limits bodies to 1 MiB', () => {
    const options = serverOptions(loadConfig({}));
    expect(options.genReqId()).toMatch(/^[0-9a-f-]{36}$/);
    expect(options.genReqId()).not.toBe(options.genReqId());
    expect(options.bodyLimit).toBe(1_048_576);
  });
});
