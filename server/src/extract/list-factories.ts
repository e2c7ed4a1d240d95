// Functions of the file that create a command list of a fixed type and return it: `ComPtr<…> MakeComputeList(…)
// { …CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, …, IID_PPV_ARGS(&list)); return list; }`. A local
// initialised by a call of one (`auto cl = MakeComputeList(device, alloc);`) is a list of that type, as if created
// there (declarations.ts), so the list-type rules see it.
import type { CommandListType } from '../types';
import { LIST_CREATION, LIST_TYPE_NAMES } from '../model/api';
import type { FileCtx } from './context';
import { fold, toNumber } from './constant-fold';
import type { SyntaxNode } from './node';
import { argumentNodes, calleeName, unwrapValue } from './syntax';

/** The name `IID_PPV_ARGS(&list)`, `(void**)&list`, `&list` fills. */
function filledName(arg: SyntaxNode): string | undefined {
  const m = /&\s*([A-Za-z_]\w*)\s*\)?\s*$/.exec(arg.text);
  return m?.[1];
}

/** The type of the list a function body creates and returns, or undefined (no single such creation). */
function factoryType(body: SyntaxNode, file: FileCtx): CommandListType | undefined {
  let found: { name: string; type: CommandListType } | undefined;
  for (const call of body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    const spec = name ? LIST_CREATION[name] : undefined;
    const args = argumentNodes(call);
    if (!spec || !spec.argc.includes(args.length)) continue;
    const folded = fold(args[spec.typeArg], file);
    const type = folded ? LIST_TYPE_NAMES[toNumber(folded)] : undefined;
    const filled = filledName(args[args.length - 1]);
    if (!type || !filled || found) return undefined;
    found = { name: filled, type };
  }
  if (!found) return undefined;
  const returned = body.descendantsOfType('return_statement').map((r) => r.namedChild(0)).filter((v): v is SyntaxNode => !!v);
  // `if (FAILED(hr)) return nullptr;` beside `return list;`: a factory that gives nothing when the creation fails.
  const isList = (v: SyntaxNode) => /^([A-Za-z_]\w*)(?:\s*\.\s*(?:Get|Detach)\s*\(\s*\))?$/.exec(unwrapValue(v).text)?.[1] === found!.name;
  const isNull = (v: SyntaxNode) => /^(?:nullptr|NULL|0|\{\s*\})$/.test(unwrapValue(v).text);
  const returnsIt = returned.some(isList) && returned.every((v) => isList(v) || isNull(v));
  return returnsIt ? found.type : undefined;
}

/** The file's list factories, by simple function name (a name defined twice is left out). */
export function collectListFactories(defs: readonly { name: string; body: SyntaxNode }[], file: FileCtx): Map<string, CommandListType> {
  const out = new Map<string, CommandListType>();
  const seen = new Set<string>();
  for (const { name, body } of defs) {
    if (seen.has(name)) {
      out.delete(name);
      continue;
    }
    seen.add(name);
    if (!body.text.includes('CommandList')) continue;
    const type = factoryType(body, file);
    if (type) out.set(name, type);
  }
  return out;
}
