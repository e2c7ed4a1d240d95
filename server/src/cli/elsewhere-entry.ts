// The run-level half of track/elsewhere-entry.ts: which file's method is the only place in the whole run that reaches
// a member another file creates and never moves. A file exports such members (AnalysisResult.elsewhereExports). The
// member then qualifies when, over the text of every file of the run:
//  - one file exports it, and exactly one other file (its class's header) mentions its name: in one parameterless
//    getter returning it (`ID3D12Resource* GetShadowMap() const { return m_shadow.Get(); }`, FORCEINLINE and the
//    like before it allowed) and otherwise in declarations only (no other class or file reaches it by name, no
//    second getter or inline method hands it out or moves it);
//  - every occurrence of the getter's name outside its definition lies in one file that neither creates the member
//    nor defines the getter, and none is another class's definition (`Other::GetShadowMap(`); its lines are handed
//    on, and track/elsewhere-entry.ts requires them to be in one method, not a lambda;
//  - or, for a public field with no getter, its header only declares it and the one other file mentioning it names it
//    only as a member access (`mCurrentFrame->ScreenMap`): fieldReachedIn.
// Text occurrences, comments included: more occurrences only take a member away (silence), never add one.
import { readSourceFile as readSource } from '../parse/read-policy';
import type { ElsewhereEntry, ElsewhereExport } from '../track/elsewhere-entry';
import type { FileOutcome } from './outcome';

/** A parameterless getter returning the member: group 1 its name. */
const getterOf = (member: string): RegExp => new RegExp(
  String.raw`\b([A-Za-z_]\w*)\s*\(\s*(?:void\s*)?\)\s*(?:const\s*)?(?:noexcept\s*)?(?:override\s*)?\{\s*return\s+(?:this\s*->\s*)?${member}\s*(?:\.\s*Get\s*\(\s*\))?\s*;\s*\}`, 'g');

