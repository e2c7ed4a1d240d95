// The one read policy of both surfaces (CLI and language server): which files are read, how large they may be,
// and how their bytes become text. Only regular files are read (a FIFO, socket or device such as /dev/zero is
// refused without blocking), with a size cap; binary files are refused (NUL padding at a text file's end is
// dropped); a file with a UTF-16 byte-order mark is decoded as UTF-16, with a note; UTF-8 is decoded strictly; a file that is not UTF-8 but whole Shift-JIS, CP949 or GBK text (Japanese,
// Korean and Chinese MSVC code bases) is decoded as such, anything else as Windows-1252 (common in MSVC code bases),
// with a note saying which. Positions are always UTF-16 code units of the decoded text.
// NOTE: a double-byte character of Shift-JIS or GBK may end in 0x5C, a backslash when read byte by byte: read as
// Windows-1252, a comment ending in such a character splices the next line into the comment (a lost argument).
// NOTE: it lives in parse/ (beside positions.ts), not files/, so that config/ and report/ (baselines), which sit
// below files/ in the layering, read their files under the same policy.
import * as fs from 'node:fs';

/** Source files larger than this are not read (the editor's limit, skip-reason.ts, counts the same in characters). */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/** Configuration, baseline and .gitignore files larger than this are refused. */
export const MAX_SMALL_FILE_BYTES = 1024 * 1024;

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; message: string };

type CjkEncoding = 'shift_jis' | 'euc-kr' | 'gbk';

export type SourceRead =
  | { ok: true; text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | CjkEncoding; note?: string }
  | { ok: false; message: string };

/**
 * Reads a regular file of at most `maxBytes` bytes. The file is opened non-blocking and checked with fstat on the
 * open descriptor, so a FIFO never blocks the read and a path swapped between check and read is still checked.
 */
export function readRegularFile(file: string, maxBytes: number): ReadResult {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EISDIR') return { ok: false, message: 'is a directory' };
    return { ok: false, message: `cannot read file: ${e.code ?? e.message}` };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return { ok: false, message: 'is a directory' };
    if (!stat.isFile()) return { ok: false, message: `not a regular file (${kindOf(stat)}); not read` };
    if (stat.size > maxBytes) return { ok: false, message: tooLarge(stat.size, maxBytes) };
    // NOTE: read at most maxBytes + 1 whatever fstat said, so a file that grows while being read stays bounded.
    const buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const n = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length) return { ok: false, message: tooLarge(length, maxBytes) };
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { ok: false, message: `cannot read file: ${e.code ?? e.message}` };
  } finally {
    fs.closeSync(fd);
  }
}

