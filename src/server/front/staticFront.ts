import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Host } from '../host';
import { followHashes } from '../compressedCopies';
import { FRONT_CONFIG_ENV, type FrontConfig, type ToApp, type ToFront } from './role';
import { sendQuietly } from './sendQuietly';
import { frontEnv } from './frontEnv';
import { childEnv } from '../../settings';

export interface StaticFront {
  /** This process swapped the live build: the front looks at the link again at once. */
  swapped(): void;
  /** The front stops accepting and finishes what it serves; then the app's own server closes. */
  close(): Promise<void>;
}

const EMPTY = Buffer.alloc(0);

/**
 * Serves the port through the static front (docs/decisions/0017-static-front.md). `listener` is
 * bound to the port already (so a port in use is reported as before); its connections go to the
 * host until the front has taken the socket over. The host itself listens on a private socket.
 *
 * The front is this process's own entry forked with FRONT_CONFIG_ENV set. Connections it hands over
 * arrive with the bytes it read of them. If the front ends for any reason other than our close,
 * the app listens on the port itself again and serves everything, as without a front.
 */
export async function startStaticFront(options: {
  host: Host;
  listener: net.Server;
  port: number;
  address: string;
  config: FrontConfig;
  log: (message: string) => void;
}): Promise<StaticFront> {
  const { host, listener, log } = options;
  listener.on('connection', (socket: net.Socket) => host.adopt(socket, EMPTY));
  const privateSocket = path.join(os.tmpdir(), `emdr-app-${process.pid}-${Date.now().toString(36)}.sock`);
  await host.listenPrivately(privateSocket);

  const child: ChildProcess = fork(process.argv[1]!, process.argv.slice(2), {
    // Only what serving files needs: no database URL, password or key reaches the front (frontEnv.ts).
    env: { ...frontEnv(childEnv()), [FRONT_CONFIG_ENV]: JSON.stringify(options.config) },
    // The app's Node flags, with the smallest young generation: what the front keeps is its file
    // cache, and each answer leaves only a little short-lived garbage.
    execArgv: [...process.execArgv, '--max-semi-space-size=1'],
  });
  let closing = false;
  // The front may be gone, or going, by the time a publish swaps: with nobody left to tell, that is no fault.
  const tell = (message: ToFront, handle?: net.Server) => sendQuietly(child, message, handle);
  child.on('error', (error) => log(`The static front: ${error.message}`));
  child.on('message', (message: ToApp, socket?: net.Socket) => {
    if (message.kind === 'connection' && socket) host.adopt(socket, Buffer.from(message.head, 'base64'));
    if (message.kind === 'health')
      void host.healthAnswer(message.pathname).then((answer) => tell({ kind: 'health', id: message.id, answer }));
  });
  const stopFollowing = followHashes((added, forgotten) =>
    tell({ kind: 'hashes', added: added as [string, string][], forgotten: [...forgotten] }),
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      stopFollowing();
      resolve();
      if (closing) return;
      log(`The static front stopped (${signal ?? `exit ${code}`}): this process serves the port itself again.`);
      if (!listener.listening) {
        listener.once('error', (error) => log(`Cannot listen on the port again: ${error.message}`));
        listener.listen(options.port, options.address);
      }
    }),
  );
  const ready = new Promise<boolean>((resolve) => {
    child.on('message', (message: ToApp) => message.kind === 'ready' && resolve(true));
    child.once('exit', () => resolve(false));
  });
  tell({ kind: 'listen' }, listener);
  // The front accepts on the same socket now; once it says so, this process stops accepting.
  if (await ready) listener.close();

  return {
    swapped: () => tell({ kind: 'swapped' }),
    async close() {
      closing = true;
      if (listener.listening) listener.close();
      tell({ kind: 'close' });
      if (child.exitCode === null && child.signalCode === null) await exited;
      fs.rmSync(privateSocket, { force: true });
    },
  };
}
