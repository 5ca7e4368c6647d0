import type { AddressInfo } from 'node:net';
import { localUrlOf } from './auth/local-credential.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import type { OperatorsAtStart } from './modules/accounts/account.service.ts';
import { brokerUrls } from './modules/connectivity/broker-urls.ts';
import type { Listening } from './modules/connectivity/embedded-broker.ts';
import { createServer } from './server.ts';
import { tlsStartupLines } from './tls/startup-lines.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(config, logger);
  } catch (err) {
    // A setting that only fails at start-up (a taken MQTT port) reads like the others.
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.app.listen({ port: config.port, host: config.host });
  try {
    // `npm run admin` reaches this server's admin API through it (auth/local-credential.ts).
    server.announceAdminApi(localUrlOf(server.app.server.address() as AddressInfo));
  } catch (err) {
    logger.warn({ err }, 'admin credential not written: `npm run admin` cannot reach this server');
  }
  const db =
    config.database.kind === 'pglite'
      ? `embedded PostgreSQL in ${config.database.dataDir}`
      : 'PostgreSQL server';
  logger.info(`${config.productName} is running at ${config.publicUrl}/ (${db})`);
  if (config.devOutbox) {
    // Mails with reset links are readable there: say so, and to whom.
    logger.info(
      { url: `${config.publicUrl}/dev/outbox` },
      'dev mail outbox is on (no SMTP_URL): served only to direct connections from this machine, never through a proxy',
    );
  }
  // The one line a newcomer needs, outside the JSON logs.
  console.log(`\n  ${config.productName} is ready: ${config.publicUrl}/`);
  console.log(`  Devices connect to: ${devicesConnectTo(config, server.mqtt)}`);
  for (const line of await tlsStartupLines(config, server.tls, server.mqtt?.tlsPort ?? null)) {
    console.log(`  ${line}`);
  }
  if (server.demoAccount) {
    const { username, password } = server.demoAccount;
    console.log(`  Demo account: ${username} / ${password}`);
  }
  const operators = operatorsLine(config, server.operators);
  logger.info({ operators: server.operators.operators }, operators);
  console.log(`  ${operators}`);
  if (config.devOutbox) console.log(`  Mail outbox (this machine only): ${config.publicUrl}/dev/outbox`);
  console.log('');
}

/** Who runs the admin console (`/admin`), or how one comes to: said where the demo password is. */
function operatorsLine(config: Config, state: OperatorsAtStart): string {
  if (state.operators.length > 0) return `Operators (admin console): ${state.operators.join(', ')}`;
  if (state.seatOpen) {
    const first = config.oidc.embedded ? 'account signed up' : 'user to sign in';
    return `Operator: the first ${first} becomes this server's operator (never the demo account)`;
  }
  return 'Operators: none; name one with OPERATORS=<username or e-mail> and restart';
}

/** Where a device or an MQTT client points, in one line (the web app's New device page shows the same). */
function devicesConnectTo(config: Config, mqtt: Listening | null): string {
  const urls = brokerUrls(config, mqtt);
  if (!urls.url) return 'the MQTT broker at MQTT_URL';
  return [urls.url, urls.tlsUrl, urls.wsUrl].filter(Boolean).join(', ');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
