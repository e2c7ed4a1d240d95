#!/usr/bin/env node
// `npm run bench`: runs every compiled benchmark, out/test/bench/bench*.js, in name order, one process each.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, '..', 'out', 'test', 'bench');
const benches = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^bench.*\.js$/.test(f)).sort() : [];
if (benches.length === 0) {
  console.error('run-benches: no compiled benchmarks under out/test/bench (run npm run build first)');
  process.exit(1);
}
let status = 0;
for (const bench of benches) {
  const child = spawnSync(process.execPath, ['--expose-gc', path.join(dir, bench)], { stdio: 'inherit' });
  if (child.status !== 0) status = child.status ?? 1;
}
process.exit(status);
