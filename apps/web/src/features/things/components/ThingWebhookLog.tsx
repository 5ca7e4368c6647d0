import { useInfiniteQuery } from '@tanstack/react-query';
import { plural } from '@tinkercloud/shared';
import type { WebhookDelivery } from '@tinkercloud/shared/iot';
import { AsyncState } from '@/components/AsyncState.tsx';
import { Button } from '@/components/Button.tsx';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import { webhookDeliveriesQueryOptions } from '../api/webhook.ts';

/** A pending delivery changes on its own (retries): while one is shown the log is read again this often. */
const PENDING_REFRESH_MS = 5_000;
/** While the webhook is on, each new value adds a delivery (no live event tells of them): read this often. */
const ACTIVE_REFRESH_MS = 10_000;

const STATUS_WORD: Record<WebhookDelivery['status'], string> = {
  DELIVERED: 'Delivered',
  PENDING: 'Retrying',
  FAILED: 'Failed',
};

function DeliveryItem({ d }: { d: WebhookDelivery }) {
  return (
    <li className="webhook-delivery" data-status={d.status} data-testid="webhook-delivery">
      <div className="webhook-delivery-head">
        <strong className="webhook-delivery-status">
          {d.status === 'PENDING' && d.attempts === 0 ? 'Waiting' : STATUS_WORD[d.status]}
        </strong>
        {d.test && <span className="webhook-delivery-tag">Test</span>}
        <time dateTime={d.created_at}>{formatDateTime(d.created_at)}</time>
      </div>
      <dl className="webhook-delivery-facts">
        <dt>Receiver</dt>
        <dd>{d.http_status !== undefined ? `HTTP ${d.http_status}` : 'no answer'}</dd>
        <dt>Attempts</dt>
        <dd>{d.attempts}</dd>
        {d.next_attempt_at && (
          <>
            <dt>Next retry</dt>
            <dd>
              <time dateTime={d.next_attempt_at}>{formatDateTime(d.next_attempt_at)}</time>
            </dd>
          </>
        )}
        {d.error && (
          <>
            <dt>Error</dt>
            <dd className="webhook-delivery-error">{d.error}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

/** The thing's deliveries from the server's durable records, newest first, older ones on request. */
export function ThingWebhookLog({ thingId, active }: { thingId: string; active: boolean }) {
  const ctx = useIotContext();
  const log = useInfiniteQuery({
    ...webhookDeliveriesQueryOptions(ctx, thingId),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === 'PENDING'))
        ? PENDING_REFRESH_MS
        : active
          ? ACTIVE_REFRESH_MS
          : false,
  });
  const deliveries = log.data?.pages.flatMap((p) => p.deliveries);
  const dropped = log.data?.pages[0]?.dropped_values ?? 0;
  return (
    <div className="webhook-log">
      <h3 id="webhook-log-title">Deliveries</h3>
      {dropped > 0 && (
        <p className="muted">
          {dropped} {plural('value', dropped)} not sent: over 10 a second for this thing.
        </p>
      )}
      <AsyncState
        query={{
          isPending: log.isPending,
          isError: log.isError,
          error: log.error,
          data: deliveries,
          refetch: log.refetch,
        }}
        errorTitle="Deliveries could not be loaded"
        empty={{
          title: 'No deliveries yet',
          hint: 'Values are posted here once the webhook is on; Send a test tries the receiver now.',
        }}
      >
        {(list) => (
          <>
            <ol className="webhook-deliveries" aria-labelledby="webhook-log-title">
              {list.map((d) => (
                <DeliveryItem key={d.id} d={d} />
              ))}
            </ol>
            {log.hasNextPage && (
              <Button variant="subtle" onClick={() => log.fetchNextPage()}>
                Show older
              </Button>
            )}
          </>
        )}
      </AsyncState>
    </div>
  );
}
