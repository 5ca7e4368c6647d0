import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { useSerialLog } from '../model/serial-log.ts';
import { SerialMonitorPort } from '../usb/serial-monitor-port.ts';
import { requestSerialPort } from '../usb/web-serial-available.ts';
import { SerialMonitor } from './SerialMonitor.tsx';

/** The speeds of Arduino's Serial Monitor most sketches use (`Serial.begin`). */
export const BAUD_RATES = [300, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 74880, 115200, 230400] as const;

/**
 * A board on USB, read over Web Serial: the user picks its port, its output shows as it comes and lines can
 * be sent to it. Disconnect (or leaving the page) closes the port, so an upload can use it next.
 */
export function UsbSerialMonitor() {
  const id = useId();
  const log = useSerialLog();
  const [baud, setBaud] = useState(9600);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const monitor = useRef<SerialMonitorPort | null>(null);

  const disconnect = async () => {
    const open = monitor.current;
    monitor.current = null;
    setConnected(false);
    await open?.close();
  };
  useEffect(() => () => void monitor.current?.close(), []);

  const connect = async () => {
    setError(null);
    try {
      const port = await requestSerialPort();
      if (!port) return;
      monitor.current = await SerialMonitorPort.open(port, baud, {
        onText: log.append,
        onLost: (lost) => {
          monitor.current = null;
          setConnected(false);
          setError(lost.message);
        },
      });
      setConnected(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const toolbar = (
    <>
      <label className="visually-hidden" htmlFor={`${id}-baud`}>
        Baud rate
      </label>
      <select
        id={`${id}-baud`}
        value={baud}
        disabled={connected}
        onChange={(event) => setBaud(Number(event.target.value))}
      >
        {BAUD_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {rate} baud
          </option>
        ))}
      </select>
      {connected ? (
        <Button variant="subtle" className="button-small" onClick={disconnect}>
          Disconnect
        </Button>
      ) : (
        <Button variant="subtle" className="button-small" onClick={connect}>
          Connect a board
        </Button>
      )}
    </>
  );

  return (
    <>
      <SerialMonitor
        label="Serial monitor (USB)"
        text={log.text}
        onSend={(text) => {
          monitor.current
            ?.send(text)
            .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
        }}
        onClear={log.clear}
        canSend={connected}
        toolbar={toolbar}
      />
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
