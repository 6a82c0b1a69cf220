import fs from 'node:fs';
import { FRONT_CONFIG_ENV } from '../../src/server/front/role';

const PAGE = 4096;
const MiB = 1024 * 1024;

/**
 * The pids of a process and all its descendants (Linux). Each thread's `children` file lists the
 * processes it started, which costs a few reads instead of scanning every process's `stat`, so a
 * sampler can ask often without taking CPU from the server it measures.
 */
export function processTree(root: number): number[] {
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    let threads: string[];
    try {
      threads = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return; // Gone meanwhile.
    }
    for (const tid of threads) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
      } catch {
        // The thread ended meanwhile.
      }
      for (const child of children.split(' ')) if (child.trim()) visit(Number(child));
    }
  };
  visit(root);
  return tree;
}

/** A server's static front among its processes: the one forked with the front's configuration. */
export function staticFrontOf(root: number): number | undefined {
  return processTree(root).find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`${FRONT_CONFIG_ENV}=`);
    } catch {
      return false;
    }
  });
}

const statmPages = (pid: number): number => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
  } catch {
    return 0; // Gone meanwhile.
  }
};

const pssKiB = (pid: number): number => {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0; // Gone meanwhile.
  }
};

const sum = (pids: number[], of: (pid: number) => number) => pids.reduce((total, pid) => total + of(pid), 0);

/** Resident memory of a process and its descendants together, in MiB. */
export const treeRssMiB = (root: number): number => (sum(processTree(root), statmPages) * PAGE) / MiB;

/**
 * Proportional memory of a process and its descendants together, in MiB: each shared page counted
 * once over the processes that map it (/proc/<pid>/smaps_rollup). The app and its static front run
 * the same Node binary, whose pages the resident sum counts once per process; a container's memory
 * limit charges them once, as this does.
 */
export const treePssMiB = (root: number): number => sum(processTree(root), pssKiB) / 1024;

/** How often the sampler reads proportional memory when resident memory sets no new peak. */
const PSS_EVERY_MS = 500;

/**
 * Samples a process tree's memory until stopped; stop() says the peaks in MiB, resident and
 * proportional. Reading smaps_rollup walks every mapping of a process (about 13 ms of CPU for a
 * 400 MiB Node process, where statm is a fraction of a millisecond); with the tree found by
 * scanning every process (2 ms more), a sample every 50 ms took a third of a core from the server
 * being timed. So the tree is found once per sample, and the proportional figure is read whenever
 * the resident sum sets a new peak (the two move together: their difference is the shared pages,
 * which a publish does not change) and otherwise twice a second.
 */
export function sampleTreeMemory(root: number, everyMs = 50): { stop(): { rss: number; pss: number } } {
  let rss = treeRssMiB(root);
  let pss = treePssMiB(root);
  let pssReadAt = performance.now();
  const sample = () => {
    const tree = processTree(root);
    const now = (sum(tree, statmPages) * PAGE) / MiB;
    if (now > rss || performance.now() - pssReadAt >= PSS_EVERY_MS) {
      pss = Math.max(pss, sum(tree, pssKiB) / 1024);
      pssReadAt = performance.now();
    }
    rss = Math.max(rss, now);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rss: Math.round(rss), pss: Math.round(pss) };
    },
  };
}
