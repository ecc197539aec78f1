import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'tmp/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries (STYLE.md): shared <- server; shared <- client/lib, components <- features <- app.
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict([
      { group: ['**/server/**', '**/client/**', '@/*'], message: 'src/shared imports nothing from server or client.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict([{ group: ['@/*', '**/client/**'], message: 'The server does not import client code.' }]),
  },
  {
    files: ['src/client/lib/**/*.{ts,tsx}', 'src/client/components/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['@/features/*', '@/app/*', '@/marketing/*', '**/server/**'], message: 'lib and components sit below features and app.' },
    ]),
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}', 'src/client/marketing/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['@/app/*', '**/server/**'], message: 'Features do not import the app layer or server code.' }]),
  },
  // Every cached query belongs to the workspace it was asked in (lib/workspaces.ts): the one query
  // client sets the key hash for all, and no query or second client may set its own.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/lib/query-client.ts', 'src/client/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryKeyHashFn']", message: 'Queries take the workspace-scoped key hash of lib/query-client.ts; do not set queryKeyHashFn.' },
        { selector: "Property[key.name='queryHash']", message: 'Queries take the workspace-scoped key hash of lib/query-client.ts; do not set queryHash.' },
        { selector: "NewExpression[callee.name='QueryClient']", message: 'Use the one query client of lib/query-client.ts (its key hash scopes every query to the workspace).' },
      ],
    },
  },
);
