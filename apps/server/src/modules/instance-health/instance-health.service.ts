import { X509Certificate } from 'node:crypto';
import { APP_VERSION, type InstanceHealth } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { LastErrors } from '../../http/last-errors.ts';
import type { BrokerStats } from '../connectivity/broker-stats.ts';
import { createInstanceHealthRepository } from './instance-health.repository.ts';

export type QueueDepths = InstanceHealth['queues'];

export interface InstanceHealthDeps {
  config: Pick<Config, 'mail' | 'devOutbox' | 'mqtt' | 'tls' | 'telemetry'>;
  /** The database this app really runs on (the handle's kind, not what the config would open). */
  database: { db: Database; kind: 'pglite' | 'postgres' };
  /** When this app started serving. */
  startedAt: Date;
  /** The MQTT side of this process; absent without a broker (an API-only process reads 0). */
  broker?: BrokerStats | undefined;
  lastErrors: LastErrors;
  /** The PEM the HTTPS listener serves now (it may be renewed or replaced while running); null without one. */
  servedCertificate?: () => string | null;
  logger: FastifyBaseLogger;
}

/** How mail leaves: SMTP (plain or TLS), the dev outbox page, or the log only. */
function mailOf(config: InstanceHealthDeps['config']): InstanceHealth['mail'] {
  const url = config.mail.smtpUrl;
  if (url) return { configured: true, transport: new URL(url).protocol.replace(':', '') };
  return { configured: false, transport: config.devOutbox ? 'dev outbox' : 'log' };
}

/** The end of the certificate served now, read from the PEM itself (the first of the chain: the server's). */
function certificateEnd(pem: string | null | undefined): string | null {
  if (!pem) return null;
  try {
    return new Date(new X509Certificate(pem).validTo).toISOString();
  } catch {
    return null;
  }
}

/** The operator's view of this instance (`GET /admin/v1/health`) and the queue depths `/metrics` shares. */
export function createInstanceHealth(deps: InstanceHealthDeps) {
  const repo = createInstanceHealthRepository(deps.database.db);
  const { config } = deps;

  async function queueDepths(): Promise<QueueDepths> {
    const q = await repo.queueDepths();
    return { webhook_deliveries: q.webhookDeliveries, exports: q.exports, compile_jobs: q.compileJobs };
  }

  return {
    queueDepths,

    async health(): Promise<InstanceHealth> {
      const now = Date.now();
      const [size, points, queues] = await Promise.all([
        // The size alone may be refused (a role without CONNECT rights on the catalogue): shown as unknown.
        repo.databaseBytes().catch((err: unknown) => {
          deps.logger.warn({ err }, 'health: database size not read');
          return null;
        }),
        repo.telemetryPointsEstimate(),
        queueDepths(),
      ]);
      const broker = deps.broker;
      return {
        version: APP_VERSION,
        started_at: deps.startedAt.toISOString(),
        uptime_s: Math.max(0, Math.round((now - deps.startedAt.getTime()) / 1000)),
        database: { kind: deps.database.kind, size_bytes: size },
        telemetry: { points, retention_days: { ...config.telemetry.retentionDays } },
        broker: {
          kind: config.mqtt.mode,
          connections: broker?.connections() ?? 0,
          messages_per_second: broker?.messagesPerSecond() ?? 0,
        },
        mail: mailOf(config),
        tls: {
          enabled: config.tls.enabled,
          certificate_expires_at: config.tls.enabled ? certificateEnd(deps.servedCertificate?.()) : null,
        },
        queues,
        last_errors: deps.lastErrors.list(),
      };
    },
  };
}
export type InstanceHealthService = ReturnType<typeof createInstanceHealth>;
