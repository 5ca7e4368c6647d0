import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BrokerStats } from '../connectivity/broker-stats.ts';
import type { QueueDepths } from '../instance-health/instance-health.service.ts';

const PREFIX = 'tinkercloud_';
/** The route label of a request no route matched: one value, so unknown URLs make no new series. */
export const UNMATCHED_ROUTE = '(unmatched)';

let processRegistry: Registry | undefined;

/**
 * The process's own figures (CPU, memory, heap, GC, event-loop delay: prom-client's default metrics), made
 * once per process: they describe the process, which every app in it shares, and each set starts an
 * event-loop monitor and a GC observer that are never stopped, so one set per app would pile up in a test
 * process that builds dozens of apps.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  /** The MQTT side of this process; absent without a broker (its series then read 0). */
  broker?: BrokerStats | undefined;
  /** Read at each scrape (a few indexed counts). */
  queueDepths: () => Promise<QueueDepths>;
}

/**
 * The app's metrics in a registry of its own (not prom-client's global one), so two apps in one process
 * (tests, two "processes" of a cluster test) keep apart; each scrape adds the process's figures.
 */
export function createAppMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving an HTTP request to its answer, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const broker = deps.broker;
  new Gauge({
    name: `${PREFIX}mqtt_connections`,
    help: 'MQTT clients connected now (external broker: the devices this process saw connect).',
    registers: [registry],
    collect() {
      this.set(broker?.connections() ?? 0);
    },
  });
  new Counter({
    name: `${PREFIX}mqtt_messages_received_total`,
    help: 'MQTT messages received from clients by this process.',
    registers: [registry],
    collect() {
      // The broker side keeps the running total; the counter shows it as it is at the scrape.
      this.reset();
      this.inc(broker?.messagesTotal() ?? 0);
    },
  });
  const commits = new Histogram({
    name: `${PREFIX}ingest_commit_duration_seconds`,
    help: 'Time to write and commit one batch of device values (the devices are acknowledged after it).',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const stopCommits = broker?.onCommit((seconds) => commits.observe(seconds));
  new Gauge({
    name: `${PREFIX}queue_depth`,
    help: 'Work waiting: webhook deliveries pending, export links not yet expired, compile jobs queued or running.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const depths = await deps.queueDepths();
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });

  return {
    registry,
    /** One answered request; `route` is the pattern (`/iot/v2/things/:id`), never the URL. */
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    /** The Prometheus text of this app and of the process. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
    close() {
      stopCommits?.();
    },
  };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;
