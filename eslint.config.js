// One lint config for the monorepo. The import rules keep ARCHITECTURE.md §2 true:
// a tool imports from core/ui/contracts, never from another tool.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const tools = ['recruitment', 'bureau', 'appointments', 'timetable', 'sports', 'portfolio'];

const crossToolRules = tools.map((tool) => ({
  files: [`apps/*/src/tools/${tool}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: tools
          .filter((other) => other !== tool)
          .map((other) => ({
            group: [`**/tools/${other}/**`, `**/tools/${other}`, `@guildhall/contracts/${other}`],
            message: `A tool never imports another tool (${tool} -> ${other}); move shared code into core.`,
          })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@guildhall/server*'], message: 'The web app talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/cli.ts', 'apps/server/src/cli/**', 'packages/testkit/src/bin/**'],
    rules: { 'no-console': 'off' },
  },
  ...crossToolRules,
);
