// `npm start` (server/src/cli/demo.ts): lints examples/, prints the diagnostics and exits 0 although it finds
// errors. Every `MISTAKE:` comment in the examples is caught within a few lines below it, and nothing is reported
// away from the mistakes (the examples are otherwise correct code).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DEMO = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'demo.js');
/** A diagnostic belongs to the nearest MISTAKE comment above it, at most this many lines up. */
const REACH = 12;

function mistakes(): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(cpp|h)$/.test(e.name)) {
        const lines = fs.readFileSync(p, 'utf8').split('\n');
        out.set(path.relative(ROOT, p).split(path.sep).join('/'), lines.flatMap((l, i) => (/MISTAKE:/.test(l) ? [i + 1] : [])));
      }
    }
  };
  walk(path.join(ROOT, 'examples'));
  return out;
}

void test('npm start lints examples/, prints every deliberate mistake and exits 0', () => {
  const run = spawnSync(process.execPath, [DEMO], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  // Primary locations and their notes (a mistake inside a function may be reported where the function is called).
  const diagnostics = [...run.stdout.matchAll(/^\s*(examples\/[^:]+):(\d+):\d+: (error|warning|info|note): /gm)].map((m) => ({ file: m[1], line: Number(m[2]) }));
  const expected = mistakes();
  assert.ok([...expected.values()].flat().length >= 6, 'the examples hold a few deliberate mistakes');
  const caught = new Set<string>();
  for (const d of diagnostics) {
    const marks = expected.get(d.file) ?? [];
    const owner = marks.filter((m) => m <= d.line && d.line - m <= REACH).pop();
    if (owner !== undefined) caught.add(`${d.file}:${owner}`);
  }
  const missed = [...expected].flatMap(([file, lines]) => lines.filter((l) => !caught.has(`${file}:${l}`)).map((l) => `${file}:${l}`));
  assert.deepEqual(missed, [], `mistakes not reported:\n${missed.join('\n')}\n\noutput:\n${run.stdout}`);
});
