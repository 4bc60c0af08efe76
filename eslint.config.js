import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The wiring sits above every feature: app.ts registers the features through their modules
    // (gateway/modules.ts), and no feature imports the wiring or another feature's module
    // (docs/architecture.md "Modules"; test/architecture.test.ts checks it too).
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/app.ts', 'packages/server/src/main.ts', 'packages/server/src/gateway/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app.js', '**/gateway/*'], message: 'Features do not import the wiring (app.ts, gateway/): take what you need from the module context.' },
            { group: ['../*/module.js', '!../http/module.js'], message: "Only gateway/modules.ts lists the feature modules: use the other feature's services instead." },
          ],
        },
      ],
    },
  },
  {
    // The dashboard runs in the browser (packages/dashboard, React + Vite).
    files: ['packages/dashboard/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The outbox sits below every feature: features register their reactions in app.ts
    // (docs/architecture.md "Dependency direction"; test/architecture.test.ts checks it too).
    files: ['packages/server/src/events/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '!../db/', '!../db/*', '!../lib/', '!../lib/*'], message: 'events/ imports no feature: register a reaction in app.ts instead.' }] },
      ],
    },
  },
);
