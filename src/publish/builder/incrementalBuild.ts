import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../../domain/siteData';
import type { SitePaths } from '../siteFolder/paths';
import type { PageRenderer } from '../render/pageRenderer';
import type { RenderedPage } from '../render/pageRenderer';
import { outputFile } from '../siteFolder/paths';
import { feedProblems, jsonLdProblems } from './checkBuild';
import { linkTree } from '../siteFolder/links';
import { replaceFile } from '../siteFolder/replaceFile';
import type { SpareBuild } from '../siteFolder/spareBuild';
import { runInTurns } from '../../turns';

/** The pages a publish renders and the pages it drops (an in-process plan, plan.ts). */
export interface PagePlan {
  render: string[];
  remove: string[];
}

/**
 * An in-process publish into `outDir`: every file of the live build hard-linked (the site's code,
 * assets and untouched pages cost a link each, not a copy; made ahead by `spare` when there is
 * one), then the planned pages rendered in this process and written over their links, and the
 * dropped pages removed. A page is written beside its link and renamed over it, so the live
 * build's file (the same inode until then) is never changed under a visitor. Returns the
 * client-relative files written, and what the checker found wrong in them.
 */
export async function renderIncrementally(opts: {
  paths: SitePaths;
  live: string;
  outDir: string;
  renderer: PageRenderer;
  data: SiteData;
  plan: PagePlan;
  spare?: SpareBuild | null;
}): Promise<{ written: string[]; checked: string[]; problems: string[] }> {
  const { paths, live, outDir, renderer, data, plan, spare } = opts;
  const client = path.join(outDir, 'client');
  const written: string[] = [];
  const checked: string[] = [];
  const problems: string[] = [];
  // Each page is checked and written as it comes, so a render of every page (a full rebuild) never
  // holds the site in memory; pages that come before the links are made wait for them.
  const published = new Set(data.trainings.filter((t) => t.isPublished).map((t) => t.id));
  const write = (page: RenderedPage) => {
    if (Array.isArray(page.body)) {
      // A feed written from its parts is checked here, in memory, rather than read back from disk.
      problems.push(...feedProblems(page.body, published, `/${page.file}`));
      checked.push(page.file);
    } else if (page.file.endsWith('.html')) {
      // Only pages carry JSON-LD: decoding a feed of megabytes to search it cost a publish tens of ms.
      problems.push(...jsonLdProblems(page.body.toString(), page.file));
    }
    replaceFile(path.join(client, page.file), page.body);
    written.push(page.file);
  };
  let waiting: RenderedPage[] | null = [];
  // The pages that waited are written in turns: a full rebuild can render hundreds while the links
  // are made, and written in one piece they held the server's thread (0.6 s in one profiled run at
  // 5,000). Pages rendered meanwhile join the queue; it is closed in the step that writes its last.
  function* writeWaiting() {
    for (const page of waiting!) {
      write(page);
      yield;
    }
    waiting = null;
  }
  const links = (spare ? spare.take(live, outDir) : linkTree(paths.build(live), outDir)).then(() =>
    runInTurns(writeWaiting()),
  );
  const rendering = renderer.renderEach(data, plan.render, (page) => (waiting ? waiting.push(page) : write(page)));
  // Both settle before a failure is reported, so nothing is still writing into the folder when it is removed.
  const [rendered, linked] = await Promise.allSettled([rendering, links]);
  if (rendered.status === 'rejected') throw rendered.reason;
  if (linked.status === 'rejected') throw linked.reason;
  for (const pathname of plan.remove) {
    const file = path.join(client, outputFile(pathname, /\.[a-z]+$/.test(pathname)));
    fs.rmSync(file, { force: true });
    if (path.basename(file) === 'index.html') fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return { written, checked, problems };
}
