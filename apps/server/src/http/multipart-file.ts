import type { MultipartFile } from '@fastify/multipart';

/**
 * Reads an uploaded file part whole, or calls `tooLarge` when it went over the plugin's `limits.fileSize`.
 *
 * `part.toBuffer()` alone is not enough: busboy cuts the file at the limit and flags `file.truncated`, and
 * toBuffer only looks at that flag after each chunk it receives. When the chunk that crosses the limit starts
 * exactly at it (Node's fetch streams a Blob in 64 KiB pieces, and 1 MiB is 16 of them), nothing more is
 * pushed, the loop ends, and toBuffer hands back the first bytes as if they were the whole file.
 */
export async function readWholeFile(part: MultipartFile, tooLarge: () => Error): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (part.file.truncated) throw tooLarge();
  return bytes;
}
