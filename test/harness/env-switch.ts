// Answers of analyze() with an optimisation switched on or off through its environment variable (the call memo,
// the loop-pass reuse): the tests that prove a switch never changes an answer compare the two strings, on every
// fixture and example and on generated inputs.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../server/src/analyze';
import { adversarial, adversarialCorpus } from './adversarial';
import { sourceFiles } from './fixture';

const ROOT = path.resolve(__dirname, '../../..');

/** Findings, sites, parse errors and unresolved calls of `text`, as JSON, with `envName` (or each of several) set to 1 (`on`) or 0. */
export function answerWith(envName: string | readonly string[], on: boolean, text: string, uri = 'file:///switch.cpp'): string {
  return withSwitches(envName, on, () => {
    const r = analyze(text, uri, {});
    return JSON.stringify({ findings: r.findings, sites: r.sites, parseErrors: r.parseErrors, unresolved: r.unresolvedCalls });
  });
}

/** `run` with the environment variables `envName` set to 1 (`on`) or 0, restored after. */
export function withSwitches<T>(envName: string | readonly string[], on: boolean, run: () => T): T {
  const names = typeof envName === 'string' ? [envName] : envName;
  const saved = names.map((n) => process.env[n]);
  for (const n of names) process.env[n] = on ? '1' : '0';
  try {
    return run();
  } finally {
    names.forEach((n, i) => {
      if (saved[i] === undefined) delete process.env[n];
      else process.env[n] = saved[i];
    });
  }
}

/** The switch on and off give equal answers on every fixture and example of the repository. */
export function assertNeutralOnFixtures(envName: string | readonly string[], uri?: string): void {
  const files = [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];
  assert.ok(files.length > 100);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(answerWith(envName, true, text, uri), answerWith(envName, false, text, uri), path.relative(ROOT, file));
  }
}

/** The switch on and off give equal answers on the adversarial generator's inputs of these seeds. */
export function assertNeutralOnGenerated(envName: string | readonly string[], seeds: readonly number[], uri?: string): void {
  const corpus = adversarialCorpus(ROOT);
  for (const seed of seeds) {
    const { generator, text } = adversarial(seed, corpus);
    assert.equal(answerWith(envName, true, text, uri), answerWith(envName, false, text, uri), `seed ${seed} (${generator})`);
  }
}
