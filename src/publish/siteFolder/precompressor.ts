import { Worker } from 'node:worker_threads';
import type { CompressJob, CompressReport, HashesMessage } from './compressWorker';
import { CONTROL_SLOTS, PAUSED, WAITING } from './compressControl';
import { rememberHashes } from '../../server/compressedCopies';
import { workerFile } from './workerFile';

/**
 * Makes the compressed copies of the live build off the request path: one worker
 * thread at the lowest priority, one pass at a time, started after each swap and at boot. Only
 * missing copies are made, so a pass after an edit compresses the few files that changed. Until a
 * copy exists the static server sends the file uncompressed.
 */
export class Precompressor {
  private worker: Worker | null = null;
  private running = false;
  private next: CompressJob | null = null;
  private idleWaiters: (() => void)[] = [];
  /** Shared with the worker: [paused, times it waited] (compressWorker.ts). */
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * Int32Array.BYTES_PER_ELEMENT));

  constructor(
    private readonly copiesDir: string,
    private readonly log: (message: string) => void,
  ) {}

  /** Compresses what this build lacks; while a pass runs, only the newest request waits its turn. */
  request(clientDir: string): void {
    this.next = { clientDir, copiesDir: this.copiesDir };
    if (!this.running) this.startNext();
  }

  /**
   * While a publish runs, a pass waits before its next file. The first pass after a start
   * compresses the whole site, and its reads and writes, at the lowest CPU priority still,
   * slowed the first publishes beside it: at 5,000 trainings the first edits after a start took
   * 0.8 to 1.6 s to go live instead of about 0.25 s.
   */
  holdWhile(publishing: boolean): void {
    Atomics.store(this.control, PAUSED, publishing ? 1 : 0);
    if (!publishing) Atomics.notify(this.control, PAUSED);
  }

  /** How many times a pass has waited for a publish (tests). */
  get waits(): number {
    return Atomics.load(this.control, WAITING);
  }

  /** Resolves once no pass is running or waiting (tests and the benchmark). */
  idle(): Promise<void> {
    if (!this.running && !this.next) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.next = null;
    await this.worker?.terminate();
    this.worker = null;
  }

  private startNext(): void {
    const job = this.next;
    this.next = null;
    if (!job) {
      this.running = false;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    this.running = true;
    this.ensureWorker().postMessage(job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile('compressWorker'), {
      execArgv: [],
      workerData: { control: this.control.buffer },
    });
    worker.unref();
    worker.on('message', (message: CompressReport | HashesMessage) => {
      if (message.kind === 'hashes') return rememberHashes(message.added, message.forgotten);
      const report = message;
      if (report.error) this.log(`precompress: a pass failed (${report.error}); files are sent uncompressed`);
      this.startNext();
    });
    worker.on('error', (error: Error) => {
      this.log(`precompress: the worker stopped (${error.message}); it restarts with the next publish`);
      this.worker = null;
      this.startNext();
    });
    this.worker = worker;
    return worker;
  }
}
