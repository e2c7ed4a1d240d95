// The bench's clang anchor (test/bench/clang-anchor.ts): `clang++ -fsyntax-only` of a bench input with the real
// DirectX-Headers. A DirectX-Headers checkout has the Linux adapter beside the headers (include/wsl/winadapter.h
// next to include/directx/d3d12.h), so the include root must be on the path, whichever of the three folders
// DIRECTX_HEADERS names. Without clang++ or the headers the anchor is skipped with one line saying why.
// When clang++ and DIRECTX_HEADERS are both there, the generated barrier inputs must compile without an error.
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { barrierHeavy } from '../bench/barrier-heavy';
import { findClang } from '../bench/clang-anchor';
import { engineFile } from '../bench/engine-file';

const hasClang = spawnSync('sh', ['-c', 'command -v clang++'], { encoding: 'utf8' }).status === 0;

function withHeaders<T>(value: string | undefined, f: () => T): T {
  const was = process.env.DIRECTX_HEADERS;
  if (value === undefined) delete process.env.DIRECTX_HEADERS;
  else process.env.DIRECTX_HEADERS = value;
  try {
    return f();
  } finally {
    if (was === undefined) delete process.env.DIRECTX_HEADERS;
    else process.env.DIRECTX_HEADERS = was;
  }
}

describe('clang anchor', () => {
  it('puts the include root, the headers and the stubs on the path for a checkout, its include/ or include/directx', { skip: !hasClang && 'clang++ not installed' }, () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dxh-'));
    try {
      const include = path.join(root, 'include');
      fs.mkdirSync(path.join(include, 'directx'), { recursive: true });
      fs.mkdirSync(path.join(include, 'wsl', 'stubs'), { recursive: true });
      fs.writeFileSync(path.join(include, 'directx', 'd3dx12.h'), '');
      fs.writeFileSync(path.join(include, 'wsl', 'winadapter.h'), '');
      for (const given of [root, include, path.join(include, 'directx')]) {
        const setup = withHeaders(given, findClang);
        assert.notEqual(typeof setup, 'string', `${given}: ${String(setup)}`);
        if (typeof setup === 'string') continue;
        assert.equal(setup.include, path.join(include, 'directx'));
        assert.ok(setup.args.includes(`-I${include}`), setup.args.join(' '));
        assert.ok(setup.args.includes(`-I${path.join(include, 'directx')}`));
        assert.ok(setup.args.includes(`-I${path.join(include, 'wsl', 'stubs')}`));
        assert.deepEqual(setup.args.slice(0, 4), ['-std=c++17', '-fsyntax-only', '-include', 'wsl/winadapter.h']);
      }
      fs.rmSync(path.join(include, 'wsl', 'winadapter.h'));
      const lacking = withHeaders(root, findClang);
      assert.equal(typeof lacking, 'string');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('says in one line why it is skipped', () => {
    const setup = withHeaders(path.join(os.tmpdir(), 'no-such-directx-headers'), findClang);
    if (typeof setup !== 'string') return; // headers installed system-wide: nothing skipped
    assert.match(setup, hasClang ? /DirectX-Headers not found/ : /clang\+\+ not found/);
    assert.doesNotMatch(setup, /\n/);
  });

  const real: ReturnType<typeof findClang> = hasClang && process.env.DIRECTX_HEADERS ? withHeaders(process.env.DIRECTX_HEADERS, findClang) : 'clang++ or DIRECTX_HEADERS missing';
  it('the generated barrier inputs compile with the real headers', { skip: typeof real === 'string' && real }, () => {
    if (typeof real === 'string') return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchor-'));
    try {
      for (const [name, text] of [['barrier-heavy.cpp', barrierHeavy(60_000)], ['engine.cpp', engineFile(1500)]]) {
        const file = path.join(dir, name);
        fs.writeFileSync(file, text);
        const compiled: SpawnSyncReturns<string> = spawnSync('clang++', [...real.args, file], { encoding: 'utf8' });
        assert.equal(compiled.status, 0, `${name}:\n${compiled.stderr.slice(0, 3000)}`);
        assert.doesNotMatch(compiled.stderr, /error:/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
