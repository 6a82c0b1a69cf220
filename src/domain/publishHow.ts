/**
 * How a publish is made (src/publish/plan.ts decides; the build record keeps it):
 * - in-process: the touched pages rendered in the serving process over links to the live build;
 * - astro-build: every page by an `astro build` child process;
 * - deploy-hook: a CDN's build hook called, which builds elsewhere.
 */
export type PublishHow = 'in-process' | 'astro-build' | 'deploy-hook';
