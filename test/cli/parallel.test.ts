// Parallel, sharded and cached runs agree with a serial run: --jobs 1 and --jobs 4 are byte-identical, the
// union of the shards is the full run, and a warm cache gives the same output.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { selectShard } from '../../server/src/files/collect';
import { CLEAN_CPP, SYNC_NONE_CPP, runCli, staleSuppressionCpp, tempTree } from './helpers';

interface JsonReport {
  files: { path: string; diagnostics: unknown[] }[];
}

function tree(): string {
  const files: Record<string, string> = { 'barrierlint.json': '{ "rules": { "unused-suppression": "error" } }' };
  for (let i = 0; i < 24; i++) {
    const dir = ['engine/render', 'engine/compute', 'tools', 'game'][i % 4];
    files[`${dir}/file${i}.cpp`] = i % 3 === 0 ? CLEAN_CPP : i % 5 === 0 ? SYNC_NONE_CPP : staleSuppressionCpp(`f${i}`, 1 + (i % 4));
  }
  return tempTree(files);
}

void describe('parallel, sharded and cached runs', () => {
  const root = tree();

  for (const format of ['text', 'json', 'sarif', 'facts']) {
    void it(`--jobs 1 and --jobs 4 give byte-identical ${format} output`, () => {
      const serial = runCli(['--jobs', '1', '--format', format, '.'], root);
      const parallel = runCli(['--jobs', '4', '--format', format, '.'], root);
      assert.equal(serial.code, 1, serial.stderr);
      assert.equal(parallel.code, serial.code);
      assert.ok(serial.stdout.length > 0);
      assert.equal(parallel.stdout, serial.stdout);
      assert.equal(parallel.stderr, serial.stderr);
    });
  }

  void it('the union of --shard 1/3, 2/3, 3/3 is the full run, each file in exactly one shard', () => {
    const full = JSON.parse(runCli(['--format', 'json', '.'], root).stdout) as JsonReport;
    const shards = [1, 2, 3].map((i) => JSON.parse(runCli(['--format', 'json', '--shard', `${i}/3`, '.'], root).stdout) as JsonReport);
    const union = shards.flatMap((s) => s.files).sort((a, b) => (a.path < b.path ? -1 : 1));
    const expected = [...full.files].sort((a, b) => (a.path < b.path ? -1 : 1));
    assert.deepEqual(union, expected);
    assert.ok(shards.every((s) => s.files.length > 0 && s.files.length < full.files.length));
    // Deterministic: the same shard twice selects the same files.
    assert.deepEqual(JSON.parse(runCli(['--format', 'json', '--shard', '2/3', '.'], root).stdout), shards[1]);
  });

  void it('--cache: a warm run gives the same output; a changed file or config is re-analysed', () => {
    const cacheDir = path.join(root, 'node_modules', '.cache', 'barrierlint');
    fs.rmSync(cacheDir, { recursive: true, force: true });
    const cold = runCli(['--cache', '--format', 'json', '.'], root);
    const entries = fs.readdirSync(cacheDir, { recursive: true }).filter((f) => String(f).endsWith('.json'));
    // One entry per file, and one for what the whole run reports (cli/lint.ts runCacheKey).
    assert.equal(entries.length, 25);
    const warm = runCli(['--cache', '--format', 'json', '.'], root);
    assert.equal(warm.stdout, cold.stdout);
    assert.equal(warm.code, cold.code);

    fs.writeFileSync(path.join(root, 'tools/file2.cpp'), staleSuppressionCpp('changed', 3));
    const changed = JSON.parse(runCli(['--cache', '--format', 'json', '.'], root).stdout) as JsonReport;
    const file2 = changed.files.find((f) => f.path === 'tools/file2.cpp');
    assert.equal(file2?.diagnostics.length, 3);
    const other = JSON.parse(runCli(['--cache', '--format', 'json', '--rule', 'unused-suppression=off', '.'], root).stdout) as JsonReport;
    assert.equal(other.files.find((f) => f.path === 'tools/file2.cpp')?.diagnostics.length, 0);
  });

  void it('--cache-location and a corrupt entry (a miss, not an error)', () => {
    const location = path.join(root, '.lint-cache');
    runCli(['--cache', '--cache-location', '.lint-cache', 'game'], root);
    const [first] = fs.readdirSync(location, { recursive: true }).map(String).filter((f) => f.endsWith('.json'));
    fs.writeFileSync(path.join(location, first), '{ corrupt');
    const run = runCli(['--cache', '--cache-location', '.lint-cache', 'game'], root);
    assert.equal(run.stdout, runCli(['game'], root).stdout);
  });

  void it('--no-cache writes nothing', () => {
    const fresh = tempTree({ 'a.cpp': CLEAN_CPP });
    runCli(['--no-cache', 'a.cpp'], fresh);
    assert.ok(!fs.existsSync(path.join(fresh, 'node_modules')));
  });

  void it('shards still see helpers defined in other shards: the union equals the full run', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) {
      files[`helpers/h${i}.cpp`] = `void Transition${i}(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(res, before, after);
    cl->ResourceBarrier(1, &b);
}
`;
      files[`frames/f${i}.cpp`] = `void Frame${i}(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    Transition${i}(cl, rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Transition${i}(cl, rt, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PRESENT);
}
`;
    }
    const dir = tempTree(files);
    const shardOf = (rel: string): number =>
      [1, 2].find((index) => selectShard([{ abs: path.join(dir, rel), display: rel }], { index, count: 2 }, dir).length === 1) ?? 0;
    assert.ok([0, 1, 2, 3, 4, 5].some((i) => shardOf(`helpers/h${i}.cpp`) !== shardOf(`frames/f${i}.cpp`)), 'some helper and caller are split');
    const full = JSON.parse(runCli(['--format', 'json', '.'], dir).stdout) as JsonReport;
    assert.ok(full.files.filter((f) => f.path.startsWith('frames/')).every((f) => f.diagnostics.length === 1));
    const union = [1, 2]
      .flatMap((i) => (JSON.parse(runCli(['--format', 'json', '--jobs', '2', '--shard', `${i}/2`, '.'], dir).stdout) as JsonReport).files)
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    assert.deepEqual(union, [...full.files].sort((a, b) => (a.path < b.path ? -1 : 1)));
  });
});
