// Texts that are not analysed at all: binary content, and files over the size cap.

/** Files larger than this (UTF-16 code units) are skipped; 6,000-line sources are around 250,000. */
export const MAX_FILE_CHARS = 4 * 1024 * 1024;

export function skipReason(text: string): string | undefined {
  if (text.length > MAX_FILE_CHARS) return `${text.length} characters, over the ${MAX_FILE_CHARS} limit`;
  if (text.includes('\u0000')) return 'binary content';
  return undefined;
}
