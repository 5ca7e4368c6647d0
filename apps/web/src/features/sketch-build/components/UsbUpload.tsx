import type { CompileJob } from '@tinkercloud/shared';
import { useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { useSketchesApi } from '@/features/sketches/api/use-sketches-api.ts';
import { readArtefact } from '../api/compile-api.ts';
import { programExtent } from '../model/program-extent.ts';
import type { UsbMethod } from '../model/usb-method.ts';
import { parseIntelHex } from '../sim/intel-hex.ts';
import { flashEsp32 } from '../usb/esp32-flash.ts';
import { uploadStk500v1 } from '../usb/stk500v1.ts';
import { requestSerialPort } from '../usb/web-serial-available.ts';

type UsbState =
  | { phase: 'idle' }
  | { phase: 'writing'; fraction: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

/**
 * Upload over USB: the user picks the board's port, the board is reset into its bootloader and the program
 * written (STK500v1 for Uno and Nano, esptool for ESP32), with a progress bar. Closing the port picker is not
 * an error.
 */
export function UsbUpload({
  job,
  method,
}: {
  job: CompileJob;
  method: Exclude<UsbMethod, { kind: 'none' }>;
}) {
  const s = useSketchesApi();
  const [state, setState] = useState<UsbState>({ phase: 'idle' });

  const upload = async () => {
    const port = await requestSerialPort();
    if (!port) return;
    try {
      const artefact = await readArtefact(s, job);
      const onProgress = (fraction: number) => setState({ phase: 'writing', fraction });
      setState({ phase: 'writing', fraction: 0 });
      if (method.kind === 'stk500v1') {
        if (artefact.format !== 'hex')
          throw new Error('This build made no Intel HEX program for the bootloader.');
        await uploadStk500v1(port, programExtent(parseIntelHex(artefact.text)), {
          baudRate: method.baudRate,
          onProgress,
        });
      } else {
        if (artefact.format !== 'bin') throw new Error('This build made no binary for the ESP32.');
        await flashEsp32(port, artefact.bytes, { onProgress });
      }
      setState({ phase: 'done' });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <>
      <Button variant="subtle" onClick={upload} loading={state.phase === 'writing'}>
        Upload over USB
      </Button>
      {state.phase === 'writing' && (
        <progress className="build-progress" value={state.fraction} max={1} aria-label="Upload over USB">
          {Math.round(state.fraction * 100)}%
        </progress>
      )}
      {state.phase === 'done' && (
        <span role="status" className="build-usb-done">
          The board has the new program.
        </span>
      )}
      {state.phase === 'failed' && (
        <span role="alert" className="field-error">
          {state.message}
        </span>
      )}
    </>
  );
}
