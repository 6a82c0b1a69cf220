import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  describeCycle,
  folderCycles,
  folderGraph,
  folderOf,
  importsOf,
  resolveImport,
  subFolderOf,
} from './folderCycles';

const src = path.resolve('/repo/src');
const file = (rel: string, text: string) => ({ file: path.join(src, rel), text });

describe('cycles between the folders of src/', () => {
  test('an import is read relative or by the #src/ alias; a package is no folder', () => {
    const from = path.join(src, 'auth/login.ts');
    expect(folderOf(src, resolveImport(src, from, '../data/admins')!)).toBe('data');
    expect(folderOf(src, resolveImport(src, from, '#src/data/admins')!)).toBe('data');
    expect(folderOf(src, resolveImport(src, from, './sessions')!)).toBe('auth');
    expect(resolveImport(src, from, 'zod')).toBeNull();
    expect(folderOf(src, path.join(src, 'env.ts'))).toBeNull();
  });

  test('static, type-only, re-exported and dynamic imports all count', () => {
    const text = [
      "import { a } from '../a/x';",
      "import type { B } from '#src/b/y';",
      "export { c } from '../c/z';",
      "const d = await import('../d/w');",
      "import '../e/side';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['../a/x', '#src/b/y', '../c/z', '../d/w', '../e/side']);
  });

  test('layers pointing one way have no cycle, even when files of one folder import each other', () => {
    const graph = folderGraph(src, [
      file('http/route.ts', "import { x } from '../services/x';\nimport { y } from './answers';"),
      file('services/x.ts', "import { s } from '#src/auth/sessions';"),
      file('auth/sessions.ts', "import * as sessions from '../data/sessions';"),
    ]);
    expect(folderCycles(graph)).toEqual([]);
  });

  test('a back-import through other folders is a cycle, named with the imports that make it', () => {
    const graph = folderGraph(src, [
      file('services/team.ts', "import { login } from '../auth/login';"),
      file('auth/login.ts', "import { admins } from '../data/admins';"),
      file('data/admins.ts', "import { mail } from '#src/services/mail';"),
      file('services/x.test.ts', "import { y } from '../pages/y';"),
    ]);
    const cycles = folderCycles(graph);
    expect(cycles).toEqual([['auth', 'data', 'services', 'auth']]);
    expect(describeCycle(graph, cycles[0]!)).toBe(
      [
        'Folder cycle: auth/ → data/ → services/ → auth/',
        "  auth/ → data/: auth/login.ts imports '../data/admins'",
        "  data/ → services/: data/admins.ts imports '#src/services/mail'",
        "  services/ → auth/: services/team.ts imports '../auth/login'",
      ].join('\n'),
    );
  });

  test('one level down: two features of one layer importing each other are a cycle; the layer root and other layers are not', () => {
    const files = [
      file(
        'domain/alerts/alertMail.ts',
        "import { d } from '../listing/dateRanges';\nimport { k } from '../mailContent';",
      ),
      file(
        'domain/listing/emptyHelp.ts',
        "import { id } from '../alerts/alertSignup';\nimport { s } from '../../services/x';",
      ),
      file('domain/mailContent.ts', "import { l } from './listing/view';"),
      file('services/x/y.ts', "import { a } from '../../domain/alerts/alertMail';"),
    ];
    expect(subFolderOf(src, path.join(src, 'domain/listing/a.ts'))).toBe('domain/listing');
    expect(subFolderOf(src, path.join(src, 'domain/a.ts'))).toBeNull();
    const inner = folderGraph(src, files, subFolderOf);
    expect(folderCycles(inner)).toEqual([['domain/alerts', 'domain/listing', 'domain/alerts']]);
    expect(folderCycles(folderGraph(src, files.slice(0, 1).concat(files.slice(2)), subFolderOf))).toEqual([]);
  });
});
