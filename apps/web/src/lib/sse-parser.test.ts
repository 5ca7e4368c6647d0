import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.ts';

describe('the SSE parser', () => {
  it('reads events split anywhere, with comments, multi-line data, CRLF and a lasting id', () => {
    const got: SseEvent[] = [];
    const parser = createSseParser((e) => got.push(e));
    const text =
      ': stream open\n\nid: a.1\nevent: snapshot\ndata: {"x":\ndata: 1}\n\r\n' +
      'event: things.updated\r\ndata: {"thing_id":"t"}\r\n\r\n' +
      'data: plain\rid: a.3\r\r' +
      'event: empty\n\n';
    for (const ch of text) parser.push(ch);
    expect(got).toEqual([
      { id: 'a.1', event: 'snapshot', data: '{"x":\n1}' },
      { id: 'a.1', event: 'things.updated', data: '{"thing_id":"t"}' },
      { id: 'a.3', event: 'message', data: 'plain' },
    ]);
    expect(parser.lastEventId()).toBe('a.3');
  });
});
