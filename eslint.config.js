// ESLint: typed rules that catch async mistakes, plus Svelte. The import rules of ARCHITECTURE.md
// are enforced by dependency-cruiser (.dependency-cruiser.cjs), run by `npm run lint` right after.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import noLiteralWords from './eslint-rules/no-literal-words.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.test-results/**', 'bench/results/**', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs', 'build/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only one logger: shared/logger (console is allowed in CLIs and tests, below).
      'no-console': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    // Every screen's words are in the catalogue: a literal word in markup is refused.
    files: ['renderer/src/**/*.svelte'],
    plugins: { rollbook: { rules: { 'no-literal-words': noLiteralWords } } },
    rules: { 'rollbook/no-literal-words': 'error' },
  },
  {
    files: ['scripts/**', 'build/*.mjs', 'tests/**', 'sandbox/cli.ts', 'electron/web-host-cli.ts', 'shared/logger.ts', '*.config.ts', '*.config.js', 'bench/run.ts', 'bench/trace-tasks.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
