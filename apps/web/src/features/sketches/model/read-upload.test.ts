import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { base64ToText } from './base64.ts';
import { readUpload, UploadProblem } from './read-upload.ts';

const zipFile = (name: string, entries: Record<string, string>) =>
  new File([zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])))], name, {
    type: 'application/zip',
  });

describe('readUpload', () => {
  it('reads an .ino as a sketch of one file', async () => {
    const read = await readUpload(new File(['void setup() {}'], 'Blink.ino'));
    expect(read.name).toBe('Blink');
    expect(read.files.map((f) => [f.name, base64ToText(f.data)])).toEqual([['Blink.ino', 'void setup() {}']]);
  });

  it('unzips, strips the one top folder and drops archive debris', async () => {
    const read = await readUpload(
      zipFile('download.zip', {
        'Blink/Blink.ino': 'void loop() {}',
        'Blink/led.h': '#define LED 13',
        '__MACOSX/Blink/._Blink.ino': 'x',
        'Blink/.DS_Store': 'x',
      }),
    );
    expect(read.name).toBe('Blink');
    expect(read.files.map((f) => f.name).sort()).toEqual(['Blink.ino', 'led.h']);
    expect(base64ToText(read.files.find((f) => f.name === 'led.h')?.data ?? '')).toBe('#define LED 13');
  });

  it('names a flat zip after its one .ino, and refuses a zip with none', async () => {
    expect((await readUpload(zipFile('x.zip', { 'Probe.ino': '', 'a.h': '' }))).name).toBe('Probe');
    await expect(readUpload(zipFile('notes.zip', { 'notes/readme.md': '' }))).rejects.toBeInstanceOf(
      UploadProblem,
    );
    await expect(readUpload(new File(['x'], 'photo.png'))).rejects.toThrow(/\.ino file or a \.zip/);
  });
});
