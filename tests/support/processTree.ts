import fs from 'node:fs';
import { FRONT_CONFIG_ENV } from '../../src/server/front/role';

const PAGE = 4096;
const MiB = 1024 * 1024;

/** The pids of a process and all its descendants, from /proc (Linux). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fourth field of /proc/<pid>/stat is the parent's pid; the command name before it may hold spaces.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
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

/** Resident memory of a process and its descendants together, in MiB. */
export function treeRssMiB(root: number): number {
  let pages = 0;
  for (const pid of processTree(root)) {
    try {
      pages += Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    } catch {
      // Gone meanwhile.
    }
  }
  return (pages * PAGE) / MiB;
}

/**
 * Proportional memory of a process and its descendants together, in MiB: each shared page counted
 * once over the processes that map it (/proc/<pid>/smaps_rollup). The app and its static front run
 * the same Node binary, whose pages the resident sum counts once per process; a container's memory
 * limit charges them once, as this does.
 */
export function treePssMiB(root: number): number {
  let kib = 0;
  for (const pid of processTree(root)) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kib += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kib / 1024;
}

/** Samples a process tree's memory until stopped; stop() says the peaks in MiB, resident and proportional. */
export function sampleTreeMemory(root: number, everyMs = 50): { stop(): { rss: number; pss: number } } {
  let rss = treeRssMiB(root);
  let pss = treePssMiB(root);
  const timer = setInterval(() => {
    rss = Math.max(rss, treeRssMiB(root));
    pss = Math.max(pss, treePssMiB(root));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return {
        rss: Math.round(Math.max(rss, treeRssMiB(root))),
        pss: Math.round(Math.max(pss, treePssMiB(root))),
      };
    },
  };
}
