import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real PostgreSQL cluster of its own that checks passwords (scram-sha-256), for the tests of a
 * wrong password: the machine's shared server trusts local connections and would let any password
 * in. Made with the machine's own initdb and pg_ctl, run as the `postgres` user when we are root
 * (PostgreSQL refuses to run as root). Its only role: postgres, with the password given.
 */
export interface PasswordPostgres {
  port: number;
  url(user: string, password: string, database: string): string;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!dir) throw new Error(`no PostgreSQL server binaries (initdb) under ${root}: install postgresql`);
  return dir;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPasswordPostgres(password: string): Promise<PasswordPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-pwpg-'));
  const pwfile = path.join(dir, 'pw');
  const data = path.join(dir, 'data');
  fs.writeFileSync(pwfile, password);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'scram-sha-256',
    `--pwfile=${pwfile}`,
    '--no-sync',
  ]);
  const port = await freePort();
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    port,
    url: (user, pw, database) =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(pw)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
