// The Xbox cost tables against the seed's tables (EBX "Barriers in depth", 000_54620e82b0190841.txt). The seed rows
// are copied below verbatim (markdown as in the document) and parsed, so a drift in model/xbox-cost-tables.ts
// from the documentation fails here; rows the model derives itself must say so (`seed: false`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACCESS, LAYOUT, RESOURCE_FLAGS, RESOURCE_STATES, SYNC, XBOX_RESOURCE_FLAGS } from '../../server/src/model/enums';
import {
  ACCESS_CACHES, COPY_DEST_STAGES, COPY_SOURCE_STAGES, LAYOUT_COMPRESSION, SYNC_STAGES,
} from '../../server/src/model/xbox-cost-tables';
import { enhancedBarrierCost, legacyBarrierCost, translateLegacy } from '../../server/src/model/xbox-costs';

const SEED_SYNC = `
| D3D12\\_BARRIER\\_SYNC\\_RENDER\\_TARGET | Drain CB | BlockME |
| D3D12\\_BARRIER\\_SYNC\\_COMPUTE\\_SHADING | Drain CS | BlockME |
| D3D12\\_BARRIER\\_SYNC\\_RAYTRACING | Drain CS | BlockME |
| D3D12\\_BARRIER\\_SYNC\\_COPY (來源) | DrainCPDMA, DrainCS, DrainPS | BlockME |
| D3D12\\_BARRIER\\_SYNC\\_COPY (目的地) | DrainCPDMA, DrainCS, DrainCB, DrainDB | BlockME |
| D3D12\\_BARRIER\\_SYNC\\_DEPTH\\_STENCIL | Drain DB | BlockME |
| D3D12XBOX\\_BARRIER\\_SYNC\\_EXECUTE\\_INDIRECT | DrainME | BlockPFP, BlockCE |`;

const SEED_ACCESS = `
| Rendertarget | CB 快取 - L1、L2 | |
| Depth/Stencil | DB 快取 - L1、L2 | |
| ShaderResource | L0-L1、\\$K、L2、LM | |
| UnorderedAccess | L0-L1、\\$K、L2、LM | |
| ConstantBuffer | L0-L1、\\$K、L2 | 常數緩衝區通常透過 SMEM 指令讀取 |
| VertexBuffer | L0-L1、L2 | 頂點緩衝區透過 VMEM 指令讀取 (經由 L0-L1-L2)。 |
| IndexBuffer | L2 | 索引緩衝區透過由 PFP 觸發的 CPDMA 從 DRAM 擷取至 L2。 |
| CopyDest | L0-L1、\\$K、L2、LM、CB 快取、DB 快取 | |
| CopySource | L0-L1、\\$K、L2、LM | |
| 光線追蹤加速結構 (讀取/寫入) | L0-L1、\\$K、L2 | |`;

const SEED_LAYOUT = `
| D3D12\\_BARRIER\\_LAYOUT\\_COMMON | uncompressedAll | uncompressedAll |
| D3D12\\_BARRIER\\_LAYOUT\\_GENERIC\\_READ | uncompressedAll | uncompressedAll |
| D3D12\\_BARRIER\\_LAYOUT\\_RENDER\\_TARGET | CompressedColor CompressedDcc ScatteredFmask IndirectColorClear | CompressedColor CompressedDcc ScatteredFmask IndirectColorClear |
| D3D12\\_BARRIER\\_LAYOUT\\_UNORDERED\\_ACCESS | uncompressedAll | CompressedColor CompressedDepth CompressedStencil CompressedDcc ScatteredFmask |
| D3D12\\_BARRIER\\_LAYOUT\\_SHADER\\_RESOURCE | uncompressedAll | CompressedColor CompressedDcc ScatteredFmask CompressedDepth CompressedStencil |
| D3D12\\_BARRIER\\_LAYOUT\\_COPY\\_SOURCE | CompressedColor CompressedDcc | CompressedColor CompressedDcc ScatteredFmask IndirectColorClear CompressedDepth CompressedStencil |
| D3D12\\_BARRIER\\_LAYOUT\\_COPY\\_DEST | CompressedColor CompressedDcc | CompressedColor CompressedDepth CompressedStencil CompressedDcc ScatteredFmask IndirectColorClear |`;

