/** One server-sent event as the stream carried it (`data` lines joined with newlines). */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules we need): feed it text as it arrives, in chunks of
 * any size; it calls `onEvent` for each complete event. Comment lines are ignored; an event without data is
 * dropped; `id` persists as the last event id.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ id: lastId, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) return;
        // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
        if (match[0] === '\r' && match.index === buffer.length - 1) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** The id of the last event seen (what Last-Event-ID sends on reconnect). */
    lastEventId: () => lastId,
  };
}
