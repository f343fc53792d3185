// Content rules (file_contains, json_schema) work through files of up to 16 MiB, and a schema can
// make that slow: `uniqueItems` over 20,000 objects compares every pair, for many seconds. Run on
// the tick's own thread, such a check stops every timer of the tick meanwhile (the /cancel poll,
// the status comment) and cannot be interrupted. So the checks run in a worker thread: the tick
// stays responsive, and a check still running at the time limit is ended with its thread and
// fails its rule, naming the rule, the file and the limit. The next check starts a new thread.
import { Worker } from 'node:worker_threads';
import { ConfigError } from '../../core/errors.js';
import { textCheckTimedOut, type RuleResult, type TextCheck } from '../../core/tick/rules.js';
import type { CheckReply, CheckRequest } from './rule-check-worker.js';

export const DEFAULT_RULE_CHECK_SECONDS = 60;
const CHECK_STOPPED = 'the check was stopped by a cancel request';
/** The worker's file in the bundle, beside index.js and cli.js (scripts/build.mjs). */
export const RULE_CHECK_WORKER = 'rule-check-worker.js';

/** The time limit of one rule's check: SEQUENCER_RULE_CHECK_SECONDS, default 60 s. */
export function ruleCheckLimitMs(env: NodeJS.ProcessEnv): number {
  const raw = env.SEQUENCER_RULE_CHECK_SECONDS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_RULE_CHECK_SECONDS * 1000;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 1 || n > 3600) {
    throw new ConfigError(`SEQUENCER_RULE_CHECK_SECONDS is "${raw}"; expected a number of seconds from 1 to 3600 (default ${DEFAULT_RULE_CHECK_SECONDS}), the time limit of a content rule's check.`);
  }
  return n * 1000;
}

export class RuleCheckThread {
  private worker: Worker | undefined;
  /** Checks run one at a time, so each has the thread (and its time limit) to itself. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  constructor(
    private readonly file: string,
    readonly limitMs: number,
  ) {}

  /** Checks `check` in the thread; aborting `signal` ends the check with its thread (a /cancel). */
  check(check: TextCheck, signal?: AbortSignal): Promise<RuleResult> {
    const run = this.queue.then(() => this.runOne(check, signal));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Ends the thread (a later check starts a new one). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private runOne(check: TextCheck, signal: AbortSignal | undefined): Promise<RuleResult> {
    if (signal?.aborted) return Promise.reject(new Error(CHECK_STOPPED));
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<RuleResult>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // An idle thread must not keep the process alive.
        worker.unref();
      };
      const onMessage = (reply: CheckReply) => {
        if (reply.id !== id) return;
        settle();
        if ('error' in reply) reject(new Error(reply.error));
        else resolve(reply.result);
      };
      const onError = (err: Error) => {
        settle();
        reject(err);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`the thread that checks rules stopped (exit code ${code})`));
      };
      const timer = setTimeout(() => {
        settle();
        this.end(worker);
        resolve(textCheckTimedOut(check, this.limitMs));
      }, this.limitMs);
      // A check cannot be interrupted inside its thread: the thread is ended with it.
      const onAbort = () => {
        settle();
        this.end(worker);
        reject(new Error(CHECK_STOPPED));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.ref();
      worker.postMessage({ id, check } satisfies CheckRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.file);
    // A thread that failed or ended is replaced at the next check; these listeners also keep an
    // 'error' with no check waiting from becoming an uncaught exception.
    worker.on('error', () => this.forget(worker));
    worker.on('exit', () => this.forget(worker));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private end(worker: Worker): void {
    this.forget(worker);
    worker.terminate().catch(() => {});
  }

  private forget(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }
}