function rows(table: string): string[][] {
  return table.trim().split('\n').map((line) => line.split('|').slice(1, -1).map((c) => c.trim().replace(/\\(.)/g, '$1')));
}

const sortedSet = (xs: readonly string[]): string[] => [...new Set(xs)].sort();
const stages = (cell: string, verb: string): string[] => sortedSet(cell.split(',').map((s) => s.trim().replace(verb, '').trim()));

// The access table's row names → D3D12_BARRIER_ACCESS_ members.
const ACCESS_ROWS: Record<string, string[]> = {
  Rendertarget: ['RENDER_TARGET'], 'Depth/Stencil': ['DEPTH_STENCIL_READ', 'DEPTH_STENCIL_WRITE'],
  ShaderResource: ['SHADER_RESOURCE'], UnorderedAccess: ['UNORDERED_ACCESS'], ConstantBuffer: ['CONSTANT_BUFFER'],
  VertexBuffer: ['VERTEX_BUFFER'], IndexBuffer: ['INDEX_BUFFER'], CopyDest: ['COPY_DEST'], CopySource: ['COPY_SOURCE'],
  '光線追蹤加速結構 (讀取/寫入)': ['RAYTRACING_ACCELERATION_STRUCTURE_READ', 'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
};
const seedCaches = (cell: string): string[] => sortedSet(cell.replace(' - L1', '、L1').split('、').map((c) => c.trim())
  .filter((c) => c !== 'L1' || !cell.includes('快取 - L1')).map((c) => c.replace('CB 快取', 'CB cache').replace('DB 快取', 'DB cache')));

void describe('Xbox cost tables = the seed tables (EBX § Barriers in depth)', () => {
  void it('sync → stages drained / blocked, every seed row', () => {
    for (const [flag, drain, block] of rows(SEED_SYNC)) {
      const name = flag.replace(/^D3D12(XBOX)?_BARRIER_SYNC_/, '');
      const row = name.startsWith('COPY (來源)') ? COPY_SOURCE_STAGES : name.startsWith('COPY (目的地)') ? COPY_DEST_STAGES
        : SYNC_STAGES[name];
      assert.ok(row, `no row for ${flag}`);
      assert.equal(row.seed, true, `${flag} must be marked as the seed's`);
      assert.deepEqual(sortedSet(row.drain), stages(drain, 'Drain'), `${flag} drained`);
      assert.deepEqual(sortedSet(row.block), stages(block, 'Block'), `${flag} blocked`);
    }
  });

  void it('access → caches, every seed row', () => {
    for (const [name, caches] of rows(SEED_ACCESS)) {
      for (const member of ACCESS_ROWS[name]) {
        const row = ACCESS_CACHES[member];
        assert.ok(row?.seed, `${member} must be a seed row`);
        assert.deepEqual(sortedSet(row.caches), seedCaches(caches), `${name} (${member})`);
      }
    }
  });

  void it('layout → compression states, non-TC and TC, every seed row', () => {
    const states = (cell: string): string[] => (cell === 'uncompressedAll' ? [] : sortedSet(cell.split(/\s+/)));
    for (const [flag, nonTC, tc] of rows(SEED_LAYOUT)) {
      const row = LAYOUT_COMPRESSION[flag.replace('D3D12_BARRIER_LAYOUT_', '')];
      assert.ok(row?.seed, `${flag} must be a seed row`);
      assert.deepEqual(sortedSet(row.nonTC), states(nonTC), `${flag} non-TC`);
      assert.deepEqual(sortedSet(row.tc), states(tc), `${flag} TC`);
    }
  });

  void it('rows the seeds do not give are marked derived with a reason', () => {
    for (const table of [SYNC_STAGES, ACCESS_CACHES, LAYOUT_COMPRESSION] as Record<string, { seed: boolean; note?: string }>[]) {
      for (const [name, row] of Object.entries(table)) if (!row.seed) assert.ok(row.note, `${name} needs a note`);
    }
  });
});

void describe('barrier costs (EBX worked examples)', () => {
  const rt = RESOURCE_FLAGS.ALLOW_RENDER_TARGET;
  void it('RENDER_TARGET → SHADER_RESOURCE decompresses a non-TC resource but not a TC one (EBX § 1.3 example)', () => {
    const b = { kind: 'texture' as const, syncBefore: SYNC.RENDER_TARGET, syncAfter: SYNC.PIXEL_SHADING,
      accessBefore: ACCESS.RENDER_TARGET, accessAfter: ACCESS.SHADER_RESOURCE, layoutBefore: LAYOUT.RENDER_TARGET,
      layoutAfter: LAYOUT.SHADER_RESOURCE };
    const nonTC = enhancedBarrierCost(b, { flags: rt | XBOX_RESOURCE_FLAGS.ALLOW_DCC });
    assert.deepEqual(nonTC.decompress, [{ table: 'non-TC', lost: ['CompressedColor', 'CompressedDcc', 'ScatteredFmask', 'IndirectColorClear'] }]);
    const tc = enhancedBarrierCost(b, { flags: rt | XBOX_RESOURCE_FLAGS.ALLOW_DCC | XBOX_RESOURCE_FLAGS.FORCE_TEXTURE_COMPATIBILITY });
    assert.deepEqual(tc.decompress, [{ table: 'TC', lost: ['IndirectColorClear'] }]);
    assert.deepEqual(nonTC.drained, ['CB']);
    assert.deepEqual(nonTC.blocked, ['ME']);
    assert.deepEqual(nonTC.writeBack, ['CB cache']);
    assert.deepEqual(nonTC.invalidate, ['L0-L1', '$K', 'LM']);
    // Flags unknown: both tables, so the report can say "non-TC: decompresses; TC: does not".
    assert.deepEqual(enhancedBarrierCost(b).decompress?.map((d) => d.table), ['non-TC', 'TC']);
  });

  void it('legacy NON_PIXEL_SHADER_RESOURCE → RENDER_TARGET drains VS and CS; the enhanced form drains CS (EBX § 5)', () => {
    const legacy = { kind: 'legacy-transition' as const, stateBefore: RESOURCE_STATES.NON_PIXEL_SHADER_RESOURCE,
      stateAfter: RESOURCE_STATES.RENDER_TARGET, flags: 0 };
    const { cost, translated } = legacyBarrierCost(legacy, { flags: rt, isTexture: true });
    assert.deepEqual(cost.drained, ['VS', 'CS']);
    assert.equal(translated?.layoutBefore, LAYOUT.SHADER_RESOURCE);
    assert.equal(translated?.layoutAfter, LAYOUT.RENDER_TARGET);
    const enhanced = enhancedBarrierCost({ kind: 'texture', syncBefore: SYNC.COMPUTE_SHADING, syncAfter: SYNC.RENDER_TARGET,
      accessBefore: ACCESS.SHADER_RESOURCE, accessAfter: ACCESS.RENDER_TARGET, layoutBefore: LAYOUT.SHADER_RESOURCE,
      layoutAfter: LAYOUT.RENDER_TARGET });
    assert.deepEqual(enhanced.drained, ['CS']);
  });

  void it('legacy UAV drains PS, VS and CS; a compute-scoped enhanced barrier drains CS (EBX § 5)', () => {
    const { cost } = legacyBarrierCost({ kind: 'legacy-uav', flags: 0 });
    assert.deepEqual(cost.drained, ['VS', 'PS', 'CS']);
    assert.deepEqual(cost.writeBack, ['L0-L1', 'LM']);
    const uav = ACCESS.UNORDERED_ACCESS;
    assert.deepEqual(enhancedBarrierCost({ kind: 'texture', syncBefore: SYNC.COMPUTE_SHADING, syncAfter: SYNC.COMPUTE_SHADING,
      accessBefore: uav, accessAfter: uav }).drained, ['CS']);
  });

  void it('COPY is mapped to the source or destination row by the access (EBX § 1.1)', () => {
    const copy = (accessBefore: number) => enhancedBarrierCost({ kind: 'buffer', syncBefore: SYNC.COPY, syncAfter: SYNC.COMPUTE_SHADING,
      accessBefore, accessAfter: ACCESS.SHADER_RESOURCE }).drained;
    assert.deepEqual(copy(ACCESS.COPY_SOURCE), ['CPDMA', 'PS', 'CS']);
    assert.deepEqual(copy(ACCESS.COPY_DEST), ['CPDMA', 'CS', 'CB', 'DB']);
  });

  void it('split barriers: begin blocks CE and PFP, end costs nothing (EBX § Differences 3)', () => {
    const begin = enhancedBarrierCost({ kind: 'buffer', syncBefore: SYNC.COMPUTE_SHADING, syncAfter: SYNC.SPLIT,
      accessBefore: ACCESS.UNORDERED_ACCESS, accessAfter: ACCESS.SHADER_RESOURCE });
    assert.equal(begin.split, 'begin');
    assert.deepEqual(begin.blocked, ['ME', 'PFP', 'CE']);
    const end = legacyBarrierCost({ kind: 'legacy-transition', stateBefore: RESOURCE_STATES.RENDER_TARGET,
      stateAfter: RESOURCE_STATES.PIXEL_SHADER_RESOURCE, flags: 2 }).cost;
    assert.equal(end.split, 'end');
    assert.deepEqual(end.drained, []);
  });

  void it('read → write costs no cache work; unknown values stay unknown', () => {
    const c = enhancedBarrierCost({ kind: 'buffer', syncBefore: SYNC.PIXEL_SHADING, syncAfter: SYNC.COPY,
      accessBefore: ACCESS.SHADER_RESOURCE, accessAfter: ACCESS.COPY_DEST });
    assert.deepEqual([c.writeBack, c.invalidate], [[], []]);
    const u = enhancedBarrierCost({ kind: 'texture', syncBefore: null, syncAfter: SYNC.COPY, accessBefore: null,
      accessAfter: ACCESS.COPY_DEST, layoutBefore: null, layoutAfter: LAYOUT.COPY_DEST });
    assert.equal(u.drained, null);
    assert.equal(u.writeBack, null);
    assert.equal(u.decompress, null);
  });

  void it('Xbox PRESERVE_COMPRESSED states keep compression through a legacy transition (DIFF)', () => {
    const preserve = 0x4000; // D3D12XBOX_RESOURCE_STATE_PRESERVE_COMPRESSED_COLOR (barrierlint's encoding)
    const plain = legacyBarrierCost({ kind: 'legacy-transition', stateBefore: RESOURCE_STATES.RENDER_TARGET,
      stateAfter: RESOURCE_STATES.PIXEL_SHADER_RESOURCE, flags: 0 }, { flags: rt, sampleCount: 1, isTexture: true }).cost;
    assert.deepEqual(plain.decompress, [{ table: 'non-TC', lost: ['CompressedColor', 'IndirectColorClear'] }]);
    const kept = legacyBarrierCost({ kind: 'legacy-transition', stateBefore: RESOURCE_STATES.RENDER_TARGET,
      stateAfter: RESOURCE_STATES.PIXEL_SHADER_RESOURCE | preserve, flags: 0 }, { flags: rt, sampleCount: 1, isTexture: true }).cost;
    assert.deepEqual(kept.decompress, [{ table: 'non-TC', lost: ['IndirectColorClear'] }]);
    assert.equal(translateLegacy({ kind: 'legacy-transition', stateBefore: null, stateAfter: 0, flags: 0 }), null);
  });
});
