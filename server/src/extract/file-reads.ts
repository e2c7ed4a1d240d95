// What one function's extraction reads of the file-wide context (FileCtx) and what it writes there, recorded
// through a proxy of the context (function-cache.ts): the reads, each with a fingerprint of what it returned, decide
// whether the function's facts can be reused in another extraction; the writes are replayed when they are. Anything
// the recorder cannot express as a keyed read or a replayable write (the file's text, an iteration over a table, a
// call into a fill helper, another function's site record) makes the function's extraction not reusable.
import type { FileCtx } from './context';
import { SyntaxNode } from './node';
import { detached } from '../detached-string';

/** One keyed read: `path` from the file context, `op` on what is there, and the fingerprint of its answer. */
export interface FileRead {
  path: readonly string[];
  op: 'get' | 'has' | 'size' | 'prop' | 'all';
  key?: string;
  /** A syntax node key (descriptors.calls): its position in the document. */
  nodeKey?: boolean;
  fp: string;
}

/** One write the function made to a table of the context, replayed in order. */
export interface FileWrite {
  path: readonly string[];
  op: 'add' | 'set' | 'ensure-set' | 'ensure-map' | 'push';
  key?: string;
  value?: unknown;
  /** `push` to problems: the index of the problem among the function's own. */
  problem?: number;
}

/** The recording of one function's extraction. */
export class FileRecorder {
  readonly reads: FileRead[] = [];
  readonly writes: FileWrite[] = [];
  /** Why the extraction cannot be reused, when it cannot. */
  unsafe: string | undefined;
  /** Values the reads returned, by read index: checked unchanged when the function is done. */
  readonly returned = new Map<number, unknown>();
  private readonly seen = new Set<string>();
  private readonly written = new Set<string>();
  readonly problems: unknown[] = [];
  readonly file: FileCtx;

  constructor(readonly real: FileCtx, readonly firstSite: number) {
    this.file = this.wrap(real, []) as FileCtx;
  }

  stop(reason: string): void {
    this.unsafe ??= reason;
  }

  private note(read: FileRead, value?: unknown): void {
    const id = `${read.path.join('.')}|${read.op}|${read.key ?? ''}`;
    if (this.seen.has(id) || this.written.has(`${read.path.join('.')}|${read.key ?? ''}`)) return;
    this.seen.add(id);
    if (read.op === 'get' || read.op === 'all') this.returned.set(this.reads.length, value);
    // Kept as long as the cache entry: a key cut from the document must not hold the document's text alive.
    this.reads.push(read.key === undefined ? read : { ...read, key: detached(read.key) });
  }

  private write(w: FileWrite): void {
    // `(file.unfolded ??= new Set()).add(x)`: the table's presence, read just before, only decided whether to create
    // it; the replay creates it when missing (extract/ creates every table it adds to during a walk this way).
    const last = this.reads[this.reads.length - 1];
    if (last?.op === 'prop' && last.path.join('.') === w.path.join('.') && (last.fp === 'u' || last.fp === 'S' || last.fp === 'M')) {
      this.reads.pop();
      this.seen.delete(`${last.path.join('.')}|prop|`);
    }
    this.written.add(`${w.path.join('.')}|${w.key ?? ''}`);
    this.writes.push({ ...w, ...(w.key !== undefined ? { key: detached(w.key) } : {}), ...(typeof w.value === 'string' ? { value: detached(w.value) } : {}) });
  }

  private wrap(target: object, path: readonly string[]): unknown {
    if (target instanceof Map || target instanceof Set) return this.wrapTable(target, path);
    if (Array.isArray(target)) return this.wrapArray(target, path);
    return new Proxy(target, {
      get: (t, p) => {
        const v = Reflect.get(t, p) as unknown;
        if (typeof p !== 'string') return v;
        const at = [...path, p];
        if (path.length === 0 && p === 'text') {
          this.stop('reads the file text');
          return v;
        }
        if (typeof v === 'function') {
          this.note({ path: at, op: 'prop', fp: 'F' });
          return (...args: unknown[]) => {
            this.stop(`calls ${at.join('.')}`);
            return (v as (...a: unknown[]) => unknown)(...args);
          };
        }
        if (v instanceof WeakMap || v instanceof WeakSet) {
          this.stop(`uses ${at.join('.')}`);
          return v;
        }
        if (v !== null && typeof v === 'object' && !(v instanceof SyntaxNode)) {
          this.note({ path: at, op: 'prop', fp: kindTag(v) });
          return this.wrap(v, at);
        }
        this.note({ path: at, op: 'prop', fp: fingerprint(v) });
        return v;
      },
      set: (t, p, v) => {
        const at = typeof p === 'string' ? [...path, p] : path;
        if (v instanceof Set && v.size === 0) this.write({ path: at, op: 'ensure-set', value: v });
        else if (v instanceof Map && v.size === 0) this.write({ path: at, op: 'ensure-map', value: v });
        else this.stop(`sets ${String(p)}`);
        return Reflect.set(t, p, v);
      },
    });
  }

