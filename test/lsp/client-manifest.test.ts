// The VS Code extension's manifest agrees with the server: every setting the server reads is contributed with the
// server's default (and nothing else is), the server's commands are declared, and activation/trust are as
// documented.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SERVER_COMMANDS } from '../../server/src/lsp/server';
import { DEFAULT_SETTINGS, flattenSettings, normalizeSettings } from '../../server/src/lsp/settings';

interface Manifest {
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  capabilities: { untrustedWorkspaces: { supported: boolean } };
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, { default: unknown; enum?: unknown[] }> };
  };
}

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'client', 'package.json'), 'utf8')) as Manifest;
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('client manifest', () => {
  it('contributes exactly the server settings, with the server defaults', () => {
    const contributed = Object.fromEntries(
      Object.entries(manifest.contributes.configuration.properties).map(([key, p]) => [key, p.default]),
    );
    assert.deepEqual(contributed, flattenSettings(DEFAULT_SETTINGS));
  });

  it('offers only values the server accepts in its enums', () => {
    for (const [key, property] of Object.entries(manifest.contributes.configuration.properties)) {
      for (const value of property.enum ?? []) {
        const path = key.split('.').slice(1);
        const raw = path.reduceRight<unknown>((inner, part) => ({ [part]: inner }), value);
        const parsed = flattenSettings(normalizeSettings(raw))[key];
        assert.equal(parsed, value, `${key}: the server would ignore ${String(value)}`);
      }
    }
  });

  it('declares the server commands the client will register, activation on C/C++, untrusted support', () => {
    const declared = manifest.contributes.commands.map((c) => c.command);
    assert.ok(declared.includes('barrierlint.lintWorkspace'));
    for (const command of declared.filter((c) => c !== 'barrierlint.showOutput')) {
      assert.ok((SERVER_COMMANDS as readonly string[]).includes(command), `${command} is not a server command`);
    }
    assert.deepEqual(manifest.activationEvents, ['onLanguage:c', 'onLanguage:cpp']);
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, true);
    assert.equal(manifest.main, './dist/extension.js');
  });

  it('targets the VS Code API the pinned @types/vscode and vscode-languageclient describe', () => {
    assert.equal(manifest.engines.vscode, `^${rootPackage.devDependencies['@types/vscode']}`);
    assert.equal(rootPackage.devDependencies['vscode-languageclient'], '11.0.0');
  });
});