const lineAt = (text: string, index: number): number => {
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

const indicesOf = (text: string, re: RegExp): number[] => [...text.matchAll(re)].map((m) => m.index);

/** Per file of `outcomes`, the members of other files it alone reaches through a getter (see the header). */
export function elsewhereEntriesOf(outcomes: readonly FileOutcome[], context: readonly FileOutcome[]): Map<FileOutcome, ElsewhereEntry[]> {
  const out = new Map<FileOutcome, ElsewhereEntry[]>();
  const all = [...outcomes, ...context].filter((o) => o.result && !o.failure);
  const exported = new Map<string, { o: FileOutcome; e: ElsewhereExport }[]>();
  for (const o of all) for (const e of o.result!.elsewhereExports ?? []) exported.set(e.member, [...(exported.get(e.member) ?? []), { o, e }]);
  const single = [...exported.values()].filter((x) => x.length === 1).map((x) => x[0]);
  if (single.length === 0) return out;
  const texts = all.map((o) => ({ o, read: readSource(o.target.abs) }));
  if (texts.some((t) => !t.read.ok)) return out;
  const files = texts.map((t) => ({ o: t.o, text: t.read.ok ? t.read.text : '' }));
  for (const made of single) {
    const entry = reachedIn(made, files, outcomes);
    if (entry) out.set(entry.o, [...(out.get(entry.o) ?? []), entry.entry]);
  }
  return out;
}

/** The one file (of `outcomes`) reaching the member through its getter, with the lines of its getter calls; see the header. */
function reachedIn(
  made: { o: FileOutcome; e: ElsewhereExport }, files: readonly { o: FileOutcome; text: string }[], outcomes: readonly FileOutcome[],
): { o: FileOutcome; entry: ElsewhereEntry } | undefined {
  const member = made.e.member;
  const memberRe = new RegExp(String.raw`\b${member}\b`, 'g');
  const mentioning = files.filter((f) => f.o !== made.o && f.text.includes(member) && f.text.search(memberRe) !== -1);
  if (mentioning.length === 2) return fieldReachedIn(made, mentioning, files, outcomes);
  if (mentioning.length !== 1) return undefined;
  const header = mentioning[0];
  const defs = [...header.text.matchAll(getterOf(member))];
  if (defs.length !== 1) return undefined;
  const name = defs[0][1];
  const start = defs[0].index;
  const end = start + defs[0][0].length;
  const inDefinition = (index: number): boolean => index >= start && index < end;
  if (indicesOf(header.text, memberRe).some((i) => !inDefinition(i) && !declaration(header.text, i, member))) return undefined;
  const cls = classAround(header.text, start);
  if (!cls) return undefined;
  const getterRe = new RegExp(String.raw`\b${name}\s*\(`, 'g');
  if (indicesOf(header.text, getterRe).some((i) => !inDefinition(i))) return undefined;
  let at: { o: FileOutcome; text: string } | undefined;
  let calls: number[] = [];
  for (const f of files) {
    if (f === header || !f.text.includes(name)) continue;
    const found = indicesOf(f.text, getterRe);
    if (found.length === 0) continue;
    // The creating file, a second file, or another class's definition of the name: not one method's.
    if (f.o === made.o || at || found.some((i) => /::\s*$/.test(f.text.slice(Math.max(0, i - 8), i)))) return undefined;
    at = f;
    calls = found;
  }
  if (!at || !outcomes.includes(at.o)) return undefined;
  const lines = [...new Set(calls.map((i) => lineAt(at.text, i)))];
  return { o: at.o, entry: { ...made.e, getter: name, uri: made.o.uri, lines, owners: ownersOf(cls, files) } };
}

/**
 * The public-field form (`struct FrameResource { ComPtr<ID3D12Resource> ScreenMap; … }` in its header, created in
 * FrameResource.cpp's constructor, named as `mCurrentFrame->ScreenMap` in one method of another file): of the two
 * files besides the creating one that mention the member, one (the class's header) only declares it, and every mention
 * in the other is a member access (`->ScreenMap`, `.ScreenMap`) on a name declared with the class as its type (checked
 * by the tracker: ElsewhereEntry.owners). No getter: the entry's `getter` is empty.
 */
function fieldReachedIn(
  made: { o: FileOutcome; e: ElsewhereExport }, mentioning: readonly { o: FileOutcome; text: string }[],
  files: readonly { o: FileOutcome; text: string }[], outcomes: readonly FileOutcome[],
): { o: FileOutcome; entry: ElsewhereEntry } | undefined {
  const member = made.e.member;
  const memberRe = new RegExp(String.raw`\b${member}\b`, 'g');
  const declaring = mentioning.filter((f) => indicesOf(f.text, memberRe).every((i) => declaration(f.text, i, member)));
  if (declaring.length !== 1) return undefined;
  const header = declaring[0];
  const at = mentioning.find((f) => f !== header)!;
  if (!outcomes.includes(at.o)) return undefined;
  const uses = indicesOf(at.text, memberRe);
  if (uses.some((i) => !/(?:->|\.)\s*$/.test(at.text.slice(Math.max(0, i - 8), i)))) return undefined;
  const decls = indicesOf(header.text, memberRe);
  const cls = classAround(header.text, decls[0]);
  if (!cls || decls.some((i) => classAround(header.text, i) !== cls)) return undefined;
  const lines = [...new Set(uses.map((i) => lineAt(at.text, i)))];
  return { o: at.o, entry: { ...made.e, getter: '', uri: made.o.uri, lines, owners: ownersOf(cls, files) } };
}

/** Whether the member's mention at `index` is on a line declaring it (`ComPtr<ID3D12Resource> m_shadow;`). */
function declaration(text: string, index: number, member: string): boolean {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  const line = text.slice(start, end === -1 ? undefined : end);
  return new RegExp(String.raw`^\s*[\w:<>,\s*&]+[\s*&>]${member}\s*(?:=\s*(?:nullptr|NULL)\s*|\{\s*(?:nullptr|NULL)?\s*\})?;\s*(?://.*)?$`).test(line);
}

/** The class or struct whose body holds `index` (the nearest opening before it), or undefined. */
function classAround(text: string, index: number): string | undefined {
  let name: string | undefined;
  for (const m of text.slice(0, index).matchAll(/\b(?:class|struct)\s+(?:[A-Za-z_]\w*\s+)*?([A-Za-z_]\w*)\s*(?:final\s*)?(?::[^{};]*)?\{/g)) name = m[1];
  return name;
}

/** The names the run's files declare with class `cls` as their type (declaredWith), sorted. */
function ownersOf(cls: string, files: readonly { text: string }[]): string[] {
  return [...new Set(files.flatMap((f) => (f.text.includes(cls) ? [...f.text.matchAll(declaredWith(cls))].map((m) => m[1]) : [])))].sort();
}

/** Names declared with the class as their type (`std::unique_ptr<Cls> m_x;`, `Cls* p`, `Cls& target`): group 1. */
const declaredWith = (cls: string): RegExp =>
  new RegExp(String.raw`\b${cls}\b\s*(?:>\s*)*(?:const\s*)?(?:[*&]\s*)*(?:const\s*)?([A-Za-z_]\w*)\s*(?:[;=,)\[{]|$)`, 'gm');
