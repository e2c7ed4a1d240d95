// Creation facts of a resource created in another function of the same file (a member created in Init() and
// barriered in Render()). The tracker knows creations only inside the function it interprets; rules that need a
// resource's flags or heap type fall back to this index.
// Only names that are not locals or parameters of the creating function qualify (a local `tex` in one function is
// another object than a local `tex` in the next), and a name that is a local or parameter of the function being
// checked is never looked up. Creations of one name that disagree make the disagreeing facts unknown.
import { declaresName, type FileFacts, type ResourceCreation } from '../../extract/facts';
import type { KnownResource } from '../../track/state';
import type { BarrierMeeting, TrackContext } from '../../track/visitors';
import type { Range } from '../../types';
import { forEachEvent } from '../../extract/events';
import { enclosingIndex } from './enclosing-functions';


/** The leading identifier of a resource key (`m_tex` of `m_tex`, `m_frames[i].rt`, `this->m_tex`). */
function rootName(key: string): string {
  const k = key.replace(/^\(?\*?this\)?(->|\.)/, '');
  return /^[A-Za-z_]\w*/.exec(k)?.[0] ?? k;
}

function merge(a: ResourceCreation, b: ResourceCreation): ResourceCreation {
  const same = <T>(x: T, y: T): T | null => (x === y ? x : null);
  return {
    ...a,
    dimension: same(a.dimension, b.dimension), flags: same(a.flags, b.flags), heapType: same(a.heapType, b.heapType),
    mipLevels: same(a.mipLevels, b.mipLevels), arraySize: same(a.arraySize, b.arraySize),
    width: same(a.width ?? null, b.width ?? null), sampleCount: same(a.sampleCount ?? null, b.sampleCount ?? null),
    format: same(a.format ?? null, b.format ?? null),
  };
}

export interface FileCreations {
  /** The file-wide creation of `key` as seen from code at `at` (a barrier or command), if any qualifies. */
  lookup(key: string, at: Range): KnownResource | undefined;
}

const indexed = new WeakMap<FileFacts, { uri: string; index: FileCreations }>();

/** The file's creation index, built once per file's facts however many rules ask for it. */
export function fileCreations(facts: FileFacts, uri: string): FileCreations {
  const known = indexed.get(facts);
  if (known?.uri === uri) return known.index;
  const index = buildFileCreations(facts, uri);
  indexed.set(facts, { uri, index });
  return index;
}

function buildFileCreations(facts: FileFacts, uri: string): FileCreations {
  const byKey = new Map<string, KnownResource>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'resource-creation' || !e.creation.resource.key) return;
      const key = e.creation.resource.key;
      if (declaresName(fn, rootName(key))) return;
      const prior = byKey.get(key);
      byKey.set(key, { uri, creation: prior ? merge(prior.creation, e.creation) : e.creation });
    });
  }
  const enclosing = enclosingIndex(facts.functions);
  return {
    lookup(key, at) {
      const found = byKey.get(key);
      if (!found) return undefined;
      const within = enclosing.around(at);
      if (within.some((f) => declaresName(f, rootName(key)))) return undefined;
      return found;
    },
  };
}

/**
 * The creation facts of the resource a barrier meets: the tracker's own (creation seen in this function) or the
 * file-wide index (a member created in another method).
 */
export function creationOf(meeting: BarrierMeeting | { key: string; resource?: KnownResource }, tctx: Pick<TrackContext, 'range'>, index: FileCreations | null):
  KnownResource | undefined {
  return meeting.resource ?? index?.lookup(meeting.key.split('|')[0], tctx.range);
}

/** The related location "'x' was created here" for a report that depends on a resource's creation. */
/** A rule's view of its file's creations: `file` (the rule's file hook) builds the index once per file's facts,
 *  `of` finds the creation of the resource a barrier or use meets (creationOf against that index). */
export function ruleCreations(uri: string): {
  file(facts: FileFacts): void;
  of(meeting: Parameters<typeof creationOf>[0], tctx: Parameters<typeof creationOf>[1]): ReturnType<typeof creationOf>;
} {
  let index: FileCreations | null = null;
  return {
    file(facts) { index = fileCreations(facts, uri); },
    of(meeting, tctx) { return creationOf(meeting, tctx, index); },
  };
}

export function createdHere(created: KnownResource): { uri: string; range: Range; message: string } {
  return { uri: created.uri, range: created.creation.resource.range, message: `'${created.creation.resource.text}' was created here` };
}
