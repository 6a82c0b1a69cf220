import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

// Browser code must never reach server-only modules (docs/architecture.md, Layout).
const SERVER_ONLY = [
  '**/data/**',
  '**/auth/**',
  '**/storage/**',
  '**/publish/**',
  '**/server/**',
  '**/services/**',
  '**/prerender/**',
  '**/app/**',
  '**/mail/**',
  '**/links/**',
  'postgres',
  'nodemailer',
  'node:*',
];

// What data/ and storage/ never import: the layers above them (docs/architecture.md).
const ABOVE_DATA = [
  '**/server/**',
  '**/publish/**',
  '**/services/**',
  '**/site/**',
  '**/admin/**',
  '**/prerender/**',
  '**/app/**',
  '**/mail/**',
  '**/links/**',
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.build/',
      'data/',
      '.astro/',
      '.tools/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  { files: ['**/*.astro', '**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React takes a promise-returning event handler and ignores what it returns; elsewhere a
      // promise passed where nothing is awaited is still an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // An async function without await keeps the promise contract of an interface it implements
      // (ImageStore, a lock's release), so callers treat every implementation alike.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Component props are declared as method signatures; React calls them as plain functions.
    files: ['**/*.tsx'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['tests/**/*.ts', '**/*.test.ts', 'scripts/**/*.ts'],
    // Tests and scripts read JSON answers of any shape and assert on them; the assertions are the check.
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/site/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_ONLY, message: 'Browser code must not import server modules.' }] },
      ],
    },
  },
  {
    // Layers point down: pure rules import no I/O module; repositories and the photo store know
    // nothing of HTTP, publishing or the use cases above them.
    files: ['src/domain/**/*.{ts,tsx}'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...SERVER_ONLY, '**/site/**', '**/admin/**', '**/ui/**', '**/env', '**/settings'],
              message: 'domain/ holds pure rules: it imports only other domain modules and its libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/**/*.ts', 'src/storage/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ABOVE_DATA,
              message: 'data/ and storage/ sit below the server, the publisher and the use cases.',
            },
          ],
        },
      ],
    },
  },
  {
    // Storage sits above data (docs/decisions/0015-storage-above-data.md), never the reverse.
    files: ['src/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...ABOVE_DATA, '**/storage/**'],
              message: 'data/ is the bottom layer above domain/: it imports no storage, server, publisher or use case.',
            },
          ],
        },
      ],
    },
  },
);
