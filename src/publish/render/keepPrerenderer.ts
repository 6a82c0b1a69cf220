import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import type { Plugin } from 'vite';
import { PRERENDER_DIR, RENDER_META_FILE, type RenderMeta } from './renderMeta';
import { loadNatively } from './nativeImport';

/** What the kept bundle's app exposes beyond the prerenderer interface (astro/dist/core/build/app.js). */
interface BuildApp {
  setInternals(internals: BuildInternals): void;
  getOptions(): { settings: { scripts: { stage: string; content: string }[] } };
}
interface BuildInternals {
  pagesByKeys: Map<string, { styles: RenderMeta['styles'][string] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

const PRERENDER_ENTRY = /^prerender-entry.*\.mjs$/;

/**
 * Keeps the bundle Astro prerenders the public pages with, beside the build's `server/` folder,
 * instead of letting Astro delete it when the build ends. The publisher then renders a data-only
 * change's few pages in its own process with exactly the code and assets of the live build
 * (src/publish/render/pageRenderer.ts; docs/decisions/0011-publish-pipeline.md). The page's stylesheet
 * and script links, which Astro keeps in build memory, are written next to it (render-meta.json).
 */
export function keepPrerenderer(): AstroIntegration {
  let outDir: URL;
  return {
    name: 'emdr:keep-prerenderer',
    hooks: {
      // With a prerenderer of its own, Astro expects the adapter to name the bundle's entry.
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [standardPrerenderEntry()] } });
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((standard) => withKeptBundle(standard, outDir));
      },
    },
  };
}

function withKeptBundle(standard: AstroPrerenderer, outDir: URL): AstroPrerenderer {
  let bundleDir = '';
  let entryFile = '';
  let internals: BuildInternals | undefined;
  let app: BuildApp | undefined;
  return {
    ...standard,
    name: 'emdr:kept-prerenderer',
    async setup() {
      // Astro imports the entry by URL in its own setup: importing it first gives the same module,
      // whose app is given the build's internals there.
      bundleDir = fileURLToPath(new URL('./server/.prerender/', outDir));
      entryFile = fs.readdirSync(bundleDir).find((name) => PRERENDER_ENTRY.test(name)) ?? '';
      try {
        app = entryFile ? (loadNatively(path.join(bundleDir, entryFile)) as { app: BuildApp }).app : undefined;
      } catch {
        // Not loadable this way (a later Astro with top-level await in it): the build keeps no renderer
        // and every publish is a full build.
        app = undefined;
      }
      if (app) {
        const setInternals = app.setInternals.bind(app);
        app.setInternals = (value) => {
          internals = value;
          setInternals(value);
        };
      }
      await standard.setup?.();
    },
    async teardown() {
      await standard.teardown?.();
      if (!internals || !app || !entryFile) return;
      const kept = path.join(path.dirname(path.dirname(bundleDir)), PRERENDER_DIR);
      fs.rmSync(kept, { recursive: true, force: true });
      fs.cpSync(bundleDir, kept, { recursive: true });
      const meta: RenderMeta = {
        entry: entryFile,
        styles: Object.fromEntries([...internals.pagesByKeys].map(([key, page]) => [key, page.styles])),
        // Only the scripts Astro injects into pages are looked up here (the page script's bundle).
        bundles: Object.fromEntries(
          [...internals.entrySpecifierToBundleMap].filter(([id]) => id.startsWith('astro:scripts/')),
        ),
        scripts: app.getOptions().settings.scripts.filter((s) => s.stage === 'page' || s.stage === 'head-inline'),
      };
      fs.writeFileSync(path.join(kept, RENDER_META_FILE), JSON.stringify(meta));
    },
  };
}

/** The bundle's entry: Astro's standard one, and the hand-over of the snapshot to the bundle's pages. */
const ENTRY_ID = '\0emdr:prerender-entry';

/**
 * The prerender bundle's entry is Astro's standard one, plus `provideSiteData` of the snapshot module
 * the bundle's pages read: the page renderer hands the snapshot to the pages through it. In a build
 * made by a compiled server that is the server's own module (docs/decisions/0039-one-copy-of-the-code.md);
 * in a build made from the sources (the publishing tests) it is the bundle's copy.
 */
function standardPrerenderEntry(): Plugin {
  // The build runs in the project folder (src/publish/builder/astroBuild.ts).
  const snapshotSource = path.resolve('src/prerender/siteDataSource.ts');
  return {
    name: 'emdr:standard-prerender-entry',
    configEnvironment(name, config) {
      if (name !== 'prerender' || config.build?.rolldownOptions?.input) return undefined;
      return { build: { rolldownOptions: { input: ENTRY_ID } } };
    },
    resolveId: (id) => (id === ENTRY_ID ? ENTRY_ID : null),
    load: (id) =>
      id === ENTRY_ID
        ? `export * from 'astro/entrypoints/prerender';\nexport { provideSiteData } from ${JSON.stringify(snapshotSource)};\n`
        : null,
  };
}
