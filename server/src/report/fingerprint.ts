// Fingerprints that survive unrelated edits and line moves: a hash of the rule, the resource and the normalized
// barrier text (Finding.fingerprintText, or the message when a rule gives none), never a line number.
import { createHash } from 'node:crypto';
import type { Finding } from '../types';

/** Whitespace runs collapse to one space, so re-indenting or re-wrapping a barrier keeps its fingerprint. */
export function normalizeFingerprintText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 32 hex digits (128 bits of SHA-256). */
export function fingerprint(finding: Pick<Finding, 'rule' | 'resource' | 'fingerprintText' | 'message'>): string {
  const text = normalizeFingerprintText(finding.fingerprintText ?? finding.message);
  return createHash('sha256')
    .update(`${finding.rule}\u0000${finding.resource ?? ''}\u0000${text}`)
    .digest('hex')
    .slice(0, 32);
}
