import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', 'core/drizzle', '.test-data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['miniapp/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Config is read in exactly one file per app (STYLE.md habit 2).
    files: [
      'core/src/**/*.ts',
      'api/src/**/*.ts',
      'bot/src/**/*.ts',
      'shared/src/**/*.ts',
      'miniapp/src/**/*.{ts,tsx}',
    ],
    ignores: ['core/src/config.ts', 'bot/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config.ts instead.' }],
    },
  },
);
