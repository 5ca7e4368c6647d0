import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { useSerialLog } from '../model/serial-log.ts';
import { SimulatedUno } from '../sim/avr-board.ts';
import { SerialMonitor } from './SerialMonitor.tsx';

/**
 * "Run in browser": the built program on a simulated ATmega328P (avr8js), in real time, with its serial
 * output in a monitor, input sent back to it, and the built-in LED (pin 13) drawn on a sketch of the board.
 * A lazy chunk: the simulator loads only when a sketch is run.
 */
export default function SimulatedBoard({
  hex,
  boardName,
  onClose,
}: {
  /** The Intel HEX the compile made. */
  hex: string;
  boardName: string;
  onClose: () => void;
}) {
  const log = useSerialLog();
  const [led, setLed] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const board = useRef<SimulatedUno | null>(null);

  useEffect(() => {
    let uno: SimulatedUno;
    try {
      uno = new SimulatedUno(hex, { onSerial: log.append, onLed: setLed });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return;
    }
    board.current = uno;
    uno.start();
    setRunning(true);
    return () => {
      uno.stop();
      board.current = null;
    };
  }, [hex, log.append]);

  const toggle = () => {
    const uno = board.current;
    if (!uno) return;
    if (uno.running) uno.stop();
    else uno.start();
    setRunning(uno.running);
  };
  const reset = () => {
    board.current?.reset();
    setLed(false);
  };

  return (
    <section className="sim-board" aria-label={`Simulated ${boardName}`}>
      <div className="sim-controls">
        <h3 className="build-title">Simulated {boardName}</h3>
        <span role="status" className="muted" data-testid="sim-state">
          {error ? 'Stopped' : running ? 'Running' : 'Paused'}
        </span>
        <Button variant="subtle" className="button-small" onClick={toggle} disabled={error !== null}>
          {running ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="subtle" className="button-small" onClick={reset} disabled={error !== null}>
          Reset
        </Button>
        <Button variant="subtle" className="button-small" onClick={onClose}>
          Close
        </Button>
      </div>
      {error && (
        <p role="alert" className="field-error">
          The program could not be loaded: {error}
        </p>
      )}
      <svg
        className="sim-drawing"
        viewBox="0 0 160 100"
        role="img"
        aria-label={`Built-in LED ${led ? 'on' : 'off'}`}
      >
        <rect className="sim-pcb" x="2" y="2" width="156" height="96" rx="6" />
        <rect x="10" y="10" width="28" height="22" rx="2" fill="#c0c4c8" />
        <rect x="70" y="50" width="70" height="18" rx="2" fill="#222" />
        <text className="sim-label" x="74" y="62">
          ATmega328P
        </text>
        <circle
          className={led ? 'sim-led-on' : 'sim-led-off'}
          data-testid="sim-led"
          data-on={led}
          cx="60"
          cy="20"
          r="5"
        />
        <text className="sim-label" x="68" y="24">
          L
        </text>
      </svg>
      <SerialMonitor
        text={log.text}
        onSend={(text) => board.current?.writeSerial(text)}
        onClear={log.clear}
        canSend={error === null}
      />
    </section>
  );
}
