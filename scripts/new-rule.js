#!/usr/bin/env node
// Scaffolds a rule: `npm run new-rule -- <rule-id>` creates server/src/rules/<rule-id>.ts (meta + visitor),
// <rule-id>.md (doc with Incorrect/Correct examples) and test/fixtures/rules/<rule-id>.cpp (annotated fixture).
// The tests then fail until the three are filled in — by design.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const id = process.argv[2];
if (!id || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) {
  console.error('usage: npm run new-rule -- <kebab-case-rule-id>');
  process.exit(2);
}
const root = path.join(__dirname, '..');
const files = {
  [`server/src/rules/${id}.ts`]: `// ${id} — <eb-rules.md catalog ids> (<spec section>). <What the rule checks and why it matters on the GPU.>
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: '${id}',
    description: '<One sentence: what the rule checks.>',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: [],
    messages: { problem: "<Debug-layer style message about '{{name}}'>." },
  },
  create(ctx) {
    return {
      barrier(b) {
        if (known(b.fields.SyncBefore) === undefined) return;
        // ctx.report({ messageKey: 'problem', data: { name: resourceName(b) }, range: b.range, fingerprintText: fingerprintOf(b) });
        void resourceName;
        void fingerprintOf;
        void ctx;
      },
    };
  },
});
`,
  [`server/src/rules/${id}.md`]: `# ${id}

**Debug layer:** <message id or none> · **Default:** error · **Catalog:** <ids>

<What the rule checks, why, and when it stays silent.>

## Incorrect

\`\`\`cpp
void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
}
\`\`\`

## Correct

\`\`\`cpp
void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
}
\`\`\`

## Decisions
- <Any eb-rules.md C.23 uncertainty this rule resolves, and how.>
`,
  [`test/fixtures/rules/${id}.cpp`]: `// Fixture: ${id}.

// ---- invalid ----
void Invalid(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
    // code that must fire, with an annotation under its first line:
//  ^ error[${id}]: <message substring>
}

// ---- valid ----
void Valid(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
}
`,
};
for (const [rel, text] of Object.entries(files)) {
  const abs = path.join(root, rel);
  if (fs.existsSync(abs)) {
    console.error(`${rel} already exists`);
    process.exit(2);
  }
}
for (const [rel, text] of Object.entries(files)) {
  fs.writeFileSync(path.join(root, rel), text);
  console.log(`created ${rel}`);
}
