import { describe, expect, it } from 'vitest';
import { configProblems } from '../../test/config-problems.ts';
import { loadConfig } from '../config.ts';

describe('TLS settings', () => {
  it('is on by default: a generated certificate in DATA_DIR/tls, HTTPS on 8443 (a fallback port if taken)', () => {
    expect(loadConfig({ DATA_DIR: '/srv/tc' }).tls).toEqual({
      enabled: true,
      certificate: { kind: 'generated', dir: '/srv/tc/tls', extraHosts: [] },
      httpsPort: 8443,
      httpsPortExplicit: false,
    });
    expect(loadConfig({ TLS: 'off' }).tls).toEqual({ enabled: false });
  });

  it("takes the operator's files, a certificate manager's directory, extra names and an explicit port", () => {
    expect(loadConfig({ TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem', HTTPS_PORT: '443' }).tls).toEqual({
      enabled: true,
      certificate: { kind: 'files', certFile: '/c.pem', keyFile: '/k.pem' },
      httpsPort: 443,
      httpsPortExplicit: true,
    });
    expect(loadConfig({ TLS_CERT_DIR: '/etc/tls' }).tls).toMatchObject({
      certificate: { kind: 'directory', dir: '/etc/tls' },
    });
    expect(loadConfig({ TLS_HOSTS: 'Pi.lan, 192.168.1.5,*.iot.example.org' }).tls).toMatchObject({
      certificate: { extraHosts: ['pi.lan', '192.168.1.5', '*.iot.example.org'] },
    });
  });

  it('lists every inconsistent setting', () => {
    expect(configProblems({ TLS_CERT_FILE: '/c.pem' })).toEqual([
      'TLS_CERT_FILE and TLS_KEY_FILE: set both or neither',
    ]);
    expect(configProblems({ TLS_CERT_FILE: '/c.pem', TLS_KEY_FILE: '/k.pem', TLS_CERT_DIR: '/d' })).toEqual([
      'TLS_CERT_DIR: set either it or TLS_CERT_FILE and TLS_KEY_FILE, not both',
    ]);
    expect(configProblems({ TLS_CERT_DIR: '/d', TLS_HOSTS: 'a.lan' })).toEqual([
      'TLS_HOSTS: only used for the generated certificate (no TLS_CERT_FILE or TLS_CERT_DIR)',
    ]);
    expect(configProblems({ TLS: 'off', HTTPS_PORT: '443' })).toEqual([
      'HTTPS_PORT: has no effect with TLS=off',
    ]);
    expect(configProblems({ TLS_HOSTS: 'bad host!' })[0]).toMatch(/^TLS_HOSTS: /);
    expect(configProblems({ TLS: 'maybe' })[0]).toMatch(/^TLS: /);
  });
});
