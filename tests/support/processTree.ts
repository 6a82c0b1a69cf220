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

/** Samples a process tree's resident memory until stopped; stop() says the peak in MiB. */
export function sampleTreeRss(root: number, everyMs = 50): { stop(): number } {
  let peak = treeRssMiB(root);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMiB(root))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(Math.max(peak, treeRssMiB(root)));
    },
  };
}
