/** How a board of this FQBN takes a program over USB from the browser, if it can. */
export type UsbMethod =
  | { kind: 'stk500v1'; baudRate: number }
  | { kind: 'esptool' }
  | { kind: 'none'; reason: string };

/**
 * Uno and Nano boot into an STK500v1 bootloader (Optiboot at 115200 baud; the old Nano bootloader at 57600);
 * ESP32 boards take esptool's protocol. The Mega's bootloader speaks STK500v2, which we do not write: its
 * users download the program and use the IDE or avrdude.
 */
export function usbMethodOf(fqbn: string): UsbMethod {
  const [, arch, board, menu = ''] = fqbn.split(':');
  if (arch === 'esp32') return { kind: 'esptool' };
  if (arch === 'avr' && board === 'uno') return { kind: 'stk500v1', baudRate: 115200 };
  if (arch === 'avr' && board === 'nano') {
    return { kind: 'stk500v1', baudRate: menu.includes('atmega328old') ? 57600 : 115200 };
  }
  return {
    kind: 'none',
    reason:
      'This board cannot be programmed from the browser: download the program and upload it with the Arduino IDE or avrdude.',
  };
}
