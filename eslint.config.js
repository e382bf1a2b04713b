import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'src/client/route-tree.gen.ts', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CommonJS preloads (the Auth emulator's NODE_OPTIONS=--require): require is how they load.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Boundaries: the client never imports the server, nor the server the client.
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // STYLE 2: the offline core is plain TypeScript the service worker runs too; it imports only
    // src/shared and itself, never the app around it.
    files: ['src/client/offline/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'dexie-react-hooks'],
          patterns: [
            '**/server/**',
            '../app/**',
            '../components/**',
            '../features/**',
            '../hooks/**',
            '../lib/**',
            '../routes/**',
            'react/*',
            'react-dom/*',
            '@mantine/*',
            '@tanstack/react-*',
          ],
        },
      ],
    },
  },
  {
    // STYLE 1: a feature is a vertical slice; features never import each other (routes and
    // the app shell compose them). Resolved paths, so relative imports are caught too.
    files: ['src/client/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/client/features/*', capture: ['name'] },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { name: '!{{ from.element.captured.name }}' } } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  {
    // Issue 20: every text of the interface is in a `*.messages.ts` file (English as the
    // specification writes it) with its French in src/client/i18n/fr; none is written into a
    // screen. Words in JSX and in the attributes people read or hear are refused here.
    files: ['src/client/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]{2,}/]',
          message: 'Interface text belongs in a *.messages.ts file, with its French (src/client/i18n).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(label|placeholder|title|aria-label|description|alt|error|aria-description|aria-roledescription|nothingFoundMessage)$/] Literal[value=/[A-Za-z]{2,}/]',
          message: 'Interface text belongs in a *.messages.ts file, with its French (src/client/i18n).',
        },
        {
          selector:
            'JSXAttribute[name.name=/^(label|placeholder|title|aria-label|description|alt|error|aria-description|aria-roledescription|nothingFoundMessage)$/] TemplateElement[value.raw=/[A-Za-z]{2,}/]',
          message: 'Interface text belongs in a *.messages.ts file, with its French (src/client/i18n).',
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
);
