// Enumerators declared in a header of the run (`enum CopyType : int { kCopyTypeRead = 0, kCopyTypeWrite = 1 };` in
// a class, gfxreconstruct's Dx12ResourceDataUtil shape) fold where a .cpp of the run compares with them: the helper's
// `if (copy_type == kCopyTypeRead)` is decided for each caller's argument, so a read does not also "write" the
// resource it reads. The real hazard of the same code (the staging buffer written by the read, then read as the
// copy source of the write with no barrier) is still reported; without the header, both directions stay open.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
class Util {
public:
    enum CopyType : int { kCopyTypeRead = 0, kCopyTypeWrite = 1 };
    void Read(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, ID3D12Resource* staging, UINT64 size);
    void Write(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, ID3D12Resource* staging, UINT64 size);
    void Record(ID3D12GraphicsCommandList* cl, ID3D12Resource* target, CopyType copy_type, UINT64 size, ID3D12Resource* staging);
};
`;
const USER = `#include "util.h"
void Util::Record(ID3D12GraphicsCommandList* cl, ID3D12Resource* target, CopyType copy_type, UINT64 size, ID3D12Resource* staging)
{
    if (copy_type == kCopyTypeRead)
        cl->CopyBufferRegion(staging, 0, target, 0, size);
    else
        cl->CopyBufferRegion(target, 0, staging, 0, size);
}
void Util::Read(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, ID3D12Resource* staging, UINT64 size)
{
    Record(cl, res, kCopyTypeRead, size, staging);
}
void Util::Write(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, ID3D12Resource* staging, UINT64 size)
{
    Record(cl, res, kCopyTypeWrite, size, staging);
}
void RoundTrip(Util& u, ID3D12GraphicsCommandList* cl, ID3D12Resource* res, ID3D12Resource* staging, UINT64 size)
{
    u.Read(cl, res, staging, size);
    u.Write(cl, res, staging, size);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; message: string }[] }[] };

function hazards(out: Out): string[] {
  const user = out.files.find((f) => f.path.endsWith('util.cpp'));
  assert.ok(user);
  return user.diagnostics.map((d) => `${d.rule}:${d.line}:${/'([^']+)' was written/.exec(d.message)?.[1] ?? ''}`);
}

void describe('enumerators of another file of the run', () => {
  void it('a header declares the enum: the copy direction is decided, only the real hazard on staging stays (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/util.h': HEADER, 'src/util.cpp': USER });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(hazards(JSON.parse(run.stdout) as Out), ['copy-dest-hazard:20:staging'], run.stdout);
    }
  });

  void it('without the header the direction is open: the read may also write res', () => {
    const dir = tempTree({ 'src/util.cpp': USER });
    const run = runCli(['--format', 'json', 'src'], dir);
    assert.deepEqual(hazards(JSON.parse(run.stdout) as Out), ['copy-dest-hazard:20:res', 'copy-dest-hazard:20:staging'], run.stdout);
  });

  void it('two headers giving the name different values: neither is used', () => {
    const other = HEADER.replace('kCopyTypeRead = 0, kCopyTypeWrite = 1', 'kCopyTypeRead = 1, kCopyTypeWrite = 0').replace('class Util', 'class Other');
    const dir = tempTree({ 'src/util.h': HEADER, 'src/other.h': other, 'src/util.cpp': USER });
    const run = runCli(['--format', 'json', 'src'], dir);
    assert.deepEqual(hazards(JSON.parse(run.stdout) as Out), ['copy-dest-hazard:20:res', 'copy-dest-hazard:20:staging'], run.stdout);
  });
});
