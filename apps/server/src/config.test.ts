import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(config.oidc).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:8080/auth',
      clientId: 'tinkercloud-web',
      audience: 'http://localhost:8080/api',
      claimsNamespace: 'http://localhost:8080/claims/',
    });
    expect(config.productName).toBe('Tinkercloud');
    expect(config.productSlug).toBe('tinkercloud');
    expect(config.devOutbox).toBe(true);
  });

  it('serves OpenStreetMap tiles to map widgets unless MAP_TILES_URL sets a template or none', () => {
    expect(loadConfig({}).web.mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(
      loadConfig({
        MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Us',
      }).web.mapTiles,
    ).toEqual({ url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Us' });
    expect(loadConfig({ MAP_TILES_URL: 'none' }).web.mapTiles).toEqual({ url: null, attribution: '' });
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.org/map.png' })).toThrow(/MAP_TILES_URL/);
  });

  it('turns the demo device on with the embedded broker, off with an external one, as DEMO says when set', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ MQTT_URL: 'mqtt://broker.invalid:1883' }).demo).toBe(false);
    expect(loadConfig({ MQTT_URL: 'mqtt://broker.invalid:1883', DEMO: 'true' }).demo).toBe(true);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
  });

  it('derives URLs from PUBLIC_URL without its trailing slash and treats empty strings as unset', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://iot.example.org/', PORT: '', DATABASE_URL: '' });
    expect(config.publicUrl).toBe('https://iot.example.org');
    expect(config.oidc.issuer).toBe('https://iot.example.org/auth');
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
  });

  it('uses a PostgreSQL server and turns the dev outbox off when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(config.devOutbox).toBe(false);
  });

  it('turns the dev outbox off behind a reverse proxy (TRUST_PROXY)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).devOutbox).toBe(false);
  });

  it('switches to an external provider with OIDC_ISSUER and requires its audience', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.org/' })).toThrow(/OIDC_AUDIENCE/);
    const config = loadConfig({ OIDC_ISSUER: 'https://id.example.org/', OIDC_AUDIENCE: 'https://api' });
    expect(config.oidc).toMatchObject({
      embedded: false,
      issuer: 'https://id.example.org/',
      audience: 'https://api',
    });
    expect(config.devOutbox).toBe(false);
  });

  it('reads the retention days per plan and refuses a bigger plan keeping values for less', () => {
    expect(loadConfig({}).telemetry).toEqual({
      retentionDays: { free: 1, entry: 15, maker: 92, 'maker-plus': 366 },
      maintenanceIntervalMs: 3_600_000,
    });
    expect(
      loadConfig({ TELEMETRY_RETENTION_FREE_DAYS: '2', TELEMETRY_MAINTENANCE_MINUTES: '5' }).telemetry,
    ).toMatchObject({ retentionDays: { free: 2 }, maintenanceIntervalMs: 300_000 });
    expect(() => loadConfig({ TELEMETRY_RETENTION_MAKER_DAYS: '10' })).toThrow(
      /TELEMETRY_RETENTION_MAKER_DAYS: must not be less than TELEMETRY_RETENTION_ENTRY_DAYS/,
    );
    expect(() => loadConfig({ TELEMETRY_RETENTION_FREE_DAYS: '0' })).toThrow(/TELEMETRY_RETENTION_FREE_DAYS/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        PRODUCT_SLUG: 'Bad Slug',
        OIDC_ISSUER: 'https://id.example.org/',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PRODUCT_SLUG', 'OIDC_AUDIENCE']) {
        expect(problems).toContain(name);
      }
    }
  });
});
