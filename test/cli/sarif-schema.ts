// The official SARIF 2.1.0 JSON schema (as shipped in @microsoft/jest-sarif: sarif-2.1.0-rtm.5, the final
// 2.1.0 schema, draft-04) compiled once with ajv for the SARIF tests.
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';

const SCHEMA_FILE = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

let validate: ReturnType<Ajv['compile']> | undefined;

/** Errors of `document` against the SARIF 2.1.0 schema ([] when valid). */
export function sarifSchemaErrors(document: unknown): string[] {
  if (!validate) {
    // NOTE: the schema's `language` pattern is not valid under the `u` flag, hence unicodeRegExp: false.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as object);
  }
  if (validate(document)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
