import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const typedSources = ['packages/{server,fields,client,dashboard}/src/**/*.{ts,tsx}'];
const typeCheckedRules = Object.assign({}, ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => config.rules ?? {}));

export default tseslint.config(
  { ignores: ['**/dist/**', 'packages/server/bundle/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules on every package's source (tests, scripts and the bench keep the untyped
    // rules): floating and misused promises, unbound methods, needless assertions, unsafe `any`.
    // The project service finds each file's nearest tsconfig.json.
    files: typedSources,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      ...typeCheckedRules,
      // As only-throw-error allows by default: a caught error or an AbortSignal's reason is passed on as it is.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // Off: every Fastify route plugin is `async` without awaiting (a synchronous plugin that throws
      // while registering ends the process instead of rejecting register()), and an async function
      // with nothing to await is otherwise harmless.
      '@typescript-eslint/require-await': 'off',
    },
  },
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
            {
              group: ['**/app.js', '**/gateway/*'],
              message: 'Features do not import the wiring (app.ts, gateway/): take what you need from the module context.',
            },
            {
              group: ['../*/module.js', '!../http/module.js'],
              message: "Only gateway/modules.ts lists the feature modules: use the other feature's services instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // Time is injected (docs/architecture.md "Time"): server code reads the real time from the one
    // clock it is passed (clock/clock.ts: `realNow()`, `realIso()`, or an organization's `now()`),
    // never from `Date.now()` or `new Date()` itself, so that a test can move time instead of sleeping.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      // The clock itself: the only place that reads the system's time.
      'packages/server/src/clock/clock.ts',
      // Not converted yet. This list may only shrink: convert a file (take the clock from the module
      // context or the constructor) and remove it here; never add one.
      'packages/server/src/db/migrations/007_chargeback_handling.ts',
      'packages/server/src/lib/ids.ts',
      'packages/server/src/webhooks/stream.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'Read the real time from the clock you are passed (clock/clock.ts `realNow()`), not Date.now().',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the real time from the clock you are passed (clock/clock.ts `realIso()`), not new Date().',
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
        {
          patterns: [
            { group: ['../*', '!../db/', '!../db/*', '!../lib/', '!../lib/*'], message: 'events/ imports no feature: register a reaction in app.ts instead.' },
          ],
        },
      ],
    },
  },
);
