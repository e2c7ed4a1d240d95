// The JSON of published diagnostics, built from a per-diagnostic cache. A keystroke in a 40,000-line file
// publishes ~2,900 diagnostics again (LSP push sends the whole list), and serialising them from scratch costs
// the JSON-RPC thread ~40 ms each time; but a diagnostic outside the edited function keeps its object identity
// (result-moves.ts), so its bytes are kept once, beside it, and only the document version they are published
// for (DiagnosticData.version, see stamped() in document-analysis.ts) is written per publication.
// The stdio transport's writer uses `preEncodingEncoder`; any other transport serialises the objects as usual.
import type { Diagnostic } from 'vscode-languageserver';
import type { ContentTypeEncoder, Message } from 'vscode-languageserver/node';
import { DIAGNOSTIC_SOURCE, type DiagnosticData } from '../report/lsp-diagnostics';

/** Where a message's params (or result) carry the bytes of their own JSON (see preEncodingEncoder). */
const PRE_ENCODED = Symbol('barrierlint.preEncoded');

interface PreEncoded {
  [PRE_ENCODED]?: () => Buffer;
}

/**
 * A diagnostic's JSON up to its version: `prefix + version + "}}"` is the JSON of stamped(d, version). A
 * diagnostic that is not stamped (another source, no data) is `whole`.
 */
type CachedJson = { prefix: Buffer } | { whole: Buffer };

const cache = new WeakMap<Diagnostic, CachedJson>();

function isStamped(d: Diagnostic): boolean {
  return d.source === DIAGNOSTIC_SOURCE && !!d.data && typeof d.data === 'object';
}

function cachedJson(d: Diagnostic): CachedJson {
  const known = cache.get(d);
  if (known) return known;
  let json: CachedJson;
  if (!isStamped(d)) {
    json = { whole: Buffer.from(JSON.stringify(d), 'utf8') };
  } else {
    const withoutData = JSON.stringify({ ...d, data: undefined });
    const data = JSON.stringify({ ...(d.data as DiagnosticData), version: undefined });
    const dataHead = data === '{}' ? '{' : `${data.slice(0, -1)},`;
    const head = withoutData === '{}' ? '{' : `${withoutData.slice(0, -1)},`;
    json = { prefix: Buffer.from(`${head}"data":${dataHead}"version":`, 'utf8') };
  }
  cache.set(d, json);
  return json;
}

/**
 * True when the two lists publish the same JSON at any one version (the version stamp aside): a publication that
 * would only repeat what the client shows is not sent (document-analysis.ts). Diagnostics that kept their identity
 * cost a comparison; the others their cached JSON, which a publication would build anyway.
 */
export function sameDiagnosticsJson(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((d, i) => {
    if (d === b[i]) return true;
    const x = cachedJson(d);
    const y = cachedJson(b[i]);
    return 'whole' in x ? 'whole' in y && x.whole.equals(y.whole) : 'prefix' in y && x.prefix.equals(y.prefix);
  });
}

/** The JSON of `diagnostics` stamped with `version` (stamped() in document-analysis.ts), as one buffer. */
export function diagnosticsJson(diagnostics: readonly Diagnostic[], version: number): Buffer {
  const versionTail = Buffer.from(`${version}}}`, 'utf8');
  const comma = Buffer.from(',');
  const parts: Buffer[] = [Buffer.from('[')];
  diagnostics.forEach((d, i) => {
    if (i > 0) parts.push(comma);
    const json = cachedJson(d);
    if ('whole' in json) parts.push(json.whole);
    else parts.push(json.prefix, versionTail);
  });
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}

/**
 * PublishDiagnosticsParams for `diagnostics` (their unstamped objects) at `version`, carrying their cached
 * JSON: `stampedDiagnostics` are the same diagnostics stamped, for transports that serialise the objects.
 */
export function publishParams(uri: string, version: number, unstamped: readonly Diagnostic[], stampedDiagnostics: Diagnostic[]): { uri: string; version: number; diagnostics: Diagnostic[] } {
  const params = { uri, version, diagnostics: stampedDiagnostics };
  Object.defineProperty(params, PRE_ENCODED, {
    enumerable: false,
    value: () => Buffer.concat([Buffer.from(`{"uri":${JSON.stringify(uri)},"version":${version},"diagnostics":`, 'utf8'), diagnosticsJson(unstamped, version), Buffer.from('}')]),
  });
  return params;
}

function preEncodedJson(message: Message): Buffer | undefined {
  const m = message as { method?: unknown; id?: unknown; params?: PreEncoded; result?: PreEncoded };
  const params = m.params && typeof m.params === 'object' ? m.params[PRE_ENCODED] : undefined;
  if (params && typeof m.method === 'string' && m.id === undefined) {
    return Buffer.concat([Buffer.from(`{"jsonrpc":"2.0","method":${JSON.stringify(m.method)},"params":`, 'utf8'), params(), Buffer.from('}')]);
  }
  return undefined;
}

/** application/json, except that a message carrying its params' JSON is written from it (publishParams). */
export const preEncodingEncoder: ContentTypeEncoder = {
  name: 'application/json',
  encode(message: Message, options: { charset: BufferEncoding }): Promise<Uint8Array> {
    try {
      const pre = preEncodedJson(message);
      return Promise.resolve(pre ?? Buffer.from(JSON.stringify(message, undefined, 0), options.charset));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
};
