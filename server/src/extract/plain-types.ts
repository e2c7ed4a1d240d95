// Declared types that cannot carry a command list to an unseen callee: numbers, strings, D3D12 enums and structs,
// D3D12 interfaces other than lists, enums of the file, and the file's classes whose members are all such types
// (`StatsCollector& stats`, `JobContext* context` with `int worker`). An unknown call handed only such values cannot
// reach a command list through them, whatever its name (`UpdateResourceStateStats(3)`, `RecordStats(context, 1)`);
// a class of the file with a list member (or a member of such a class) is a list holder (track/havoc-call.ts).
// A type the file does not define (`struct ProfilerContext;`) says nothing.
import type { SyntaxNode } from './node';
import { resolveAlias } from './type-aliases';

const PLAIN = new RegExp('^(?:(?:unsigned|signed|long|short)\\s+)*(?:void|bool|char|wchar_t|char8_t|char16_t|char32_t|int|float|double|'
  + 'long|short|unsigned|size_t|ptrdiff_t|u?int(?:8|16|32|64)_t|U?INT(?:8|16|32|64)?|BOOL|BYTE|WORD|DWORD|FLOAT|HRESULT|'
  + 'LPCSTR|LPCWSTR|LPSTR|LPWSTR|HANDLE|HWND|HINSTANCE|HMODULE|HMONITOR|HDC|HICON|HCURSOR|HKEY|ULONG|LONG|USHORT|SIZE_T|ULONG_PTR|UINT_PTR|LPARAM|WPARAM|LRESULT|WCHAR|CHAR|BOOLEAN|(?:std::)?(?:w?string|w?string_view)|D3D12_\\w+|DXGI_\\w+|ID3D12(?!\\w*CommandList)\\w*)$');

/** The type without qualifiers, pointer/reference marks and smart-pointer wrappers (`const Foo&` → Foo). */
function bareType(type: string): string {
  return type.replace(/\b(?:const|volatile|struct|class|enum)\b/g, '').replace(/\[\]|[*&]/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The file's enums and its classes whose members (and bases) are all plain (`plain`), and its classes that hold a
 * command list, as a member or through a member or base of such a class (`holders`: `struct Frame { ID3D12GraphicsCommandList* cl; }`),
 * by simple name. A class of neither set holds members of types the file does not define.
 */
export function collectClassKinds(root: SyntaxNode, aliases?: ReadonlyMap<string, string>): { plain: Set<string>; holders: Set<string> } {
  const out = new Set<string>();
  for (const e of root.descendantsOfType('enum_specifier')) {
    const name = e.childForFieldName('name')?.text;
    if (name && e.childForFieldName('body')) out.add(name.split('::').pop()!);
  }
  const classes = new Map<string, string[]>();
  const ambiguous = new Set<string>();
  for (const c of root.descendantsOfType(['class_specifier', 'struct_specifier'])) {
    const name = c.childForFieldName('name')?.text.split('::').pop();
    const body = c.childForFieldName('body');
    if (!name || !body) continue;
    if (classes.has(name)) ambiguous.add(name);
    const types = body.namedChildren.filter((f) => f.type === 'field_declaration' && !f.childrenForFieldName('declarator').some((d) => d.type === 'function_declarator'))
      .map((f) => resolveAlias(f.childForFieldName('type')?.text ?? '?', aliases));
    const bases = c.namedChildren.find((k) => k.type === 'base_class_clause')?.namedChildren.filter((k) => k.type !== 'access_specifier').map((k) => k.text) ?? [];
    classes.set(name, [...types, ...bases]);
  }
  const holders = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, types] of classes) {
      if (out.has(name) || holders.has(name) || ambiguous.has(name)) continue;
      if (types.every((t) => isPlain(t, out))) out.add(name);
      else if (types.some((t) => holdsList(t, holders))) holders.add(name);
      else continue;
      changed = true;
    }
  }
  return { plain: out, holders };
}

const LIST_TYPE = /\bID3D12\w*CommandList\d*\b/;

/** Whether a value of the declared type is a command list or an object of a class holding one (`holders`). */
export function holdsList(type: string | undefined, holders: ReadonlySet<string> | undefined): boolean {
  if (type === undefined) return false;
  if (LIST_TYPE.test(type)) return true;
  const inner = /<\s*([\w:]+)/.exec(type)?.[1] ?? bareType(type);
  return !!holders?.has(inner.split('::').pop()!);
}

function isPlain(type: string, classes: ReadonlySet<string>): boolean {
  const t = bareType(type);
  return PLAIN.test(t) || classes.has(t.split('::').pop()!);
}

/** Whether a value of the declared type cannot hold or reach a command list. Unknown types are not plain. */
export function plainType(type: string | undefined, classes: ReadonlySet<string> | undefined): boolean {
  if (type === undefined || /\bauto\b|\bdecltype\b|</.test(type)) return false;
  return isPlain(type, classes ?? new Set());
}
