// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import { inlineScriptHashes } from './src/prerender/cspBuildPlugin.ts';
import { keepPrerenderer } from './src/publish/render/keepPrerenderer.ts';
import { oneCopyOfServerCode } from './scripts/serverCode.mjs';

// The publisher (src/publish) runs `astro build` with OUT_DIR and ASTRO_CACHE_DIR pointing under
// DATA_DIR, so each build lands in its own folder and the incremental cache survives `npm ci`.
export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  // Middleware mode: our own node:http host (src/server/host.ts) serves the published static
  // build and hands everything else to Astro's handler (docs/decisions/0001-process-model.md).
  adapter: node({ mode: 'middleware' }),
  outDir: process.env.OUT_DIR || './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  integrations: [react(), keepPrerenderer()],
  // The allowed inline scripts are recorded at build time (src/prerender/cspBuildPlugin.ts). A build
  // the publisher starts imports our server modules from the code its server runs, compiled once
  // (SERVER_CODE_DIR; docs/decisions/0039-one-copy-of-the-code.md), instead of bundling a copy.
  vite: {
    plugins: [oneCopyOfServerCode(process.env.SERVER_CODE_DIR), tailwindcss(), inlineScriptHashes()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // React in one file rather than five: each file is compressed on its own, so small
              // chunks cost bytes a clinician's phone downloads (tests/support/budgets.ts). Every
              // island needs all of it. Measured on the home page: 1.1 KB less gzip.
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                  },
                  // The small modules the public islands share (with each other and the admin), and
                  // nanostores, in one file for the same reason: 570 B less gzip on the home page. A domain
                  // module is named by its file, in whichever feature folder of src/domain it sits.
                  {
                    name: 'shared',
                    test: /(src[\\/](domain[\\/](?:\w+[\\/])?(display|formats|states|dateRanges|filterQuery|trainingPath|programFacts|dayFormat|listingView|nearControls)|ui[\\/]Button|site[\\/]filtersStore)\.tsx?|node_modules[\\/]nanostores[\\/].*)$/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  // Several pages in flight: one page's file write overlaps the next page's render. Measured on a
  // 5,000-training build: 7.6 s with one at a time, 5.6 s with 8 (more gains nothing), +40 MiB.
  build: { concurrency: 8 },
  session: false,
  experimental: { incrementalBuild: true },
  devToolbar: { enabled: false },
});
