#!/usr/bin/env node
// The large adversarial attack (outside npm test): analyses COUNT generated inputs (test/harness/adversarial.ts,
// seeds START..START+COUNT-1, every generator in turn) with internal errors fatal, and counts internal errors,
// inputs over 10 s and the peak RSS (anything over 1 GB is listed). Prints a JSON summary with the seeds of every
// failure. Usage: npm run build && node scripts/adversarial-attack.js [COUNT] [START]   (OUT=out2 to use another build;
// SUMMARY=file.json rewrites the running summary there every 1,000 inputs, so a run stopped midway still reports)
'use strict';
const path = require('node:path');

const out = path.join(__dirname, '..', process.env.OUT ?? 'out');
const fs = require('node:fs');
const { analyze } = require(path.join(out, 'server/src/analyze.js'));
const { adversarial, adversarialCorpus, GENERATOR_NAMES } = require(path.join(out, 'test/harness/adversarial.js'));

const count = Number(process.argv[2] ?? 100000);
const start = Number(process.argv[3] ?? 1);
const SLOW_MS = 10_000;
const BIG_RSS = 1024 * 1024 * 1024;
process.env.BARRIERLINT_INTERNAL_ERRORS_FATAL = '1';
const corpus = adversarialCorpus(path.join(__dirname, '..'));
const summary = { count: 0, start, internalErrors: [], over10s: [], over10sCpu: [], overRss1GB: [], peakRssMB: 0, worstMs: 0, worstCpuMs: 0, worstCpuSeed: null, worstMsPerLine: 0, worstSeed: null, byGenerator: {} };
for (const g of GENERATOR_NAMES) summary.byGenerator[g] = { count: 0, worstMs: 0 };
const began = Date.now();
// NOTE: tree-sitter frees a tree's native memory in a finalizer that runs only when the event loop turns, so the
// loop yields after every input (a synchronous loop would grow RSS without bound).
const turn = () => new Promise((resolve) => setImmediate(resolve));
(async () => {
for (let seed = start; seed < start + count; seed++) {
  await turn();
  const { generator, text } = adversarial(seed, corpus);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  try {
    const r = analyze(text, 'file:///attack.cpp', {});
    if (!r.complete) summary.internalErrors.push({ seed, generator, error: 'incomplete' });
  } catch (error) {
    summary.internalErrors.push({ seed, generator, error: String(error && error.message).slice(0, 200) });
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const lines = text.split(/\r\n|\r|\n/).length;
  const g = summary.byGenerator[generator];
  g.count++;
  g.worstMs = Math.max(g.worstMs, Math.round(ms));
  if (ms > summary.worstMs) { summary.worstMs = Math.round(ms); summary.worstSeed = seed; }
  summary.worstMsPerLine = Math.max(summary.worstMsPerLine, ms / lines);
  if (ms > SLOW_MS) summary.over10s.push({ seed, generator, ms: Math.round(ms), cpuMs: Math.round(cpuMs) });
  if (cpuMs > summary.worstCpuMs) { summary.worstCpuMs = Math.round(cpuMs); summary.worstCpuSeed = seed; }
  if (cpuMs > SLOW_MS) summary.over10sCpu.push({ seed, generator, cpuMs: Math.round(cpuMs) });
  const rss = process.memoryUsage().rss;
  summary.peakRssMB = Math.max(summary.peakRssMB, Math.round(rss / 2 ** 20));
  if (rss > BIG_RSS) summary.overRss1GB.push({ seed, generator, rssMB: Math.round(rss / 2 ** 20) });
  summary.count++;
  if (summary.count % 1000 === 0) {
    process.stderr.write(`${summary.count}/${count} in ${Math.round((Date.now() - began) / 1000)} s; errors ${summary.internalErrors.length}, >10 s ${summary.over10s.length} (CPU ${summary.over10sCpu.length}), peak RSS ${summary.peakRssMB} MB\n`);
    if (process.env.SUMMARY) fs.writeFileSync(process.env.SUMMARY, JSON.stringify({ ...summary, lastSeed: seed }, null, 2));
    if (global.gc) global.gc();
  }
}
summary.elapsedS = Math.round((Date.now() - began) / 1000);
summary.worstMsPerLine = Number(summary.worstMsPerLine.toFixed(3));
if (process.env.SUMMARY) fs.writeFileSync(process.env.SUMMARY, JSON.stringify({ ...summary, lastSeed: start + count - 1 }, null, 2));
console.log(JSON.stringify(summary, null, 2));
// The exit code counts CPU time over the limit, not wall clock (a loaded machine stretches the latter).
process.exit(summary.internalErrors.length + summary.over10sCpu.length + summary.overRss1GB.length > 0 ? 1 : 0);
})();
