import { describe, expect, it } from 'vitest';
import type { BrokerStats, CommitListener } from '../connectivity/broker-stats.ts';
import { routeLabel, STATIC_FILE_ROUTE } from './http-metrics.ts';
import { createAppMetrics, UNMATCHED_ROUTE } from './metrics.ts';
import { parsePrometheusText } from './testing/prometheus-text.ts';

/** A broker side whose figures the test sets, and whose commit listeners it calls. */
function fakeBroker() {
  const listeners = new Set<CommitListener>();
  const figures = { connections: 0, messages: 0 };
  const stats: BrokerStats = {
    kind: 'embedded',
    connections: () => figures.connections,
    messagesTotal: () => figures.messages,
    messagesPerSecond: () => 0,
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const commit = (seconds: number, points: number) => {
    for (const l of listeners) l(seconds, points);
  };
  return { stats, figures, commit, listeners };
}

const queues = async () => ({ webhook_deliveries: 3, exports: 1, compile_jobs: 2 });

describe('app metrics', () => {
  it('reads the broker, the queues and the ingest commits at each scrape, in valid Prometheus text', async () => {
    const broker = fakeBroker();
    const metrics = createAppMetrics({ broker: broker.stats, queueDepths: queues });
    broker.figures.connections = 7;
    broker.figures.messages = 41;
    broker.commit(0.004, 500);
    broker.commit(0.2, 20);
    metrics.observeRequest('GET', '/iot/v2/things/:id', 200, 0.012);

    const scrape = parsePrometheusText((await metrics.scrape()).body);
    const one = (name: string, labels: Record<string, string> = {}) =>
      scrape.samples.find(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      )?.value;
    expect(one('tinkercloud_mqtt_connections')).toBe(7);
    expect(one('tinkercloud_mqtt_messages_received_total')).toBe(41);
    expect(one('tinkercloud_ingest_commit_duration_seconds_count')).toBe(2);
    expect(one('tinkercloud_ingest_commit_duration_seconds_bucket', { le: '0.005' })).toBe(1);
    expect(one('tinkercloud_queue_depth', { queue: 'webhook_deliveries' })).toBe(3);
    expect(one('tinkercloud_queue_depth', { queue: 'compile_jobs' })).toBe(2);
    const labels = { method: 'GET', route: '/iot/v2/things/:id', status_code: '200' };
    expect(one('tinkercloud_http_requests_total', labels)).toBe(1);
    expect(one('tinkercloud_http_request_duration_seconds_count', labels)).toBe(1);
    expect(scrape.types.get('tinkercloud_http_request_duration_seconds')).toBe('histogram');
    // The process's own figures come along: event-loop delay among them.
    expect(scrape.types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');

    // Counted again at the next scrape, not added up: the counter shows the broker's running total.
    broker.figures.messages = 50;
    const again = parsePrometheusText((await metrics.scrape()).body);
    expect(again.samples.find((s) => s.name === 'tinkercloud_mqtt_messages_received_total')?.value).toBe(50);

    metrics.close();
    expect(broker.listeners.size).toBe(0);
  });

  it('keeps each app in its own registry: two apps in one process neither clash nor share counts', async () => {
    const a = createAppMetrics({ queueDepths: queues });
    const b = createAppMetrics({ queueDepths: queues });
    a.observeRequest('POST', '/a', 201, 0.001);
    const inB = parsePrometheusText((await b.scrape()).body).samples;
    expect(inB.some((s) => s.name === 'tinkercloud_http_requests_total')).toBe(false);
    const inA = parsePrometheusText((await a.scrape()).body).samples;
    expect(inA.find((s) => s.name === 'tinkercloud_http_requests_total')?.labels.route).toBe('/a');
    // Without a broker its series read 0.
    expect(inA.find((s) => s.name === 'tinkercloud_mqtt_connections')?.value).toBe(0);
  });

  it('refuses text that is not Prometheus text', () => {
    expect(() => parsePrometheusText('# TYPE x counter\nx 1\n')).not.toThrow();
    expect(() => parsePrometheusText('x 1\n')).toThrow(/before its # TYPE/);
    expect(() => parsePrometheusText('# TYPE x counter\nx{a=b} 1\n')).toThrow(/not Prometheus text/);
    expect(() => parsePrometheusText('<html>\n')).toThrow(/not Prometheus text/);
  });
});

describe('routeLabel', () => {
  it('labels a route by its pattern, and every served file alike', () => {
    expect(routeLabel('/iot/v2/things/:id')).toBe('/iot/v2/things/:id');
    expect(routeLabel('/assets/index-3f2aB9.js')).toBe(STATIC_FILE_ROUTE);
    expect(routeLabel('/theme.js')).toBe(STATIC_FILE_ROUTE);
    expect(routeLabel('/create/v2/files/f/*')).toBe('/create/v2/files/f/*');
    expect(routeLabel(undefined)).toBe(UNMATCHED_ROUTE);
  });
});
