import { describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config.ts';

const valid = {
  productName: 'Tinkercloud',
  productSlug: 'tinkercloud',
  version: '2.6.13',
  publicUrl: 'http://localhost:8080',
  hosts: {
    api: '',
    customization: '/customization',
    provisioning: '/provisioning',
    boards: '/boards',
    ota: '/ota',
    storage: '/storage',
    create: '/create',
    status: '/status',
  },
  oidc: {
    authority: 'http://localhost:8080/auth',
    clientId: 'tinkercloud-web',
    audience: 'http://localhost:8080/api',
    scope: 'openid profile email offline_access',
    claimsNamespace: 'http://localhost:8080/claims/',
  },
  embeddedIdp: true,
  devOutboxUrl: '/dev/outbox',
};

describe('readAppConfig', () => {
  it('returns the configuration the server provided', () => {
    expect(readAppConfig(valid)).toEqual(valid);
  });

  it('refuses a missing or malformed configuration', () => {
    expect(() => readAppConfig(undefined)).toThrow(/valid configuration/);
    expect(() => readAppConfig({ ...valid, publicUrl: 'not a url' })).toThrow(/valid configuration/);
  });
});
