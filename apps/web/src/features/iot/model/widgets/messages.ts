/** A message as the messenger lists it: its value and when it was stored. */
export interface TimedMessage {
  at: string;
  value: unknown;
}

/**
 * How far apart a cloud write and the device's echo of it are stored at most, either way round (a board's
 * clock may run behind the server's). The server calls a value an echo within 30 s of the write; a board
 * answers within a second or two, and a shorter window leaves a board's own repeated text alone.
 */
export const ECHO_PAIR_MS = 10_000;

/**
 * The messages with each cloud write shown once: the history stores a write and then, when the board
 * applies it and reports it back, the same value again (its echo). Of two neighbouring messages with the
 * same value stored within `ECHO_PAIR_MS`, the older stays; a message pairs at most once, so a board
 * repeating a text on its own still shows every other repeat. Newest first in, newest first out.
 */
export function withoutEchoes<M extends TimedMessage>(newestFirst: readonly M[]): M[] {
  const kept: M[] = [];
  let paired = false;
  // Oldest first: the write comes before its echo (or just after, if the board's clock is behind).
  for (const message of [...newestFirst].reverse()) {
    const previous = kept[kept.length - 1];
    const echo =
      previous !== undefined &&
      !paired &&
      Math.abs(Date.parse(message.at) - Date.parse(previous.at)) <= ECHO_PAIR_MS &&
      JSON.stringify(message.value) === JSON.stringify(previous.value);
    if (echo) {
      paired = true;
      continue;
    }
    kept.push(message);
    paired = false;
  }
  return kept.reverse();
}
