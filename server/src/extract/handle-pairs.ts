// CPU and GPU descriptor handles handed out as two values of one slot. A descriptor allocator of an engine returns
// (or a caller passes) the CPU handle a view is created at and the GPU handle the same slot is bound at as two
// names that differ only in `Cpu`/`Gpu`: `Load(…, D3D12_CPU_DESCRIPTOR_HANDLE srvCpu, D3D12_GPU_DESCRIPTOR_HANDLE
// srvGpu)`, a `DescriptorHandle { CpuHandle; GpuHandle; }` member, `alloc.cpu` / `alloc.gpu`. Nothing but that naming
// links them, so only a unique partner is taken: one CPU name and one GPU name whose spellings are equal once the
// `cpu`/`gpu` token is set aside (case kept: `srvCpu`↔`srvGpu`, `CpuHandle`↔`GpuHandle`, `cpu`↔`gpu`). Two CPU names
// with one stem, or a stem shared by no GPU name, pair nothing.

/** The name with its one `cpu`/`gpu` token swapped (`srvCpu` → `srvGpu`), or null when it has none or several. */
export function partnerName(name: string): string | null {
  const tokens = [...name.matchAll(/cpu|gpu/gi)];
  if (tokens.length !== 1) return null;
  const t = tokens[0][0];
  const swapped = [...t].map((ch, i) => {
    if (i !== 0) return ch;
    const to = ch.toLowerCase() === 'c' ? 'g' : 'c';
    return ch === ch.toUpperCase() ? to.toUpperCase() : to;
  }).join('');
  return name.slice(0, tokens[0].index) + swapped + name.slice(tokens[0].index! + t.length);
}

/** Whether a name's `cpu`/`gpu` token says CPU. */
const isCpuName = (name: string): boolean => /cpu/i.test(name) && !/gpu/i.test(name);

/**
 * The GPU handle parameters of a function that have a unique CPU handle partner among its parameters: GPU name →
 * CPU name (`srvGpu` → `srvCpu`). `cpu`/`gpu` are the function's CPU and GPU handle parameters.
 */
export function pairedGpuParams(cpu: readonly string[], gpu: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of gpu) {
    const c = partnerName(g);
    if (!c || isCpuName(g) || !cpu.includes(c)) continue;
    if (gpu.filter((x) => partnerName(x) === c).length === 1) out.set(g, c);
  }
  return out;
}

/**
 * The GPU partner of a member path whose last component names the CPU handle (`m_uav.CpuHandle` →
 * `m_uav.GpuHandle`, `m_srvCpu` → `m_srvGpu`), or null.
 */
export function gpuPartnerPath(path: string): string | null {
  const parts = path.split(/(\.|->)/);
  const last = parts[parts.length - 1];
  if (!isCpuName(last)) return null;
  const p = partnerName(last);
  return p ? [...parts.slice(0, -1), p].join('') : null;
}
