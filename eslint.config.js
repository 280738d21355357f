import { builtinModules } from 'node:module';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The two ways around the runtime's subpaths: a relative import that climbs into packages/runtime (from
 * src/, tests/, bench/, or `../runtime/` from a sibling package), and the package's bare name, which has
 * no entry (the barrel is gone: each module is reached by its own subpath).
 */
const runtimeByPath = {
  regex: '^(\\.\\./)+(packages/)?runtime(/|$)|^@datekit/runtime$',
  message: 'Import the runtime by its subpath, e.g. `@datekit/runtime/stores/user` (packages/runtime/README.md).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'var/**', '.astro/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  // `.astro` files: the frontmatter and template, and each `<script>` as a virtual `<file>.astro/<n>.ts`,
  // parsed with typescript-eslint and checked by the rules above and the Astro plugin's own.
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // tsconfig's noUncheckedIndexedAccess makes every index access possibly undefined; `!` marks the
      // places where the index is known to be valid (just checked, or a fixed table), which reads
      // better than a throw for an impossible case.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Everything outside the runtime (the site, the server, the CLI, brand-config, tests and benches)
    // reaches it by its package's subpaths (`@datekit/runtime/stores/user`, see packages/runtime/README.md),
    // never by climbing `../` into packages/runtime nor through a barrel: one import style, each file
    // names the module it depends on, and moving a file breaks none of its imports. The browser block
    // below repeats the pattern, since a later block's options for a rule replace an earlier one's.
    files: ['**/*.{ts,tsx,astro,mjs}'],
    ignores: ['packages/runtime/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [runtimeByPath] }] },
  },
  {
    // Browser code: what islands, pages and the runtime ship. Server and CLI code and Node's built-ins
    // stay out of it; the Astro integration and tests run in Node and may use them. The glob also takes
    // the `<script>`s of `.astro` files (`page.astro/1_1.ts`); their frontmatter runs in the build.
    files: ['src/**/*.{ts,tsx}', 'packages/runtime/**/*.ts'],
    ignores: ['src/integration/**', '**/*.test.{ts,tsx}', 'packages/runtime/test-fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'Browser code cannot use Node built-ins.' })),
          patterns: [
            { regex: '^node:', message: 'Browser code cannot use Node built-ins.' },
            {
              regex: '(^|/)packages/(server|cli)(/|$)|^@datekit/(server|cli)(/|$)|^\\.\\./\\.\\./(server|cli)/',
              message: 'Browser code cannot import server or CLI code; share it through packages/runtime.',
            },
            runtimeByPath,
          ],
        },
      ],
    },
  },
  {
    // The server logs through services.log (pino: JSON lines, secrets redacted), never the console.
    files: ['packages/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/server/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['src/islands/**/*.tsx', 'src/islands/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
