import { describe, expect, it } from 'vitest';
import { usbMethodOf } from './usb-method.ts';

describe('usbMethodOf', () => {
  it('picks the bootloader protocol of the board', () => {
    expect(usbMethodOf('arduino:avr:uno')).toEqual({ kind: 'stk500v1', baudRate: 115200 });
    expect(usbMethodOf('arduino:avr:nano:cpu=atmega328old')).toEqual({ kind: 'stk500v1', baudRate: 57600 });
    expect(usbMethodOf('esp32:esp32:esp32')).toEqual({ kind: 'esptool' });
    expect(usbMethodOf('arduino:avr:mega:cpu=atmega2560').kind).toBe('none');
  });
});
