/**
 * File contents travel as base64 in `data` (the files API). Sketches are UTF-8 text; uploads may be bytes.
 * Chunked so a quarter-megabyte file does not blow the argument limit of `String.fromCharCode`.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const textToBase64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));
export const base64ToText = (data: string) => new TextDecoder().decode(base64ToBytes(data));
