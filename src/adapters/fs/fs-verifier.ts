// Facts for validation rules, from the workspace on disk. Files only count when they really lie
// inside the workspace (symlinks are resolved first), and check commands run there with the
// same process-group handling as agents: no shell, a time limit, the whole group killed on
// timeout.
import { mkdtemp, open, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkRelativePath } from '../../core/plan/workspace-paths.js';
import { FileTooLargeError, runTextCheck, type DbQueryFact, type RuleResult, type TextCheck } from '../../core/tick/rules.js';
import type { CheckOptions, CheckResult, Verifier } from '../../ports.js';
import type { Scrubber } from '../../core/trust/secrets.js';
import { ExecAgentRunner } from '../process/exec-agent.js';
import { CURRENT_NODE, queryCommand, queryFact, sqliteRuntime, type NodeRuntime } from './sqlite-query.js';

export interface FsVerifierOptions {
  /** The workspace root with symlinks resolved (FsWorkspace.root). */
  root: string;
  /** Base environment of check commands: the agent's (no tokens). Required, as for the agent. */
  env: NodeJS.ProcessEnv;
  /** SIGTERM → SIGKILL grace for a check that times out; default 2 s. */
  graceMs?: number;
  /** Largest file a rule reads; default MAX_RULE_FILE_BYTES. */
  maxFileBytes?: number;
  /** Characters of a check's stdout and of its stderr kept from each end; default 64 K. */
  outputChars?: number;
  /** Known secrets: scrubbed from a check's output before it is cut (exec-agent.ts). */
  scrubber?: Scrubber;
  /** Where content rules' checks run, under a time limit (rule-check-site.ts); default in line. */
  ruleChecks?: RuleChecks;
  /** The Node that runs `db_query` rules' queries; default the one running this process. */
  node?: NodeRuntime;
}

/** Where content rules' checks run (a worker thread with a time limit: rule-check-site.ts). */
export interface RuleChecks {
  /** The rule's result; aborting `signal` (a /cancel) ends the check. */
  check(check: TextCheck, signal?: AbortSignal): Promise<RuleResult>;
  /** Why content rules cannot be checked here (a bundle without its worker), or null when they can. */
  problem?(): string | null;
}

/**
 * Largest file a content rule (file_contains, json_schema) reads: 16 MiB. RE2 matches it in well
 * under a few seconds even for the costliest patterns; a larger file fails the rule unread. A
 * schema can still be slow on it (`uniqueItems`): the Action and the CLI run the checks in a
 * thread with a time limit (ruleChecks).
 */
export const MAX_RULE_FILE_BYTES = 16 * 1024 * 1024;

export class FsVerifier implements Verifier {
  private readonly root: string;
  private readonly runner: ExecAgentRunner;
  private readonly graceMs: number;
  private readonly maxFileBytes: number;
  private readonly ruleChecks: FsVerifierOptions['ruleChecks'];
  private readonly node: NodeRuntime;

  constructor(options: FsVerifierOptions) {
    this.root = options.root;
    const chars = options.outputChars ?? 64 * 1024;
    this.runner = new ExecAgentRunner({
      cwd: options.root,
      env: options.env,
      ...(options.scrubber ? { scrubber: options.scrubber } : {}),
      headChars: chars,
      tailChars: chars,
    });
    this.graceMs = options.graceMs ?? 2000;
    this.maxFileBytes = options.maxFileBytes ?? MAX_RULE_FILE_BYTES;
    this.ruleChecks = options.ruleChecks;
    this.node = options.node ?? CURRENT_NODE;
  }

  databaseProblem(): string | null {
    const runtime = sqliteRuntime(this.node.version);
    return 'problem' in runtime ? runtime.problem : null;
  }

  async queryDatabase(rel: string, query: string, timeoutMs: number, signal?: AbortSignal): Promise<DbQueryFact> {
    const runtime = sqliteRuntime(this.node.version);
    if ('problem' in runtime) return { kind: 'error', problem: runtime.problem };
    const real = await this.inside(rel);
    if (real === null) return { kind: 'missing' };
    const isFile = await open(real, 'r').then(
      async (h) => {
        try {
          return (await h.stat()).isFile();
        } finally {
          await h.close();
        }
      },
      () => false,
    );
    if (!isFile) return { kind: 'missing' };
    const { argv, env } = queryCommand(this.node, runtime.flags, real, query);
    return queryFact(await this.runCheck(argv, { timeoutMs, env, ...(signal ? { signal } : {}) }), timeoutMs);
  }

  /** The real path of a workspace-relative path when it lies inside the workspace, else null. */
  private async inside(rel: string): Promise<string | null> {
    if (checkRelativePath(rel) !== null) return null;
    let real: string;
    try {
      real = await realpath(path.resolve(this.root, rel.replace(/\\/g, '/')));
    } catch {
      return null;
    }
    return real.startsWith(this.root.endsWith(path.sep) ? this.root : this.root + path.sep) ? real : null;
  }

  checkText(check: TextCheck, signal?: AbortSignal): Promise<RuleResult> {
    return this.ruleChecks ? this.ruleChecks.check(check, signal) : runTextCheck(check);
  }

  contentRuleProblem(): string | null {
    return this.ruleChecks?.problem?.() ?? null;
  }

  async readWorkspaceFile(rel: string): Promise<string | null> {
    const real = await this.inside(rel);
    if (real === null) return null;
    let handle;
    try {
      handle = await open(real, 'r');
    } catch {
      return null;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) return null;
      if (st.size > this.maxFileBytes) throw new FileTooLargeError(rel, st.size, this.maxFileBytes);
      // Never more than the limit, even if the file grows after stat (a process left running):
      // a prefix of what is there then, or too large.
      const buf = Buffer.allocUnsafe(st.size + 1);
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await handle.read(buf, got, buf.length - got, got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      if (got > this.maxFileBytes) throw new FileTooLargeError(rel, got, this.maxFileBytes);
      return buf.toString('utf8', 0, got);
    } finally {
      await handle.close();
    }
  }

  async runCheck(argv: string[], opts: CheckOptions): Promise<CheckResult> {
    // Without a log file the output is kept in memory only; the runner needs somewhere to write.
    const scratch = opts.logFile ? null : await mkdtemp(path.join(os.tmpdir(), 'sequencer-check-'));
    try {
      const r = await this.runner.run({
        argv,
        cwd: this.root,
        env: opts.env ?? {},
        timeoutMs: opts.timeoutMs,
        graceMs: this.graceMs,
        logFile: opts.logFile ?? path.join(scratch!, 'check.log'),
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      return {
        exitCode: r.exitCode,
        stdout: r.stdout,
        stderr: r.stderr,
        timedOut: r.timedOut,
        ...(r.spawnError ? { spawnError: r.spawnError } : {}),
      };
    } finally {
      if (scratch) await rm(scratch, { recursive: true, force: true });
    }
  }
}
