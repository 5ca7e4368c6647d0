import type { CompileJob, CompileSize } from '@tinkercloud/shared';

const count = new Intl.NumberFormat('en-US');
const share = (used: number, max: number) => `${Math.round((used / max) * 100)}%`;

/** One part of the size line: "1,234 of 32,256 bytes (4%)", or only the bytes when the board's limit is unknown. */
function used(bytes: number, max: number | undefined) {
  return max
    ? `${count.format(bytes)} of ${count.format(max)} bytes (${share(bytes, max)})`
    : `${count.format(bytes)} bytes`;
}

/** What the builder printed about the program's size, as the panel says it. */
export function sizeText(size: CompileSize): string {
  const parts = [`Program storage: ${used(size.flash_bytes, size.flash_max)}`];
  if (size.ram_bytes !== undefined) parts.push(`dynamic memory: ${used(size.ram_bytes, size.ram_max)}`);
  return parts.join('; ');
}

/** The job's state in a sentence, for the panel's status line. */
export function jobStatusText(job: CompileJob): string {
  switch (job.status) {
    case 'queued':
      return job.queue_position
        ? `Waiting for the compiler: ${job.queue_position} ${job.queue_position === 1 ? 'build' : 'builds'} ahead.`
        : 'Waiting for the compiler…';
    case 'running':
      return 'Compiling…';
    case 'succeeded':
      return 'Done compiling.';
    case 'failed': {
      const errors = job.diagnostics.filter((d) => d.severity === 'error').length;
      return errors
        ? `Compilation failed: ${errors} ${errors === 1 ? 'error' : 'errors'}.`
        : 'Compilation failed: see the output.';
    }
    case 'timed_out':
      return 'Compilation stopped: it took longer than the time limit.';
    case 'cancelled':
      return 'Compilation was cancelled.';
  }
}

/**
 * A header the compiler could not find (`ArduinoIoTCloud.h: No such file or directory`): a library this
 * server does not have, which only its operator can add. Said once, beside the error.
 */
export function missingLibraryHint(job: CompileJob): string | null {
  for (const d of job.diagnostics) {
    const header = /([\w./-]+\.h(?:pp)?): No such file or directory/.exec(d.message)?.[1];
    if (!header) continue;
    const thing = header === 'ArduinoIoTCloud.h' || header === 'Arduino_ConnectionHandler.h';
    return thing
      ? `${header} is not installed on this server. A thing's sketch needs the ArduinoIoTCloud library and a board with a network (ESP32, MKR, Nano 33 IoT, UNO R4 WiFi): the server's operator adds them (COMPILE_LIBRARIES_DIRS, COMPILE_HARDWARE_DIRS).`
      : `${header} is not installed on this server: the sketch includes a library the server's operator has to add (COMPILE_LIBRARIES_DIRS).`;
  }
  return null;
}
