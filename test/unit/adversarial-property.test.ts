// Property: every generated adversarial input (test/harness/adversarial.ts) yields a complete result within the
// budget this test states — 10 s of CPU time and 1 GB of heap per input (the "done" bar; typical inputs take
// milliseconds) — and never throws, with internal errors made fatal. A failure names the seed; rerun one case
// with BARRIERLINT_SEED=<seed> (and BARRIERLINT_CASES=1). The large attack (100,000 inputs) is
// scripts/adversarial-attack.js, outside npm test.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { adversarial, adversarialCorpus } from '../harness/adversarial';

const ROOT = path.resolve(__dirname, '../../..');
export const TIME_BUDGET_MS = 10_000;
export const HEAP_BUDGET_BYTES = 1024 * 1024 * 1024;
const CASES = Number(process.env.BARRIERLINT_CASES ?? 70);
// A fixed first seed by default (deterministic CI); BARRIERLINT_SEED=random explores fresh ones.
const ASKED_SEED = process.env.BARRIERLINT_SEED;
const FIRST_SEED = ASKED_SEED === 'random' ? Math.floor(Math.random() * 1_000_000_000) : Number(ASKED_SEED ?? 38039600);

void test(`adversarial inputs complete within ${TIME_BUDGET_MS} ms and 1 GB (seeds ${FIRST_SEED}..${FIRST_SEED + CASES - 1})`, () => {
  const corpus = adversarialCorpus(ROOT);
  process.env.BARRIERLINT_INTERNAL_ERRORS_FATAL = '1';
  try {
    for (let seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed++) {
      const { generator, text } = adversarial(seed, corpus);
      const where = `seed ${seed} (${generator}; rerun: BARRIERLINT_SEED=${seed} BARRIERLINT_CASES=1)`;
      // NOTE: the time budget is CPU time (this process runs one test file): on a shared machine at a load of 30+
      // the wall clock of a 1.4 s input reached 10 s.
      const started = process.cpuUsage();
      let result;
      try {
        result = analyze(text, 'file:///adversarial.cpp', {});
      } catch (error) {
        assert.fail(`${where}: threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      const cpu = process.cpuUsage(started);
      const ms = (cpu.user + cpu.system) / 1000;
      assert.equal(result.complete, true, `${where}: incomplete result`);
      assert.ok(ms < TIME_BUDGET_MS, `${where}: took ${Math.round(ms)} ms of CPU`);
      const heap = process.memoryUsage().heapUsed;
      assert.ok(heap < HEAP_BUDGET_BYTES, `${where}: heap at ${Math.round(heap / 2 ** 20)} MB`);
    }
  } finally {
    delete process.env.BARRIERLINT_INTERNAL_ERRORS_FATAL;
  }
});
