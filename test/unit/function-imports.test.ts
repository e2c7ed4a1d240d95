// Which records a file imports for its declared values (extract/function-imports.ts): a record holding D3D12 objects
// whenever the text declares a value of it, and any record whose local value the text hands whole to a call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { declaredRecordKeys, HANDED, importClosure, RECORD } from '../../server/src/extract/function-imports';

const DEFINED = new Map([
  [`${RECORD}UploadInfo`, 'struct UploadInfo { const Texture* texture; bool resident; };'],
  [`${RECORD}Targets`, 'struct Targets { ID3D12Resource* color; };'],
]);
const imported = (text: string) => [...(importClosure(declaredRecordKeys(text, new Set()), (k) => DEFINED.get(k)) ?? new Map()).keys()].sort();

void describe('declaredRecordKeys / importClosure', () => {
  void it('a plain record whose local value is handed whole to a call (by value or by address) is imported', () => {
    assert.deepEqual(imported('void F(U& u) { UploadInfo info{}; info.resident = false; u.Upload(info); }'), [`${RECORD}UploadInfo`]);
    assert.deepEqual(imported('void F() { UploadInfo info = {}; Fill(dev, &info); }'), [`${RECORD}UploadInfo`]);
    assert.ok(declaredRecordKeys('UploadInfo info; Send(info);', new Set()).includes(`${HANDED}UploadInfo`));
  });

  void it('a plain record only declared, read member by member, or handed as a reference parameter is not', () => {
    assert.deepEqual(imported('void F() { UploadInfo info{}; Send(info.resident); }'), []);
    assert.deepEqual(imported('void F(const UploadInfo& info) { Send(info); }'), []);
    assert.deepEqual(imported('void F() { UploadInfo* info = Get(); Send(info); }'), []);
  });

  void it("a record the file defines itself is not imported; one holding D3D12 objects is, as before", () => {
    assert.deepEqual(declaredRecordKeys('UploadInfo info; Send(info);', new Set(['UploadInfo'])).filter((k) => k.startsWith(RECORD)), []);
    assert.deepEqual(imported('void F() { Targets t; Use(t.color); }'), [`${RECORD}Targets`]);
  });
});
