// Where content rules' checks run in this process. The bundle runs them in its worker thread
// (rule-check-worker.js, beside cli.js and index.js), under their time limit.
//
// A bundle without that file (copied or installed without it) does not fall back to checking on
// the tick's own thread: the file checked is the agent's, untrusted, and a schema over it can
// take hours (`uniqueItems` compares every pair of 16 MiB of objects). In line, nothing could end
// such a check short of killing the process, and meanwhile the /cancel poll, the lease and the
// status comment would all stand still. So its content rules fail, naming the missing file, and
// a step that has any stops at its preflight, before an attempt is spent: a broken install is
// fixed once, where a silent fallback would leave every run exposed.
//
// The sources (the tests, through vitest) have no worker built: there the checks run in line,
// without the time limit, and the log says so once.
import path from 'node:path';
import { BUILD_ID } from '../../build-id.js';
import { runTextCheck, type RuleResult, type TextCheck } from '../../core/tick/rules.js';
import type { Log } from '../../ports.js';
import { besideBundle, bundleDir } from '../process/cli-path.js';
import type { RuleChecks } from './fs-verifier.js';
import { RULE_CHECK_WORKER, RuleCheckThread, ruleCheckLimitMs } from './rule-check-thread.js';

const CONTENT_RULES = 'content rules (file_contains, json_schema)';

/**
 * The bundled worker beside the running entry point (dist/index.js or dist/cli.js), or undefined
 * when the entry point is not the bundle's or the file is not there.
 */
export function ruleCheckWorkerFile(entry: string | undefined = process.argv[1]): string | undefined {
  return besideBundle(RULE_CHECK_WORKER, entry);
}

/** Where this process checks content rules: the worker, nowhere (a bundle without it), or in line (the sources). */
export type RuleCheckSite = { kind: 'worker'; file: string } | { kind: 'missing'; problem: string } | { kind: 'source' };

export function ruleCheckSite(entry: string | undefined = process.argv[1], bundled: boolean = BUILD_ID !== 'source'): RuleCheckSite {
  const file = ruleCheckWorkerFile(entry);
  if (file) return { kind: 'worker', file };
  if (!bundled) return { kind: 'source' };
  const dir = bundleDir(entry);
  const why = dir
    ? `the bundle's ${path.join(dir, RULE_CHECK_WORKER)} is missing (it ships beside cli.js and index.js: install or copy the whole dist/ folder)`
    : `they run in ${RULE_CHECK_WORKER} beside the bundle's cli.js or index.js, and this process was started from ${entry ? JSON.stringify(entry) : 'no file'} (run dist/cli.js or dist/index.js itself)`;
  return { kind: 'missing', problem: `${CONTENT_RULES} cannot be checked: ${why}; on the tick's own thread an agent-written file could hold the tick up past every time limit` };
}

/** The bundle without its worker: every content rule fails (it "could not be checked"), saying why. */
class MissingWorker implements RuleChecks {
  constructor(private readonly why: string) {}
  check(): Promise<RuleResult> {
    return Promise.reject(new Error(this.why));
  }
  problem(): string {
    return this.why;
  }
}

/** The sources: checks on the tick's own thread, without the time limit, said once in the log. */
class InLineChecks implements RuleChecks {
  private told = false;
  constructor(private readonly log: Pick<Log, 'warn'>) {}
  check(check: TextCheck): Promise<RuleResult> {
    if (!this.told) {
      this.told = true;
      this.log.warn(
        `Content rules (file_contains, json_schema) are checked on the tick's own thread, without their time limit (SEQUENCER_RULE_CHECK_SECONDS): this runs from the sources, where no ${RULE_CHECK_WORKER} is built (the bundle in dist/ checks them in that worker).`,
      );
    }
    return runTextCheck(check);
  }
}

const shared = new Map<string, RuleCheckThread>();

/**
 * FsVerifier options for where this process checks content rules (ruleCheckSite). The thread is
 * one per process: a scheduled run ticks many plans, and each would otherwise keep a thread of its own.
 */
export function withRuleChecks(o: { log: Pick<Log, 'warn'>; env?: NodeJS.ProcessEnv; entry?: string | undefined; bundled?: boolean }): { ruleChecks: RuleChecks } {
  const limitMs = ruleCheckLimitMs(o.env ?? process.env);
  const site = ruleCheckSite('entry' in o ? o.entry : process.argv[1], o.bundled);
  if (site.kind === 'missing') return { ruleChecks: new MissingWorker(site.problem) };
  if (site.kind === 'source') return { ruleChecks: new InLineChecks(o.log) };
  const key = `${site.file}\0${limitMs}`;
  let thread = shared.get(key);
  if (!thread) shared.set(key, (thread = new RuleCheckThread(site.file, limitMs)));
  return { ruleChecks: thread };
}
