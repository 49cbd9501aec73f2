import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/web/e2e/.artifacts/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through apps/server/src/config/env.ts only.',
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config/**',
      '**/*.config.ts',
      'scripts/**',
      'apps/*/scripts/**',
      '**/e2e/**',
      '**/test/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // Web boundaries (docs/ARCHITECTURE.md): a feature uses lib/, components/ and its own files,
    // never another feature's; lib/ and components/ know no feature; app/ composes them all.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // Resolve the extensionless TypeScript imports the web code uses.
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        {
          type: 'web-feature',
          pattern: 'apps/web/src/features/*',
          capture: ['feature'],
        },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web-locales', pattern: 'apps/web/src/locales' },
        { type: 'web-test', pattern: 'apps/web/src/test' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    types: { anyOf: ['web-app'] },
                  },
                },
              },
              message: 'A feature does not import the app shell; the app composes features.',
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
              message:
                'A feature never imports another feature: move shared code to lib/ or components/, or compose the two in app/.',
            },
            {
              from: { element: { types: { anyOf: ['web-lib', 'web-components', 'web-locales'] } } },
              disallow: {
                to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } },
              },
              message: 'lib/ and components/ are shared by every feature and know none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server module boundaries (docs/ARCHITECTURE.md "Server modules"): a module uses another
    // module only through its public files: `<name>-module.ts` (the register function and the
    // public service type) and `<name>-service.ts` (the service's types and pure helpers).
    // Schema files may reference other modules' tables for foreign keys. The few shared pure
    // helpers below are public by choice.
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
      ],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          message:
            'A server module may use another module only through its *-module.ts or *-service.ts (docs/ARCHITECTURE.md, "Server modules").',
          policies: [
            {
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { name: '!{{from.element.captured.name}}' },
                  },
                },
              },
            },
            {
              from: { element: { type: 'server-module' } },
              allow: {
                to: {
                  element: {
                    type: 'server-module',
                    fileInternalPath: [
                      '*-module.ts',
                      '*-service.ts',
                      // Shared pure helpers, public by choice.
                      'mailer.ts',
                      'auth-mail.ts',
                      'auth-cookies.ts',
                      'password-hasher.ts',
                      'geo/*.ts',
                      'fx/exchange-rates.ts',
                      'destination-images.ts',
                    ],
                  },
                },
              },
            },
            {
              from: { element: { type: 'server-module' }, file: { path: '**/*-schema.ts' } },
              allow: {
                to: { element: { type: 'server-module', fileInternalPath: '*-schema.ts' } },
              },
            },
          ],
        },
      ],
    },
  },
);
