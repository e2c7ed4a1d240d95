// The class each parameter and local of a function is declared as, for names of a class type: `VeRenderer& kRenderer`,
// `Renderer* r = GetRenderer();`. A member reached through one (`kRenderer.m_copyList`) is that class's member, the
// object its own methods create (track/list-types.ts).
import type { FnCtx } from './context';
import { classOfType } from './types';

/** Types that are no class of the code base: D3D12/DXGI interfaces and structs, scalars, handles. */
const NOT_A_CLASS = /^(?:I?D3D12|IDXGI|DXGI_|D3D_|U?INT\d*$|u?int\d*_t$|int$|float$|double$|bool$|BOOL$|void$|size_t$|char$|HANDLE$|HRESULT$|HWND$|auto$)/;

export function objectClasses(params: readonly string[], paramTypes: readonly string[], locals: readonly string[], fn: FnCtx): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  const add = (name: string, type: string | undefined) => {
    const cls = classOfType(type);
    if (!name || !cls || NOT_A_CLASS.test(cls)) return;
    (out ??= {})[name] = cls;
  };
  params.forEach((p, i) => add(p, paramTypes[i]));
  for (const l of locals) add(l, fn.types.get(l));
  return out;
}
