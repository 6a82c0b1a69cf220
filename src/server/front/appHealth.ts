import type { HealthAnswer } from '../healthReply';

/** How long the front waits for the app's health answer: beyond it the app is not answering. */
export const APP_HEALTH_TIMEOUT_MS = 4_000;

const NOT_ANSWERING: HealthAnswer = { status: 503, body: { status: 'unavailable', reason: 'not answering' } };

/**
 * `/healthz` and `/readyz` through the static front (docs/security.md): the front asks the app over IPC and
 * answers what the app says, on the client's own connection. A probe never waits for a hand-off, so
 * whatever clients hold of the hand-off budget, a load balancer still hears the app; an app that does
 * not answer in time is reported unavailable rather than left hanging.
 */
export class AppHealth {
  private next = 0;
  private readonly waiting = new Map<number, (answer: HealthAnswer) => void>();

  constructor(private readonly ask: (id: number, pathname: string) => void) {}

  answer(pathname: string): Promise<HealthAnswer> {
    const id = ++this.next;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.answered(id, NOT_ANSWERING), APP_HEALTH_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.ask(id, pathname);
    });
  }

  /** The app's answer to question `id` (a late one, after the timeout, is dropped). */
  answered(id: number, answer: HealthAnswer): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    resolve?.(answer);
  }
}
