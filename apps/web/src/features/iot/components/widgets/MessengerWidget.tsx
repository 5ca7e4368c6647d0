import { useQueries } from '@tanstack/react-query';
import { useServices } from '@/app/services.tsx';
import { firstReadFailed, reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { messagesQueryOptions } from '@/features/iot/api/messages.ts';
import { LIVE_POLL_MS } from '@/features/iot/live/use-live-updates.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { NoVariable } from './NoVariable.tsx';
import type { WidgetProps } from './widget-props.ts';

/** The latest values of the linked (string) variables, newest first; live values are added on top. */
export function MessengerWidget({ widget, variables, space, streaming }: WidgetProps) {
  const { api, config } = useServices();
  const results = useQueries({
    queries: variables.map((variable) => ({
      ...messagesQueryOptions(api, config, space, variable),
      refetchInterval: streaming ? (false as const) : LIVE_POLL_MS,
    })),
  });
  if (variables.length === 0) return <NoVariable />;
  if (results.some((r) => r.isPending)) return <p className="muted">Loading…</p>;
  if (results.some(firstReadFailed)) return <p className="muted">Messages could not be loaded</p>;
  const stale = results.find(reReadFailed);
  const messages = results
    .flatMap((r, i) => (r.data ?? []).map((m) => ({ ...m, key: `${variables[i]?.id}-${m.at}` })))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const notice = stale && <StaleNotice error={stale.error} />;
  if (messages.length === 0)
    return (
      <>
        {notice}
        <p className="muted">No messages yet</p>
      </>
    );
  return (
    <>
      {notice}
      {/* Focusable: the list scrolls, and a keyboard user must be able to scroll it (it holds no control). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access (WCAG 2.1.1) */}
      <ol className="widget-messages" tabIndex={0} aria-label={`${widget.name || 'Messenger'} messages`}>
        {messages.map((m) => (
          <li key={m.key}>
            <span className="widget-message">{m.value === '' ? '(empty)' : formatValue(m.value)}</span>
            <time dateTime={m.at}>{formatDateTime(m.at)}</time>
          </li>
        ))}
      </ol>
    </>
  );
}
