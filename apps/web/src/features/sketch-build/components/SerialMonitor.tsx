import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { LINE_ENDINGS } from '../model/serial-log.ts';

/**
 * A serial monitor: what the board printed (kept scrolled to the end unless the user scrolled up to read),
 * and a line to send it with the line ending of Arduino's monitor. The source (the simulated board or a
 * port over Web Serial) is the caller's; `toolbar` holds its own controls.
 */
export function SerialMonitor({
  text,
  onSend,
  onClear,
  canSend,
  toolbar,
  label = 'Serial monitor',
}: {
  text: string;
  onSend: (text: string) => void;
  onClear: () => void;
  canSend: boolean;
  toolbar?: ReactNode;
  label?: string;
}) {
  const id = useId();
  const output = useRef<HTMLPreElement>(null);
  const [message, setMessage] = useState('');
  const [ending, setEnding] = useState<string>(LINE_ENDINGS[0].value);
  const pinned = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new text scrolls the output to its end.
  useEffect(() => {
    const el = output.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [text]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    onSend(message + ending);
    setMessage('');
  };

  return (
    <section className="serial-monitor" aria-labelledby={`${id}-title`}>
      <div className="serial-monitor-head">
        <h3 id={`${id}-title`}>{label}</h3>
        {toolbar}
        <Button variant="subtle" className="button-small" onClick={onClear} disabled={text === ''}>
          Clear
        </Button>
      </div>
      <pre
        ref={output}
        className="serial-output"
        data-testid="serial-output"
        role="log"
        aria-live="off"
        aria-label={`${label} output`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        onScroll={(event) => {
          const el = event.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
        }}
      >
        {text || <span className="muted">Nothing received yet.</span>}
      </pre>
      <form className="serial-send" onSubmit={send}>
        <label className="visually-hidden" htmlFor={`${id}-message`}>
          Message to the board
        </label>
        <input
          id={`${id}-message`}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          placeholder="Message to the board"
          maxLength={1024}
          autoComplete="off"
          disabled={!canSend}
        />
        <label className="visually-hidden" htmlFor={`${id}-ending`}>
          Line ending
        </label>
        <select id={`${id}-ending`} value={ending} onChange={(event) => setEnding(event.target.value)}>
          {LINE_ENDINGS.map((e) => (
            <option key={e.label} value={e.value}>
              {e.label}
            </option>
          ))}
        </select>
        <Button type="submit" variant="subtle" disabled={!canSend}>
          Send
        </Button>
      </form>
    </section>
  );
}
