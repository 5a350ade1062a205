// One lint config for the monorepo. The boundary rule keeps ARCHITECTURE.md §2 true (issue 11 item 1,
// decision 0007): it classifies every file by folder and checks each import by the file it resolves to,
// so a relative path, a deep path and a package name (`@guildhall/server/...`) are judged alike.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// Element types, first match wins (exclusive). A tool folder is one element, so imports inside a tool
// are internal and never checked; every other local file gets a type so nothing escapes as "unknown".
const tools = ['recruitment', 'bureau', 'appointments', 'timetable', 'sports', 'portfolio'];

const elements = [
  { type: 'server-tool', pattern: 'apps/server/src/tools/*', capture: ['tool'] },
  { type: 'server-core', pattern: 'apps/server/src/core' },
  { type: 'server-app', pattern: 'apps/server' },
  { type: 'web-tool', pattern: 'apps/web/src/tools/*', capture: ['tool'] },
  { type: 'web-core', pattern: 'apps/web/src/{ui,lib,api,shell}' },
  { type: 'web-app', pattern: 'apps/web' },
  { type: 'contracts', pattern: 'packages/contracts' },
  { type: 'other', pattern: '*' },
].map((element) => ({ ...element, partialMatch: false, exclusive: true }));

const toElements = (...types) => ({ to: { element: { types: types.length === 1 ? types[0] : { anyOf: types } } } });

const boundaryPolicies = [
  {
    from: { element: { type: 'server-tool' } },
    disallow: toElements('server-tool'),
    message:
      'A tool never imports another tool ({{from.element.captured.tool}} -> {{to.element.captured.tool}}); move shared code into core.',
  },
  {
    from: { element: { type: 'web-tool' } },
    disallow: toElements('web-tool'),
    message:
      'A tool never imports another tool ({{from.element.captured.tool}} -> {{to.element.captured.tool}}); move shared code into the kit (ui, lib).',
  },
  {
    // A tool's contract (`packages/contracts/src/<tool>.ts`, `<tool>-*.ts`) belongs to that tool too.
    from: { element: { types: { anyOf: ['server-tool', 'web-tool'] } } },
    disallow: { to: { file: { path: `packages/contracts/src/{${tools.join(',')}}{,-*}.ts` } } },
    message:
      "A tool never imports another tool's contract ({{from.element.captured.tool}} -> {{to.file.path}}); move shared schemas into contracts/core.",
  },
  {
    from: { element: { types: { anyOf: ['server-tool', 'web-tool'] } } },
    allow: { to: { file: { path: 'packages/contracts/src/{{from.element.captured.tool}}{,-*}.ts' } } },
  },
  {
    from: { element: { type: 'server-core' } },
    disallow: { to: { element: { type: 'server-tool' } } },
    message: 'Core never imports a tool; a tool plugs into core through its ToolDefinition.',
  },
  {
    from: { element: { type: 'server-core' } },
    disallow: { to: { file: { path: 'apps/server/src/tools/**' } } },
    message: 'Core never imports a tool, nor the tool list; pass what it needs in from app.ts or main.ts.',
  },
  {
    from: { element: { type: 'web-core' } },
    disallow: toElements('web-tool'),
    message: 'The web kit and shell never import a tool; routes.tsx is the one place that lists them.',
  },
  {
    from: { element: { types: { anyOf: ['web-tool', 'web-core', 'web-app'] } } },
    disallow: [toElements('server-tool', 'server-core', 'server-app'), { to: { module: { source: '@guildhall/server{,/**}' } } }],
    message: 'The web app talks to the server over HTTP only.',
  },
  {
    // Contracts are zod schemas shared by both sides: zod and their own files, nothing else.
    from: { element: { type: 'contracts' }, file: { path: '!**/*.test.ts' } },
    disallow: [
      toElements('server-tool', 'server-core', 'server-app', 'web-tool', 'web-core', 'web-app', 'other'),
      { to: { module: { origin: ['external', 'core'], source: '!zod' } } },
    ],
    message: 'Contracts import zod and their own files only.',
  },
];

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
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/cli.ts', 'apps/server/src/cli/**', 'packages/testkit/src/bin/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['apps/**', 'packages/**'],
      'import/resolver': { typescript: { project: 'tsconfig.json' }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkAllOrigins: true, checkUnknownLocals: true, policies: boundaryPolicies },
      ],
    },
  },
);
