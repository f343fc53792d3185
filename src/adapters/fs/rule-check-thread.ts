// Content rules (file_contains, json_schema) work through files of up to 16 MiB, and a schema can
// make that slow: `uniqueItems` over 20,000 objects compares every pair, for many seconds. Run on
// the tick's own thread, such a check stops every timer of the tick meanwhile (the /cancel poll,
// the status comment) and cannot be interrupted. So the checks run in a worker thread: the tick
// stays responsive, and a check still running at the time limit is ended with its thread and
// fails its rule, naming the rule, the file and the limit. The next check starts a new thread.
import { Worker } from 'node:worker_threads';
import { ConfigError } from '../../core/errors.js';
import { besideBundle } from '../process/cli-path.js';
import { textCheckTimedOut, type RuleResult, type TextCheck } from '../../core/tick/rules.js';
import type { CheckReply, CheckRequest } from './rule-check-worker.js';

export const DEFAULT_RULE_CHECK_SECONDS = 60;
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

/**
 * The bundled worker beside the running entry point (dist/index.js or dist/cli.js), or undefined
 * when this is not the bundle (the sources under test, where checks run in line).
 */
export function ruleCheckWorkerFile(entry: string | undefined = process.argv[1]): string | undefined {
  return besideBundle(RULE_CHECK_WORKER, entry);
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

  check(check: TextCheck): Promise<RuleResult> {
    const run = this.queue.then(() => this.runOne(check));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Ends the thread (a later check starts a new one). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private runOne(check: TextCheck): Promise<RuleResult> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<RuleResult>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
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

const shared = new Map<string, RuleCheckThread>();

/**
 * The process's thread for rule checks when running from the bundle; undefined otherwise. One per
 * process: a scheduled run ticks many plans, and each would otherwise keep a thread of its own.
 */
export function ruleCheckThread(env: NodeJS.ProcessEnv = process.env, entry: string | undefined = process.argv[1]): RuleCheckThread | undefined {
  const limitMs = ruleCheckLimitMs(env);
  const file = ruleCheckWorkerFile(entry);
  if (!file) return undefined;
  const key = `${file}\0${limitMs}`;
  let thread = shared.get(key);
  if (!thread) shared.set(key, (thread = new RuleCheckThread(file, limitMs)));
  return thread;
}

/** FsVerifier options for the process's rule-check thread, when there is one. */
export function withRuleChecks(env: NodeJS.ProcessEnv = process.env, entry: string | undefined = process.argv[1]): { ruleChecks?: RuleCheckThread } {
  const thread = ruleCheckThread(env, entry);
  return thread ? { ruleChecks: thread } : {};
}
