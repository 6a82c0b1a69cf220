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
  '**/http/**',
  '**/services/**',
  '**/prerender/**',
  '**/app/**',
  '**/mail/**',
  '**/links/**',
  'postgres',
  'nodemailer',
  'node:*',
];

/**
 * The layers of src/, left to right (docs/architecture.md, Layers): a folder imports only folders to
 * its right; folders of one rank do not import each other. Imports may be relative ('../auth/x') or by
 * the package alias ('#src/auth/x'); both are matched. Files directly in src/ (env, log) are no layer.
 */
const LAYERS = [
  ['app'],
  ['pages'],
  ['site', 'admin'],
  ['ui', 'styles'],
  ['publish'],
  ['prerender'],
  ['server'],
  ['http'],
  ['services'],
  ['auth'],
  ['links', 'mail'],
  ['storage'],
  ['data'],
  ['domain'],
];

/** A pattern for no-restricted-imports: an import of any of these top-level folders of src/. */
const importOf = (folders) => `^(#src/|(\\.\\./)+)(${folders.join('|')})(/|$)`;

/**
 * One way to send mail (docs/decisions/0038-mail-outbox.md): only the outbox's sender imports the
 * transport; everything else queues a row with queueMail (src/mail/outbox.ts).
 */
const TRANSPORT = {
  regex: '(^|/)mail/transport(\\.ts)?$',
  message: 'Mail is queued with queueMail (src/mail/outbox.ts); only src/mail/sender.ts imports the transport.',
};

/** Each folder's rule: nothing of its own rank or to its left, plus what else it must not import. */
function layerRule(folder, extra = [], mailTransport = false) {
  const rank = LAYERS.findIndex((layer) => layer.includes(folder));
  const above = LAYERS.slice(0, rank + 1)
    .flat()
    .filter((name) => name !== folder);
  const patterns = [
    ...(above.length === 0
      ? []
      : [
          {
            regex: importOf(above),
            message: `${folder}/ imports only the layers to its right: ${LAYERS.slice(rank + 1)
              .map((layer) => layer.join('/'))
              .join(' → ')} (docs/architecture.md, Layers).`,
          },
        ]),
    ...extra,
    ...(mailTransport ? [] : [{ ...TRANSPORT, regex: TRANSPORT.regex.replace('(^|/)mail/', '(^|/)(mail/|\\./)') }]),
  ];
  return { 'no-restricted-imports': ['error', { patterns }] };
}

const BROWSER = [{ group: SERVER_ONLY, message: 'Browser code must not import server modules.' }];
const DOMAIN = [
  {
    group: [...SERVER_ONLY, '**/site/**', '**/admin/**', '**/ui/**', '**/env', '**/settings'],
    message: 'domain/ holds pure rules: it imports only other domain modules and its libraries.',
  },
];
const BROWSER_CODE = ['site', 'admin', 'ui'];

/** The one block of layer rules, a config per folder (per file kind where browser code differs). */
const layerConfigs = LAYERS.flat().flatMap((folder) => {
  if (folder === 'domain')
    return [
      { files: ['src/domain/**/*.{ts,tsx}'], ignores: ['src/domain/**/*.test.ts'], rules: layerRule(folder, DOMAIN) },
    ];
  if (BROWSER_CODE.includes(folder))
    return [
      { files: [`src/${folder}/**/*.astro`], rules: layerRule(folder) },
      { files: [`src/${folder}/**/*.{ts,tsx}`], rules: layerRule(folder, BROWSER) },
    ];
  return [{ files: [`src/${folder}/**/*.{ts,tsx,astro}`], rules: layerRule(folder) }];
});

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
  ...layerConfigs,
  // The sender is the one importer of the transport; scripts and tests queue mail like the code.
  { files: ['src/mail/sender.ts'], rules: layerRule('mail', [], true) },
  {
    files: ['scripts/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TRANSPORT] }] },
  },
);
