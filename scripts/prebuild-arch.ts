// Which N-API prebuilds are for another machine than their directory names: tree-sitter-cpp 0.23's upstream
// package ships an x86-64 binary under prebuilds/linux-arm64. The .vsix leaves such a prebuild out (build-client.ts)
// rather than ship a module that fails to load with an obscure dlopen error; the README says which platforms are
// then not supported. Only ELF (Linux) headers are read: the other formats' prebuilds are what they say.
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

/** ELF e_machine of each Linux architecture name node uses in prebuild directories. */
const ELF_MACHINE: Record<string, number> = { x64: 0x3e, arm64: 0xb7, arm: 0x28, ia32: 0x03 };

/** False when `header` (a file's first 20 bytes) is an ELF object for another machine than `dir` (e.g. linux-arm64). */
export function prebuildMatches(dir: string, header: Uint8Array): boolean {
  const [platform, arch] = dir.split('-');
  const expected = ELF_MACHINE[arch];
  const elf = header.length >= 20 && header[0] === 0x7f && header[1] === 0x45 && header[2] === 0x4c && header[3] === 0x46;
  if (platform !== 'linux' || expected === undefined || !elf) return true;
  const machine = header[5] === 2 ? (header[18] << 8) | header[19] : header[18] | (header[19] << 8);
  return machine === expected;
}

/** The prebuild directories under `prebuilds` holding a module built for another machine. */
export function foreignPrebuilds(prebuilds: string): string[] {
  return readdirSync(prebuilds).filter((dir) => readdirSync(join(prebuilds, dir)).some((file) => {
    if (!file.endsWith('.node')) return false;
    const header = new Uint8Array(20);
    const fd = openSync(join(prebuilds, dir, file), 'r');
    try {
      readSync(fd, header, 0, 20, 0);
    } finally {
      closeSync(fd);
    }
    return !prebuildMatches(dir, header);
  }));
}
