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

/** Findings, sites, parse errors and unresolved calls of `text`, as JSON, with `envName` set to 1 (`on`) or 0. */
export function answerWith(envName: string, on: boolean, text: string, uri = 'file:///switch.cpp'): string {
  const saved = process.env[envName];
  process.env[envName] = on ? '1' : '0';
  try {
    const r = analyze(text, uri, {});
    return JSON.stringify({ findings: r.findings, sites: r.sites, parseErrors: r.parseErrors, unresolved: r.unresolvedCalls });
  } finally {
    if (saved === undefined) delete process.env[envName];
    else process.env[envName] = saved;
  }
}

/** The switch on and off give equal answers on every fixture and example of the repository. */
export function assertNeutralOnFixtures(envName: string, uri?: string): void {
  const files = [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];
  assert.ok(files.length > 100);
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(answerWith(envName, true, text, uri), answerWith(envName, false, text, uri), path.relative(ROOT, file));
  }
}

/** The switch on and off give equal answers on the adversarial generator's inputs of these seeds. */
export function assertNeutralOnGenerated(envName: string, seeds: readonly number[], uri?: string): void {
  const corpus = adversarialCorpus(ROOT);
  for (const seed of seeds) {
    const { generator, text } = adversarial(seed, corpus);
    assert.equal(answerWith(envName, true, text, uri), answerWith(envName, false, text, uri), `seed ${seed} (${generator})`);
  }
}
