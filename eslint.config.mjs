// Lint configuration: typescript-eslint with type information for no-floating-promises, and the layering of
// server/src (imports point inward; see DEVELOPERS.md "Layout").
import tseslint from 'typescript-eslint';
import { layerConfigs } from './scripts/layers.mjs';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'client/out/**', 'test/fixtures/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        // node:test's describe/it return promises the runner itself awaits.
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] }],
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/cli/**'],
    rules: { 'no-console': 'error' },
  },
  ...layerConfigs(),
);
