// The VS Code extension's manifest agrees with the server: every setting the server reads is contributed with the
// server's default (and nothing else is), the server's commands are declared, and activation/trust are as
// documented.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SERVER_COMMANDS } from '../../server/src/lsp/server';
import { prebuildMatches } from '../../scripts/prebuild-arch';
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
    // The extension's own commands: the output channel and the timeline quick pick (it asks barrierlint.timeline).
    const own = ['barrierlint.showOutput', 'barrierlint.showTimeline'];
    assert.ok(own.every((c) => declared.includes(c)));
    assert.ok((SERVER_COMMANDS as readonly string[]).includes('barrierlint.timeline'));
    for (const command of declared.filter((c) => !own.includes(c))) {
      assert.ok((SERVER_COMMANDS as readonly string[]).includes(command), `${command} is not a server command`);
    }
    assert.deepEqual(manifest.activationEvents, ['onLanguage:c', 'onLanguage:cpp']);
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, true);
    assert.equal(manifest.main, './dist/extension.js');
  });

  it('validates barrierlint.jsonc with the schema the build writes beside the bundles', () => {
    const validation = (manifest as unknown as { contributes: { jsonValidation: { fileMatch: string[]; url: string }[] } }).contributes.jsonValidation;
    assert.deepEqual(validation, [{ fileMatch: ['barrierlint.jsonc', 'barrierlint.json'], url: './dist/barrierlint.schema.json' }]);
    assert.match(readFileSync(join(root, 'scripts', 'build-client.ts'), 'utf8'), /barrierlint\.schema\.json/);
  });

  it('targets the VS Code API the pinned @types/vscode and vscode-languageclient describe', () => {
    assert.equal(manifest.engines.vscode, `^${rootPackage.devDependencies['@types/vscode']}`);
    assert.equal(rootPackage.devDependencies['vscode-languageclient'], '11.0.0');
  });

  it('leaves out of the .vsix a prebuild built for another machine than its directory says (upstream linux-arm64)', () => {
    const elf = (machine: number): Uint8Array => {
      const header = new Uint8Array(20);
      header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
      header[18] = machine & 0xff;
      header[19] = machine >> 8;
      return header;
    };
    assert.equal(prebuildMatches('linux-arm64', elf(0x3e)), false, 'an x86-64 module under linux-arm64');
    assert.equal(prebuildMatches('linux-arm64', elf(0xb7)), true);
    assert.equal(prebuildMatches('linux-x64', elf(0x3e)), true);
    assert.equal(prebuildMatches('win32-arm64', new Uint8Array([0x4d, 0x5a])), true, 'only ELF headers are read');
    assert.match(readFileSync(join(root, 'scripts', 'build-client.ts'), 'utf8'), /foreignPrebuilds\(/);
    assert.match(readFileSync(join(root, 'README.md'), 'utf8'), /linux-arm64/);
  });
});
