import { describe, expect, it, vi } from 'vitest';
import { checkEsp32Image, ESP32_APP_ADDRESS, esp32WriteOptions } from './esp32-flash.ts';

describe('checkEsp32Image', () => {
  it('takes an image that starts with the ESP magic byte', () => {
    expect(() => checkEsp32Image(Uint8Array.of(0xe9, 0x03, 0x02, 0x20))).not.toThrow();
  });
  it('refuses an empty file and one that is no ESP32 image', () => {
    expect(() => checkEsp32Image(new Uint8Array(0))).toThrow(/empty/);
    // An .elf starts with 0x7f 'E' 'L' 'F'; an Intel .hex with ':'.
    expect(() => checkEsp32Image(Uint8Array.of(0x7f, 0x45, 0x4c, 0x46))).toThrow(/not an ESP32 program/);
    expect(() => checkEsp32Image(new TextEncoder().encode(':100000'))).toThrow(/not an ESP32 program/);
  });
});

describe('esp32WriteOptions', () => {
  it('writes only the image at its address, keeping the board’s flash settings', () => {
    const image = Uint8Array.of(0xe9, 1, 2, 3);
    const options = esp32WriteOptions(image, ESP32_APP_ADDRESS);
    expect(options).toMatchObject({
      fileArray: [{ data: image, address: 0x10000 }],
      flashMode: 'keep',
      flashFreq: 'keep',
      flashSize: 'keep',
      eraseAll: false,
      compress: true,
    });
    expect(options.reportProgress).toBeUndefined();
  });

  it('turns esptool’s byte counts into a fraction', () => {
    const onProgress = vi.fn();
    const { reportProgress } = esp32WriteOptions(Uint8Array.of(0xe9), 0, onProgress);
    reportProgress?.(0, 512, 2048);
    reportProgress?.(0, 0, 0);
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });
});
