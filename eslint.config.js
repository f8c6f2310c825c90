// Fast on purpose (no type-aware rules: `tsc --noEmit` already checks types). What lint adds is the
// architecture of STYLE.md: where each folder may import from.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier/flat';

const root = import.meta.dirname;
const featuresFolder = path.join(root, 'web/features');
const features = existsSync(featuresFolder)
  ? readdirSync(featuresFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** @type {{ target: string | string[], from: string | string[], except?: string[], message: string }[]} */
const zones = [
  // STYLE habit 3: server and web meet only in contracts/.
  {
    target: './web',
    from: './server',
    message: 'web/ never imports server/: share code through contracts/ (STYLE habit 3).',
  },
  {
    target: './server',
    from: './web',
    message: 'server/ never imports web/: share code through contracts/ (STYLE habit 3).',
  },
  {
    target: './contracts',
    from: ['./web', './server'],
    message: 'contracts/ is shared by server and web and imports neither (STYLE section 2).',
  },
  // STYLE habit 1: one feature never imports another; compose them in web/app.
  ...features.map((feature) => ({
    target: `./web/features/${feature}`,
    from: './web/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in web/app/routes (STYLE habit 1).',
  })),
  // STYLE habit 1: imports flow shared code → features → app.
  {
    target: './web/features',
    from: './web/app',
    message: 'Features never import the app layer: the app composes features (STYLE habit 1).',
  },
  {
    target: ['./web/components', './web/lib', './web/config', './web/locales'],
    from: ['./web/features', './web/app'],
    message: 'Shared web code never imports features or the app layer (STYLE habit 1).',
  },
];

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'project/all',
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    name: 'project/node',
    files: ['server/**', 'scripts/**', 'e2e/**', 'bench/**', 'build/**', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'project/web',
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  // Formatting is Prettier's (checked by `npm run lint`); eslint keeps none of its own style rules.
  prettier,
);
