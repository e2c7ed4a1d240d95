#!/usr/bin/env node
// Runs `node --test` on out/test/**/*.test.js. Node 20's test runner does not expand globs itself, and given a
// directory it would also run every helper under test/ as a test file, so the file list is made here.
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const fg = require('fast-glob');

const root = path.join(__dirname, '..');
const files = fg.sync('out/test/**/*.test.js', { cwd: root }).sort();
if (files.length === 0) {
  console.error('run-tests: no compiled tests under out/test (run npm run build first)');
  process.exit(1);
}
const args = ['--test', '--test-reporter=spec', ...process.argv.slice(2), ...files];
const child = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
process.exit(child.status ?? 1);
