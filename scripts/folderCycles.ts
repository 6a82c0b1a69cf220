/**
 * Cycles between the top-level folders of src/ (docs/architecture.md, Layout): dpdm finds cycles
 * between files; this finds a folder that imports, through any chain of folders, a folder that
 * imports it back (e.g. auth/ → services/ → auth/), which the layer order forbids even when no two
 * files form a cycle. Imports are read as written: relative ('../auth/x') or by the package alias
 * ('#src/auth/x'). Tests next to the code are left out: they sit above everything.
 *
 * `npx tsx scripts/folderCycles.ts` prints each cycle with one import per step and exits 1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type FolderGraph = Map<string, Map<string, string>>;

const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;
const TEST = /\.test\.(ts|tsx)$/;
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The top-level folder of src/ a path is in, or null for a file directly in src/ or outside it. */
export function folderOf(srcDir: string, file: string): string | null {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** The src/ path an import names, relative or '#src/…', or null for a package. */
export function resolveImport(srcDir: string, fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('#src/')) return path.join(srcDir, specifier.slice('#src/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** Imports of a source text (static, re-exports and dynamic). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) found.push((match[1] ?? match[2])!);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * The sub-folder of a top-level folder a path is in ('domain/listing'), or null for a file directly
 * in a top-level folder: those are the layer's shared files, which every feature of it may use.
 */
export function subFolderOf(srcDir: string, file: string): string | null {
  const top = folderOf(srcDir, file);
  if (!top) return null;
  const parts = path.relative(srcDir, file).split(path.sep);
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : null;
}

/** The first segment of a folder name: a sub-folder's layer. */
const layerOf = (folder: string) => folder.split('/')[0];

/**
 * folder → folder it imports → one file:import that shows it. With `subFolderOf`, the graph of
 * the features inside each layer: edges between sub-folders of the same top-level folder only.
 */
export function folderGraph(
  srcDir: string,
  files: { file: string; text: string }[],
  folderFor: (srcDir: string, file: string) => string | null = folderOf,
): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const { file, text } of files) {
    const from = folderFor(srcDir, file);
    if (!from) continue;
    for (const specifier of importsOf(text)) {
      const target = resolveImport(srcDir, file, specifier);
      const to = target && folderFor(srcDir, target);
      if (!to || to === from) continue;
      // Inside a layer, only its own sub-folders count: the layer order rules between layers.
      if (folderFor !== folderOf && layerOf(to) !== layerOf(from)) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(srcDir, file)} imports '${specifier}'`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Each cycle once, as the folders in order (Tarjan's strongly connected components, then a path). */
export function folderCycles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, component));
}

/** A shortest way from the component's first folder back to itself, inside the component. */
function cycleThrough(graph: FolderGraph, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...component, start];
}

export function describeCycle(graph: FolderGraph, cycle: string[]): string {
  const steps = cycle.slice(1).map((to, i) => `  ${cycle[i]}/ → ${to}/: ${graph.get(cycle[i]!)!.get(to)}`);
  return [`Folder cycle: ${cycle.map((f) => `${f}/`).join(' → ')}`, ...steps].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const srcDir = path.resolve('src');
  const files = sourceFiles(srcDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  const graph = folderGraph(srcDir, files);
  const cycles = folderCycles(graph);
  for (const cycle of cycles) console.error(describeCycle(graph, cycle));
  // One level down too: the features inside a layer point one way (docs/architecture.md, Layout).
  const inner = folderGraph(srcDir, files, subFolderOf);
  const innerCycles = folderCycles(inner);
  for (const cycle of innerCycles) console.error(describeCycle(inner, cycle));
  if (cycles.length + innerCycles.length > 0) process.exit(1);
  console.log(
    `No cycles between the ${graph.size} folders of src/, nor between the ${inner.size} sub-folders inside them.`,
  );
}
