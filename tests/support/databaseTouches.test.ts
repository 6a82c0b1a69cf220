import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTouches, excludedOn, targetsOf } from './databaseTouches';

const testFiles = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.posix.join(folder, name));

describe('the table of what each integration and publishing test touches', () => {
  it('names every test file, so a new one must choose its targets', () => {
    const files = [...testFiles('tests/integration'), ...testFiles('tests/publishing')];
    expect(files.filter((file) => !(file in databaseTouches))).toEqual([]);
  });

  it('names no file that is gone', () => {
    expect(Object.keys(databaseTouches).filter((file) => !fs.existsSync(file))).toEqual([]);
  });

  it('runs what can differ between the databases on both, what needs the server on it alone, the rest once', () => {
    expect(targetsOf({ touches: ['api', 'sql'] })).toEqual(['embedded', 'postgres']);
    expect(targetsOf({ touches: ['postgres-server', 'outage'] })).toEqual(['postgres']);
    expect(targetsOf({ touches: ['no-target'] })).toEqual(['embedded']);
    expect(targetsOf({ touches: ['no-target'], runsIn: 'postgres' })).toEqual(['postgres']);
    expect(targetsOf({ touches: ['api'] })).toEqual(['embedded']);
    expect(targetsOf({ touches: ['api'], faster: 'postgres' })).toEqual(['postgres']);
    expect(targetsOf(undefined)).toEqual(['embedded', 'postgres']);
  });

  it('leaves every file to one of the two runs of npm test, and the PostgreSQL run all that needs the server', () => {
    for (const folder of ['tests/integration', 'tests/publishing']) {
      const onEmbedded = excludedOn('embedded', true, folder);
      const onPostgres = excludedOn('postgres', true, folder);
      expect(onEmbedded.filter((file) => onPostgres.includes(file))).toEqual([]);
    }
    const needServer = Object.keys(databaseTouches).filter((file) =>
      databaseTouches[file]!.touches.includes('postgres-server'),
    );
    expect(needServer.length).toBeGreaterThan(0);
    for (const file of needServer) expect(excludedOn('postgres', true, 'tests/publishing')).not.toContain(file);
  });

  it('by hand on one target, runs every file that target can run', () => {
    expect(excludedOn('postgres', false, 'tests/publishing')).toEqual([]);
    expect(excludedOn('postgres', false, 'tests/integration')).toEqual([]);
    expect(excludedOn('embedded', false, 'tests/publishing')).toEqual([
      'tests/publishing/db-outage.test.ts',
      'tests/publishing/photo-sweep-isolation.test.ts',
      'tests/publishing/scale-out.test.ts',
    ]);
  });
});
