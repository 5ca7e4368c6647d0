import { useQuery } from '@tanstack/react-query';
import { formatBytes, type InstanceHealth } from '@tinkercloud/shared';
import type { ReactNode } from 'react';
import { useServices } from '@/app/services.tsx';
import { AsyncState } from '@/components/AsyncState.tsx';
import { DownloadButton } from '@/components/DownloadButton.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { HEALTH_REFRESH_MS, healthQueryOptions } from '../api/admin-api.ts';
import { daysUntil, formatUptime } from '../model/format.ts';
import { Badge } from './UsersSection.tsx';
import '../admin.css';

/** A certificate this close to its end is flagged. */
export const TLS_WARNING_DAYS = 14;

/** The server's health as cards, read again every 10 s while the tab is open; the raw answer below. */
export default function HealthSection() {
  const { api, config } = useServices();
  const health = useQuery(healthQueryOptions({ api, config }));
  return (
    <AsyncState query={health} errorTitle="Health could not be read">
      {(h) => (
        <>
          <p className="muted" aria-live="polite">
            Read {formatDateTime(health.dataUpdatedAt)} · again every {HEALTH_REFRESH_MS / 1000} s
          </p>
          <div className="admin-health">
            <Card title="Server">
              <Facts
                rows={[
                  ['Version', h.version],
                  ['Up for', formatUptime(h.uptime_s)],
                  ['Started', formatDateTime(h.started_at)],
                ]}
              />
            </Card>
            <Card title="Database">
              <Facts
                rows={[
                  ['Kind', h.database.kind === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'],
                  ['Size', h.database.size_bytes === null ? 'Unknown' : formatBytes(h.database.size_bytes)],
                ]}
              />
            </Card>
            <Card title="Telemetry">
              <Facts
                rows={[
                  ['Stored values', h.telemetry.points.toLocaleString()],
                  ...Object.entries(h.telemetry.retention_days).map(
                    ([cls, days]) => [`Kept (${cls})`, `${days} days`] as [string, ReactNode],
                  ),
                ]}
              />
            </Card>
            <Card title="Broker">
              <Facts
                rows={[
                  ['Kind', h.broker.kind === 'embedded' ? 'Embedded' : 'External'],
                  ['Connections', String(h.broker.connections)],
                  [
                    'Messages a second',
                    h.broker.messages_per_second.toLocaleString(undefined, { maximumFractionDigits: 1 }),
                  ],
                ]}
              />
            </Card>
            <Card title="Mail">
              <Facts
                rows={[
                  [
                    'Sending',
                    h.mail.configured ? (
                      'Configured'
                    ) : (
                      <Badge key="mail" tone="warning">
                        Not configured
                      </Badge>
                    ),
                  ],
                  ['Transport', h.mail.transport],
                ]}
              />
            </Card>
            <Card title="TLS">
              <Facts
                rows={[
                  ['HTTPS', h.tls.enabled ? 'On' : 'Off'],
                  ['Certificate', <TlsExpiry key="tls" health={h} />],
                ]}
              />
            </Card>
            <Card title="Queues">
              <Facts
                rows={[
                  ['Webhook deliveries', String(h.queues.webhook_deliveries)],
                  ['Exports', String(h.queues.exports)],
                  ['Compile jobs', String(h.queues.compile_jobs)],
                ]}
              />
            </Card>
            <Card title="Last errors" wide>
              {h.last_errors.length === 0 ? (
                <p className="muted">No errors since the start.</p>
              ) : (
                <ul className="admin-plain-list admin-errors">
                  {h.last_errors.map((e, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: errors have no id; the list is replaced whole.
                    <li key={index}>
                      <span className="muted">{formatDateTime(e.at)}</span>
                      {e.route && <code>{e.route}</code>}
                      <span className="admin-break">{e.message}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <details className="admin-raw">
            <summary>Raw JSON</summary>
            <pre data-testid="health-json">{JSON.stringify(h, null, 2)}</pre>
            <DownloadButton fileName="health.json" text={JSON.stringify(h, null, 2)} type="application/json">
              Download JSON
            </DownloadButton>
          </details>
        </>
      )}
    </AsyncState>
  );
}

function TlsExpiry({ health }: { health: InstanceHealth }) {
  const at = health.tls.certificate_expires_at;
  if (!at) return <>No certificate</>;
  const days = daysUntil(at);
  const text = `Ends ${formatDateTime(at)}`;
  if (days < 0) return <Badge tone="danger">{`Expired ${formatDateTime(at)}`}</Badge>;
  if (days <= TLS_WARNING_DAYS) return <Badge tone="warning">{`${text} (in ${days} days)`}</Badge>;
  return <>{text}</>;
}

function Card({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const id = `admin-health-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={`card admin-health-card${wide ? ' admin-health-wide' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term} className="admin-fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