/** A small text file (configuration, baseline, .gitignore): regular, capped, UTF-8 (lenient). */
export function readSmallTextFile(file: string, maxBytes = MAX_SMALL_FILE_BYTES): { ok: true; text: string } | { ok: false; message: string } {
  const read = readRegularFile(file, maxBytes);
  return read.ok ? { ok: true, text: new TextDecoder('utf-8').decode(read.bytes) } : read;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/** Reads one source file for analysis under the policy above. */
export function readSourceFile(file: string, maxBytes = MAX_SOURCE_BYTES): SourceRead {
  const read = readRegularFile(file, maxBytes);
  return read.ok ? decodeSource(read.bytes) : read;
}

/**
 * Bytes → text under the policy (exported for tests and for text that arrives as bytes). A text file padded at its
 * end with NUL bytes (some editors and generators leave such padding; compilers ignore the characters with a
 * warning) is read without them, with a note; a NUL anywhere before text makes the file binary.
 */
export function decodeSource(bytes: Uint8Array): SourceRead {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return decodeUtf16(bytes);
  const nul = bytes.indexOf(0);
  if (nul < 0) return decodeText(bytes);
  if (nul === 0 || bytes.subarray(nul).some((b) => b !== 0)) return { ok: false, message: `binary file (NUL byte at offset ${nul}); not linted` };
  const read = decodeText(bytes.subarray(0, nul));
  const padding = `${bytes.length - nul} NUL bytes at the end (from offset ${nul}) ignored`;
  return read.ok ? { ...read, note: read.note ? `${read.note}; ${padding}` : padding } : read;
}

/**
 * A file that starts with a UTF-16 byte-order mark (Visual Studio saves some files so: a wizard's `stdafx.cpp`, a
 * header edited with a non-ASCII character): read as UTF-16 with a note. Refusing it made the whole run incomplete
 * (exit 2). Text that is not valid UTF-16 (an odd length, a lone surrogate) is still refused.
 */
function decodeUtf16(bytes: Uint8Array): SourceRead {
  const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
  try {
    // TextDecoder drops the byte-order mark, so columns match what editors show.
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    if (text.includes('\0')) return { ok: false, message: `binary file (NUL character in ${encoding === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE'} text); not linted` };
    return { ok: true, text, encoding, note: `UTF-16 (${encoding === 'utf-16le' ? 'little' : 'big'}-endian) with a byte-order mark; read as such` };
  } catch {
    return { ok: false, message: 'UTF-16 byte-order mark but not valid UTF-16 text; not linted' };
  }
}

function decodeText(bytes: Uint8Array): SourceRead {
  try {
    // TextDecoder drops a leading UTF-8 BOM, so columns match what editors show.
    return { ok: true, text: strictUtf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const cjk = cjkDecode(bytes);
    if (cjk) return { ok: true, text: cjk.text, encoding: cjk.encoding, note: `not valid UTF-8 (first bad byte at offset ${at}); read as ${cjk.name}` };
    return {
      ok: true,
      text: windows1252.decode(bytes),
      encoding: 'windows-1252',
      note: `not valid UTF-8 (first bad byte at offset ${at}); read as Windows-1252`,
    };
  }
}

// NOTE: the WHATWG 'euc-kr' decoder is Windows code page 949 (Unified Hangul Code), what Korean MSVC files are in.
const CJK_ENCODINGS = [
  { encoding: 'shift_jis', name: 'Shift-JIS', decoder: new TextDecoder('shift_jis', { fatal: true }) },
  { encoding: 'euc-kr', name: 'CP949 (Korean)', decoder: new TextDecoder('euc-kr', { fatal: true }) },
  { encoding: 'gbk', name: 'GBK', decoder: new TextDecoder('gbk', { fatal: true }) },
] as const;

const HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/g;

/**
 * What Windows-1252 text that happens to decode does not have. Japanese text has kana: a curly apostrophe before a
 * letter (0x92 0x74, "doesn’t") is a valid Shift-JIS ideograph, never kana. Korean text is nearly all Hangul: Chinese
 * GB2312 text that decodes as CP949 gives about as many Hanja as Hangul. Chinese GBK text is mostly pairs of two
 * high bytes (GB2312): Latin text's high bytes are followed by ASCII letters.
 */
const looksLike: Record<CjkEncoding, (text: string, bytes: Uint8Array) => boolean> = {
  shift_jis: (text) => /[\u3041-\u3096\u30a1-\u30fa]/.test(text),
  'euc-kr': (text) => {
    let wide = 0;
    for (const ch of text) if (ch.codePointAt(0)! >= 0x80) wide++;
    return wide > 0 && (text.match(HANGUL)?.length ?? 0) >= 0.9 * wide;
  },
  gbk: (_text, bytes) => {
    let high = 0;
    let low = 0;
    for (let i = 0; i + 1 < bytes.length; i++) {
      if (bytes[i] < 0x81) continue;
      if (bytes[i + 1] >= 0x80) high++;
      else low++;
      i++;
    }
    return high > 0 && high >= 4 * low;
  },
};

/**
 * The bytes as Shift-JIS, CP949 or GBK text, when one of them decodes the whole file and its non-ASCII characters are
 * (nearly all) kana, Hangul, CJK ideographs and CJK punctuation or full-width forms: Windows-1252 text rarely decodes
 * so (an accented letter before a space or digit is no double-byte character; Latin text that does decode gives
 * half-width katakana or private-use characters, which count against it). Shift-JIS first: Japanese text also decodes
 * as GBK (as ideographs), Chinese GBK text as Shift-JIS gives half-width katakana and so loses. CP949 before GBK:
 * Korean text also decodes as GBK (as ideographs, the same score), Chinese text as CP949 fails or is not Hangul enough.
 */
function cjkDecode(bytes: Uint8Array): { text: string; encoding: CjkEncoding; name: string } | undefined {
  let best: { text: string; encoding: CjkEncoding; name: string; score: number } | undefined;
  for (const c of CJK_ENCODINGS) {
    let text: string;
    try {
      text = c.decoder.decode(bytes);
    } catch {
      continue;
    }
    let cjk = 0;
    let other = 0;
    for (const ch of text) {
      const u = ch.codePointAt(0)!;
      if (u < 0x80) continue;
      if ((u >= 0x3000 && u <= 0x30ff) || (u >= 0x3131 && u <= 0x318e) || (u >= 0x3400 && u <= 0x4dbf) || (u >= 0x4e00 && u <= 0x9fff)
        || (u >= 0xac00 && u <= 0xd7a3) || (u >= 0xff01 && u <= 0xff5e)) cjk++;
      else other++;
    }
    const score = cjk - other;
    if (cjk === 0 || cjk < 9 * other || (best && score <= best.score) || !looksLike[c.encoding](text, bytes)) continue;
    best = { text, encoding: c.encoding, name: c.name, score };
  }
  return best && { text: best.text, encoding: best.encoding, name: best.name };
}

function tooLarge(size: number, maxBytes: number): string {
  const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `file too large (${size > maxBytes ? `over ${mb(maxBytes)}` : mb(size)}; the limit is ${mb(maxBytes)}); not read`;
}

function kindOf(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return 'not a file';
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    try {
      strictUtf8.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return i;
}
