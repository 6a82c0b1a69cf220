import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { INLINE_SCRIPT_HASHES_FILE, sha256Source } from '../server/cspHashes';
import { VISITOR_TIME_SCRIPT } from '../domain/time/visitorTimeScript';
import { FORM_POST_MARK_SCRIPT } from '../domain/formPostMark';
import { ALERT_FORM_SCRIPT } from '../domain/alerts/alertFormScript';
import { BEACON_SCRIPT } from '../domain/performance/beaconScript';
import { REGISTER_CHECKLIST_SCRIPT } from '../domain/trainingFacts/registerChecklistScript';

/**
 * Records, while the client bundle is made, the sha256 of every inline script our code can put in
 * a page: Astro's island runtime and directive loaders, and our components' scripts that Astro
 * inlines, and the constant scripts our pages write inline themselves (`is:inline`). The policy is built from this list alone, so a script that reaches a page any other
 * way (through data) is refused by the browser. Written next to the build's `client/` folder,
 * out of public reach.
 */
export function inlineScriptHashes(): Plugin {
  const scripts = new Set<string>([
    islandScript,
    idle,
    load,
    media,
    only,
    visible,
    VISITOR_TIME_SCRIPT,
    FORM_POST_MARK_SCRIPT,
    ALERT_FORM_SCRIPT,
    BEACON_SCRIPT,
    REGISTER_CHECKLIST_SCRIPT,
  ]);
  let outDir = '';
  return {
    name: 'emdr:inline-script-hashes',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle: {
      // Before Astro's own plugin removes the chunks it inlines.
      order: 'pre',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.isEntry && output.imports.length === 0) scripts.add(output.code.trim());
        }
      },
    },
    writeBundle() {
      const hashes = [...new Set([...scripts].map(sha256Source))].sort();
      fs.writeFileSync(
        path.join(path.dirname(outDir), INLINE_SCRIPT_HASHES_FILE),
        `${JSON.stringify(hashes, null, 1)}\n`,
      );
    },
  };
}
