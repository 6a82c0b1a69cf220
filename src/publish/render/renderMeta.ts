/**
 * What a kept prerender bundle needs besides its code to render a page as the build did: each
 * page's stylesheets and the page-script bundle (kept by Astro in build memory), written by
 * keepPrerenderer.ts at build time and read by pageRenderer.ts.
 */
export const PRERENDER_DIR = 'prerender';
export const RENDER_META_FILE = 'render-meta.json';

export interface RenderMeta {
  /** The bundle's entry file, which exports the app. */
  entry: string;
  /** Per page key (`route&component`), its stylesheets in Astro's own shape. */
  styles: Record<string, { depth: number; order: number; sheet: { type: string; src?: string; content?: string } }[]>;
  /** Astro's map from entry specifiers to bundled files (the page script's among them). */
  bundles: Record<string, string>;
  /** Scripts integrations inject into every page. */
  scripts: { stage: string; content: string }[];
}
