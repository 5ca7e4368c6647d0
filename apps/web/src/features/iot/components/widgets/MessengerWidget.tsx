import { type UseQueryResult, useQueries, useQueryClient } from '@tanstack/react-query';
import { MAX_STRING_LENGTH } from '@tinkercloud/device-protocol';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { firstReadFailed, reReadFailed, StaleNotice } from '@/components/StaleNotice.tsx';
import { isDisplayOnly } from '@/features/dashboards/model/widget-kinds.ts';
import { type Message, messagesQueryOptions } from '@/features/iot/api/messages.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { LIVE_POLL_MS } from '@/features/iot/live/use-live-updates.ts';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { formatValue } from '@/features/iot/model/value-kind.ts';
import { withoutEchoes } from '@/features/iot/model/widgets/messages.ts';
import { readAgain } from '@/lib/query-client.ts';
import { NoVariable } from './NoVariable.tsx';
import { usePublish } from './use-publish.ts';
import { WriteStatus } from './WriteStatus.tsx';
import type { WidgetProps } from './widget-props.ts';

/**
 * The latest values of the linked (string) variables, newest first, each cloud write once (not again as the
 * board's echo); live values are added on top. On a variable the dashboard may write, a text box sends a
 * message to the first one.
 */
export function MessengerWidget({ widget, variables, currentOf, space, canWrite, streaming }: WidgetProps) {
  const { api, config } = useServices();
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: variables.map((variable) => ({
      ...messagesQueryOptions(api, config, space, variable),
      refetchInterval: streaming ? (false as const) : LIVE_POLL_MS,
    })),
  });
  const target = variables[0];
  const { busy, publish, state } = usePublish(space, target, target && currentOf(target));
  const [text, setText] = useState('');
  if (!target) return <NoVariable />;
  const label = widget.name || 'Messenger';
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (text === '' || !(await publish(text))) return;
    setText('');
    // Without the live stream the list would wait for its next poll to show what was just sent.
    void readAgain(queryClient, iotKeys.messages(space, target.thing_id, target.id));
  };
  const form = !isDisplayOnly(target, canWrite) && (
    <form className="widget-messenger-send" onSubmit={send}>
      <input
        aria-label={`Message to send from ${label}`}
        value={text}
        maxLength={MAX_STRING_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || text === ''} aria-busy={busy}>
        Send
      </button>
    </form>
  );
  return (
    <>
      <MessageList label={label} variables={variables} results={results} />
      {form}
      <WriteStatus state={state} />
    </>
  );
}

function MessageList({
  label,
  variables,
  results,
}: {
  label: string;
  variables: WidgetProps['variables'];
  results: readonly UseQueryResult<Message[]>[];
}) {
  if (results.some((r) => r.isPending)) return <p className="muted">Loading…</p>;
  if (results.some(firstReadFailed)) return <p className="muted">Messages could not be loaded</p>;
  const stale = results.find(reReadFailed);
  const messages = results
    .flatMap((r, i) => withoutEchoes(r.data ?? []).map((m) => ({ ...m, key: `${variables[i]?.id}-${m.at}` })))
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
      <ol className="widget-messages" tabIndex={0} aria-label={`${label} messages`}>
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
