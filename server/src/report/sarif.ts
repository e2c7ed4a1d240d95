// `--format sarif`: SARIF 2.1.0 for code-scanning tools (GitHub code scanning, Azure DevOps, VS SARIF viewer).
// One run; rule metadata from the registry; physical locations in UTF-16 code units relative to %SRCROOT%
// (the current directory); relatedLocations; codeFlows for the state path; partialFingerprints that survive
// unrelated edits (see fingerprint.ts; the ":n" suffix numbers identical findings within one file).
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RuleMeta } from '../rules/define-rule';
import { ruleDocsUrl } from '../rules/define-rule';
import type { Finding, Range, RelatedLocation, Severity } from '../types';
import { fingerprint } from './fingerprint';
import { TOOL_INFORMATION_URI, TOOL_NAME, type ReportInput, sortFindings, toolVersion } from './output-model';
import { ruleMetas } from './rule-registry';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const FINGERPRINT_KEY = 'barrierlint/v1';
const SRCROOT = 'SRCROOT';

export interface SarifOptions {
  cwd: string;
  /** Files that could not be linted (unreadable, binary, internal failure); make the run unsuccessful. */
  failures: readonly { path: string; message: string }[];
  /** `--shard I/N`: becomes runAutomationDetails.id so each shard's upload has its own category. */
  shard?: { index: number; count: number };
}

type Json = Record<string, unknown>;

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

export function renderSarif(input: ReportInput, options: SarifOptions): string {
  const metas = ruleMetas();
  const ruleIndex = new Map(metas.map((m, i) => [m.id, i]));
  const artifact = (uri: string): Json => artifactLocation(uri, options.cwd);
  const results: Json[] = [];
  for (const file of input.files) {
    const occurrences = new Map<string, number>();
    for (const finding of sortFindings(file.result.findings)) {
      const fp = fingerprint(finding);
      const n = (occurrences.get(fp) ?? 0) + 1;
      occurrences.set(fp, n);
      results.push(result(finding, { ruleIndex: ruleIndex.get(finding.rule), fingerprint: `${fp}:${n}`, artifact }));
    }
  }
  const run: Json = {
    tool: {
      driver: {
        name: TOOL_NAME, version: toolVersion(), semanticVersion: toolVersion(), informationUri: TOOL_INFORMATION_URI,
        rules: metas.map(ruleDescriptor),
      },
    },
    ...(options.shard ? { automationDetails: { id: `barrierlint/shard-${options.shard.index}-of-${options.shard.count}/` } } : {}),
    invocations: [invocation(options, artifact)],
    originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(options.cwd) } },
    columnKind: 'utf16CodeUnits',
    results,
  };
  return `${JSON.stringify({ $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] }, null, 2)}\n`;
}

function ruleDescriptor(meta: RuleMeta): Json {
  const debugLayer = meta.messageId ? ` Debug layer: ${meta.messageId} #${meta.messageNumber ?? '?'}.` : '';
  return {
    id: meta.id,
    name: meta.id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: meta.description },
    fullDescription: { text: `${meta.description}${debugLayer}` },
    helpUri: ruleDocsUrl(meta.id),
    help: { text: `See ${ruleDocsUrl(meta.id)}` },
    defaultConfiguration: { level: LEVEL[meta.defaultSeverity] },
    properties: {
      tags: ['d3d12', 'barriers'],
      messageId: meta.messageId, messageNumber: meta.messageNumber, category: meta.category,
      ...(meta.platforms ? { platforms: meta.platforms } : {}),
    },
  };
}

interface ResultContext {
  ruleIndex: number | undefined;
  fingerprint: string;
  artifact: (uri: string) => Json;
}

function result(finding: Finding, ctx: ResultContext): Json {
  const physical = (uri: string, range: Range): Json => ({ artifactLocation: ctx.artifact(uri), region: region(range) });
  const located = (r: RelatedLocation, id?: number): Json => ({
    ...(id !== undefined ? { id } : {}),
    physicalLocation: physical(r.uri, r.range),
    message: { text: r.message },
  });
  return {
    ruleId: finding.rule,
    ...(ctx.ruleIndex !== undefined ? { ruleIndex: ctx.ruleIndex } : {}),
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    locations: [{ physicalLocation: physical(finding.uri, finding.range) }],
    ...(finding.related.length > 0 ? { relatedLocations: finding.related.map((r, i) => located(r, i + 1)) } : {}),
    ...(finding.path && finding.path.length > 0
      ? { codeFlows: [{ threadFlows: [{ locations: finding.path.map((p) => ({ location: located(p) })) }] }] }
      : {}),
    partialFingerprints: { [FINGERPRINT_KEY]: ctx.fingerprint },
  };
}

function region(range: Range): Json {
  return {
    startLine: range.startLine + 1,
    startColumn: range.startColumn + 1,
    endLine: range.endLine + 1,
    endColumn: range.endColumn + 1,
  };
}

function invocation(options: SarifOptions, artifact: (uri: string) => Json): Json {
  return {
    executionSuccessful: options.failures.length === 0,
    toolExecutionNotifications: options.failures.map((f) => ({
      level: 'error',
      message: { text: f.message },
      locations: [{ physicalLocation: { artifactLocation: artifact(pathToFileURL(path.resolve(options.cwd, f.path)).href) } }],
    })),
  };
}

/** A path relative to %SRCROOT% when the file is under the current directory, else an absolute file URI. */
function artifactLocation(uri: string, cwd: string): Json {
  if (!uri.startsWith('file:')) return { uri };
  const rel = path.relative(cwd, fileURLToPath(uri));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { uri };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}
