// Reads one source file for analysis. Unreadable, binary and non-UTF-8 files are reported, never analysed
// as garbage and never silently skipped (the run then exits 2: it did not complete).
import * as fs from 'node:fs';

export type SourceRead = { ok: true; text: string } | { ok: false; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

export function readSource(file: string): SourceRead {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EISDIR') return { ok: false, message: 'is a directory' };
    return { ok: false, message: `cannot read file: ${e.code ?? e.message}` };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, message: 'UTF-16 encoded file; barrierlint reads UTF-8 source (convert it or exclude it)' };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) return { ok: false, message: `binary file (NUL byte at offset ${nul}); not linted` };
  try {
    // TextDecoder drops a leading UTF-8 BOM, so columns match what editors show.
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, message: `not valid UTF-8 (first bad byte at offset ${firstInvalidUtf8(bytes)}); barrierlint reads UTF-8 source` };
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    try {
      decoder.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return i;
}
