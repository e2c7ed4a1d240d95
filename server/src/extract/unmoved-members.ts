// Members a file creates and never moves: every mention of the name outside the creation calls is one that cannot
// change its state (settled-members.ts quietMention: views, copies, `.Get()` compared or released, the class body's
// declaration). Such a member is in its creation state until some other file moves it — through a getter of its
// class's header (`ID3D12Resource* GetShadowMap() const { return m_shadow.Get(); }`) the run hands it to another
// class's method (track/elsewhere-entry.ts, cli/elsewhere-entry.ts).
// NOTE: stricter than frame-members.ts: a creating function that also moves the member, a name assigned or handed
// to any call but the quiet ones, or a mention through another object (`other.m_tex`) makes the member moved. The
// d3dx12 upload helpers are not quiet here (a copy queue in another file would leave the texture decayed).
import type { SyntaxNode } from './node';
import { calleeName } from './syntax';
import { inCreation } from './frame-members';
import { CREATION_TEXT, createdNames, quietMention } from './settled-members';

const CREATIONS = /^Create(?:Committed|Placed|Reserved)Resource\d?$/;
/** `IID_PPV_ARGS(m_tex.GetAddressOf())`, `IID_PPV_ARGS(&this->m_tex)`: the created member's name. */
const PPV_TARGET = /^IID_PPV_ARGS\s*\(\s*(?:&\s*)?(?:this\s*->\s*)?([A-Za-z_]\w*)\s*(?:\.\s*(?:GetAddressOf|ReleaseAndGetAddressOf|put)\s*\(\s*\))?\s*\)$/;

/** The names the file's creation calls create, in the forms createdNames reads and through `IID_PPV_ARGS(m.GetAddressOf())`. */
function createdMemberNames(root: SyntaxNode): Set<string> {
  const out = createdNames(root);
  for (const call of root.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    if (!f || !CREATIONS.test(calleeName(f) ?? '')) continue;
    const args = call.childForFieldName('arguments')?.namedChildren ?? [];
    const name = PPV_TARGET.exec(args[args.length - 1]?.text ?? '')?.[1];
    if (name) out.add(name);
  }
  return out;
}

/** The created names of the file no mention outside a creation call can move (see the header), sorted. */
export function unmovedMemberNames(root: SyntaxNode, text: string): string[] {
  if (!CREATION_TEXT.test(text)) return [];
  const created = createdMemberNames(root);
  if (created.size === 0) return [];
  const moved = new Set<string>();
  for (const id of root.descendantsOfType(['identifier', 'field_identifier'])) {
    if (!created.has(id.text) || moved.has(id.text)) continue;
    if (!inCreation(id) && !quietMention(id)) moved.add(id.text);
  }
  return [...created].filter((n) => !moved.has(n)).sort();
}