  /** A table (map or set): keyed reads are recorded with their answers, writes of plain values replayed, anything else stops. */
  private wrapTable(table: Map<unknown, unknown> | Set<unknown>, path: readonly string[]): unknown {
    const where = path.join('.');
    return new Proxy(table, {
      get: (t, p) => {
        if (p === 'size') {
          this.note({ path, op: 'size', fp: String(t.size) });
          return t.size;
        }
        if (p === 'has' || (p === 'get' && t instanceof Map)) return (k: unknown) => {
          const r = p === 'has' ? t.has(k) : (t as Map<unknown, unknown>).get(k);
          const key = keyOf(k);
          if (key === undefined) this.stop(`keys ${where} by an object`);
          else this.note({ path, op: p, key, ...(k instanceof SyntaxNode ? { nodeKey: true } : {}), fp: p === 'has' ? String(r) : lookupPrint(path, r) }, r);
          return r;
        };
        // Iterating the whole table reads all of it: the fingerprint of every entry (memberUses.calls, say).
        if (p === Symbol.iterator || p === 'entries' || p === 'keys' || p === 'values' || p === 'forEach') {
          this.note({ path, op: 'all', fp: lookupPrint(path, t) }, t);
          return bound(t, p);
        }
        if ((p === 'set' && t instanceof Map) || (p === 'add' && t instanceof Set)) return (k: unknown, v?: unknown) => {
          if (typeof k !== 'string' || (v !== null && typeof v === 'object') || typeof v === 'function') this.stop(`writes ${where}`);
          else this.write(p === 'set' ? { path, op: 'set', key: k, value: v } : { path, op: 'add', key: k });
          return t instanceof Map ? t.set(k, v) : t.add(k);
        };
        this.stop(`uses ${where}.${String(p)}`);
        return bound(t, p);
      },
    });
  }

  /** `sites` and `problems`: the function may push and touch what it pushed (its own sites), nothing else. */
  private wrapArray(a: unknown[], path: readonly string[]): unknown {
    const name = path.join('.');
    const own = name === 'sites' ? this.firstSite : name === 'problems' ? a.length : Infinity;
    return new Proxy(a, {
      get: (t, p) => {
        if (p === 'length') return t.length;
        if (p === 'push') return (...items: unknown[]) => {
          if (name === 'problems') for (const item of items) this.write({ path, op: 'push', problem: this.problems.push(item) - 1 });
          else if (name !== 'sites') this.stop(`pushes to ${name}`);
          return t.push(...items);
        };
        if (typeof p === 'string' && /^\d+$/.test(p) && Number(p) >= own) return t[Number(p)];
        this.stop(`uses ${name}.${String(p)}`);
        return bound(t, p);
      },
      set: (t, p, v) => {
        if (!(typeof p === 'string' && /^\d+$/.test(p) && Number(p) >= own)) this.stop(`writes ${name}.${String(p)}`);
        return Reflect.set(t, p, v);
      },
    });
  }

  /**
   * The writes to replay. A table the function created (`(file.unfolded ??= new Set()).add(x)`) was written through
   * the new object itself, not the recorder: what it holds now is the function's, added after its creation.
   */
  replayedWrites(): FileWrite[] | undefined {
    const out: FileWrite[] = [];
    for (const w of this.writes) {
      if (w.op !== 'ensure-set' && w.op !== 'ensure-map') {
        out.push(w);
        continue;
      }
      out.push({ path: w.path, op: w.op });
      const table = w.value as Map<unknown, unknown> | Set<unknown>;
      for (const [k, v] of table instanceof Map ? table : [...table].map((k) => [k, undefined] as const)) {
        if (typeof k !== 'string' || (v !== null && typeof v === 'object')) return undefined;
        out.push(w.op === 'ensure-set' ? { path: w.path, op: 'add', key: detached(k) } : { path: w.path, op: 'set', key: detached(k), value: typeof v === 'string' ? detached(v) : v });
      }
    }
    return out;
  }

  /** Reads whose answer changed while the function was extracted (it changed a table's value in place): none allowed. */
  mutatedReads(): boolean {
    for (const [i, value] of this.returned) if (this.reads[i] && lookupPrint(this.reads[i].path, value) !== this.reads[i].fp) return true;
    return false;
  }
}

function bound(t: object, p: string | symbol): unknown {
  const v = Reflect.get(t, p) as unknown;
  return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
}

function kindTag(v: object): string {
  return v instanceof Map ? 'M' : v instanceof Set ? 'S' : Array.isArray(v) ? 'A' : 'O';
}

/**
 * The fingerprint of a lookup's answer. `outParams` lists a name's overloads in the order the file's kept functions
 * and prototypes give them (another reduced document keeps others): its readers (api-calls.ts, path-facts.ts) filter
 * them by arity and ask whether some or every overload writes a position, so the distinct overloads, in any order,
 * are what they read.
 */
export function lookupPrint(path: readonly string[], v: unknown): string {
  if (path.length === 1 && path[0] === 'outParams' && Array.isArray(v)) return fingerprint([...new Set(v.map((o) => fingerprint(o)))].sort());
  return fingerprint(v);
}

/** A map key as the recorder spells it: a string, or a syntax node's position (the documents' nodes differ). */
export function keyOf(k: unknown): string | undefined {
  if (typeof k === 'string') return k;
  if (k instanceof SyntaxNode) return nodeKey(k);
  return undefined;
}

export function nodeKey(n: SyntaxNode): string {
  const r = n.range;
  return `${n.type}@${r.startLine}:${r.startColumn}-${r.endLine}:${r.endColumn}`;
}

/**
 * A value as a string that is equal for equal values: plain data, maps and sets in their order, a syntax node by
 * its type, range and text (what evaluating it reads).
 */
export function fingerprint(v: unknown): string {
  if (v === undefined) return 'u';
  try {
    return stringify(v);
  } catch {
    // A value that refers to itself: equal to nothing (the read never matches, the function is extracted again).
    return `\u0000X${++unmatched}`;
  }
}

let unmatched = 0;

function stringify(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x === undefined) return '\u0000u';
    if (x instanceof SyntaxNode) return `\u0000N${nodeKey(x)}:${x.text}`;
    if (x instanceof Map) return ['\u0000M', ...x];
    if (x instanceof Set) return ['\u0000S', ...x];
    if (typeof x === 'function') return '\u0000F';
    return x;
  });
}
