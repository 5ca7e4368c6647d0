import { useCallback, useState } from 'react';

/** What a monitor keeps: the newest characters only, so a board that prints forever cannot fill the page's memory. */
export const SERIAL_LOG_MAX_CHARS = 64 * 1024;

export function appendBounded(log: string, text: string, max = SERIAL_LOG_MAX_CHARS): string {
  const next = log + text;
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The text a serial monitor shows, with the bound above. */
export function useSerialLog() {
  const [text, setText] = useState('');
  const append = useCallback((more: string) => setText((log) => appendBounded(log, more)), []);
  const clear = useCallback(() => setText(''), []);
  return { text, append, clear };
}

/** The line endings Arduino's serial monitor offers, appended to what is sent. */
export const LINE_ENDINGS = [
  { value: '\n', label: 'Newline' },
  { value: '', label: 'No line ending' },
  { value: '\r', label: 'Carriage return' },
  { value: '\r\n', label: 'Both NL & CR' },
] as const;
