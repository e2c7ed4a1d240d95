// The clang anchor of the benchmarks (issue 12): how to run `clang++ -fsyntax-only` on a bench input with the real
// DirectX-Headers, or why it cannot run here. The headers are never committed: DIRECTX_HEADERS names a
// DirectX-Headers checkout (or its include/ or include/directx), else Debian's directx-headers-dev is looked for.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ClangSetup { args: string[]; include: string }

/** The clang++ arguments (before the file) and the headers used, or one line saying why the anchor is skipped. */
export function findClang(): ClangSetup | string {
  const which = spawnSync('sh', ['-c', 'command -v clang++'], { encoding: 'utf8' });
  if (which.status !== 0) return 'clang++ not found (Debian: apt-get install clang)';
  // DIRECTX_HEADERS may name a DirectX-Headers checkout, its include/ or its include/directx.
  const given = process.env.DIRECTX_HEADERS;
  const dirs = [
    ...(given ? [given, path.join(given, 'directx'), path.join(given, 'include', 'directx')] : []),
    '/usr/include/directx', '/usr/local/include/directx',
  ];
  const include = dirs.find((d) => fs.existsSync(path.join(d, 'd3dx12.h')));
  if (!include) return 'DirectX-Headers not found (set DIRECTX_HEADERS to a DirectX-Headers checkout, or Debian: apt-get install directx-headers-dev)';
  // include/directx holds d3d12.h and d3dx12.h; include/wsl the Linux adapter and the stubs of windows.h's headers.
  const root = path.dirname(include);
  if (!fs.existsSync(path.join(root, 'wsl', 'winadapter.h'))) return `DirectX-Headers at ${include} lack wsl/winadapter.h`;
  return {
    args: ['-std=c++17', '-fsyntax-only', '-include', 'wsl/winadapter.h', `-I${root}`, `-I${include}`, `-I${path.join(root, 'wsl', 'stubs')}`],
    include,
  };
}
