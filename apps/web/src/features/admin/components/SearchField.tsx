import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that reports its text once typing pauses (300 ms), so a list of thousands is asked once per
 * pause, not once per key. It follows `value` when the address changes under it (back, a link) unless the
 * user is typing.
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = useRef(onSearch);
  report.current = onSearch;

  useEffect(() => {
    if (timer.current === undefined) setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      report.current(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <input
      type="search"
      className="admin-search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => change(event.target.value)}
      maxLength={100}
    />
  );
}
