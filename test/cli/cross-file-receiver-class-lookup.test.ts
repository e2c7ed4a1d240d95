// A method call on an object whose declared class the caller knows (`batch.Record(list)` on a `Batch`) names a
// method of that class or of one of its bases, never a same-named method of an unrelated class that happens to be
// the only one in the run's other files (track/workspace.ts receiverMethods). Before, the run's lookup took that sole
// candidate whatever its class: recording-after-close reported `Painter::Record`'s draw through `batch.Record(list)`
// on a closed list, and the interpreter visited the unrelated class's body (vendored UI code reaching a renderer's
// helpers through generic method names). The twins: the receiver's own class, or its base, defined in another file
// is still taken and still reported.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ruleLinesBySrcFile } from './helpers';

// Another file's class with a `Record` that draws on the list it is handed.
const PAINTER = `#include <d3d12.h>
class Painter {
public:
  void Record(ID3D12GraphicsCommandList* list);
  UINT m_count;
};
void Painter::Record(ID3D12GraphicsCommandList* list) {
  list->DrawInstanced(m_count, 1, 0, 0);
}
`;

// The caller: a `Batch` (declared here, its Record defined nowhere in the run) handed the closed list.
const BATCH = (base: string) => `#include <d3d12.h>
struct Batch${base} {
  void Record(ID3D12GraphicsCommandList* list);
};
struct Frame {
  void End();
  ID3D12GraphicsCommandList* m_list;
  ID3D12CommandQueue* m_queue;
  Batch m_batch;
};
void Frame::End() {
  m_list->Close();
  ID3D12CommandList* lists[] = { m_list };
  m_queue->ExecuteCommandLists(1, lists);
  Batch batch;
  batch.Record(m_list);
}
`;

const findings = ruleLinesBySrcFile;

void describe('cross-file lookup of a method call on an object of a known class', () => {
  void it("stays silent: an unrelated class's only Record in another file is not the receiver's", () => {
    const got = findings({ 'src/painter.cpp': PAINTER, 'src/frame.cpp': BATCH('') });
    assert.deepEqual(got['frame.cpp'], []);
    assert.deepEqual(got['painter.cpp'], []);
  });

  void it("stays silent through a class's own method of the same name defined in the caller's file", () => {
    const own = BATCH('').replace('void Frame::End() {', 'void Batch::Record(ID3D12GraphicsCommandList* list) { (void)list; }\nvoid Frame::End() {');
    const got = findings({ 'src/painter.cpp': PAINTER, 'src/frame.cpp': own });
    assert.deepEqual(got['frame.cpp'], []);
  });

  void it("still reports through the receiver's base class defined in another file", () => {
    const got = findings({ 'src/painter.cpp': PAINTER, 'src/frame.cpp': BATCH(' : public Painter') });
    assert.deepEqual(got['frame.cpp'], ['recording-after-close:16']);
  });

  void it("still reports through the receiver's own class's method defined in another file", () => {
    const own = PAINTER.replace(/Painter/g, 'Batch').replace(/class Batch \{[^}]*\};\n/, '');
    const got = findings({ 'src/batch.cpp': `struct Batch { void Record(ID3D12GraphicsCommandList* list); UINT m_count; };\n${own}`, 'src/frame.cpp': BATCH('').replace('struct Batch {\n  void Record(ID3D12GraphicsCommandList* list);\n};\n', '') });
    assert.deepEqual(got['frame.cpp'], ['recording-after-close:13']);
  });
});
