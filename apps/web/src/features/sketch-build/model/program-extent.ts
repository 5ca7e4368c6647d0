/**
 * The bytes of a flash image up to its last programmed byte (the parser fills the rest with 0xff, the erased
 * value), so an upload writes only the pages the program uses.
 */
export function programExtent(image: Uint8Array): Uint8Array {
  let end = image.length;
  while (end > 0 && image[end - 1] === 0xff) end -= 1;
  return image.subarray(0, end);
}
