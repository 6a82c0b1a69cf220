import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

// Browser code must never reach server-only modules (ARCHITECTURE.md, Layout).
const SERVER_ONLY = ['**/data/**', '**/auth/**', '**/storage/**', '**/publish/**', '**/server/**', 'postgres'];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'data/',
      '.astro/',
      '.tools/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/site/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    ignores: ['src/site/siteData.ts', 'src/site/cacheKey.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_ONLY, message: 'Browser code must not import server modules.' }] },
      ],
    },
  },
);
