// Port decorators that let one attempt span the three jobs of the isolated layout without a
// second engine: the prepare job resolves no program (the agent runs elsewhere), the agent job
// keeps how the agent ended, what each check command returned and what each `db_query` rule's
// query gave, and the apply job judges the attempt with those recorded results in place of
// running the commands and queries, which run agent-written code or read an agent-written file
// and belong to the agent job (docs/security.md: a forged one can only pass the agent's own step).
import type { CheckRecord, QueryRecord } from '../core/isolation/attempt-result.js';
import type { DbQueryFact, TextCheck, RuleResult } from '../core/tick/rules.js';
import type { AgentResult, AgentRunner, AgentSpec, CheckOptions, CheckResult, Verifier } from '../ports.js';

/** prepare: the agent never starts in this job; its program is found where it runs. */
export class HandOffAgentRunner implements AgentRunner {
  async resolve(command: string): Promise<string | null> {
    return command;
  }
  async run(_spec: AgentSpec): Promise<AgentResult> {
    throw new Error('The agent does not run in a prepare job: the attempt is handed on to the agent job.');
  }
  async reap(_logFile: string): Promise<void> {
    // An agent of an earlier run ran on another runner.
  }
}

/** agent: the runner as is, keeping the last result for the attempt's record. */
export class RecordingAgentRunner implements AgentRunner {
  last: AgentResult | undefined;
  constructor(private readonly inner: AgentRunner) {}
  resolve(command: string): Promise<string | null> {
    return this.inner.resolve(command);
  }
  async run(spec: AgentSpec): Promise<AgentResult> {
    this.last = await this.inner.run(spec);
    return this.last;
  }
  reap(logFile: string): Promise<void> {
    return this.inner.reap(logFile);
  }
}

/**
 * agent: the verifier as is, keeping every check command's result and every query's answer in
 * order. The queries run here, so this job's runtime answers whether SQLite is available.
 */
export class RecordingVerifier implements Verifier {
  readonly checks: CheckRecord[] = [];
  readonly queries: QueryRecord[] = [];
  readonly checkText?: (check: TextCheck, signal?: AbortSignal) => Promise<RuleResult>;
  readonly contentRuleProblem?: () => string | null;
  readonly queryDatabase?: (rel: string, query: string, timeoutMs: number, signal?: AbortSignal) => Promise<DbQueryFact>;
  readonly databaseProblem?: () => string | null;
  constructor(private readonly inner: Verifier) {
    if (inner.checkText) this.checkText = (check, signal) => inner.checkText!(check, signal);
    if (inner.contentRuleProblem) this.contentRuleProblem = () => inner.contentRuleProblem!();
    if (inner.queryDatabase) {
      this.queryDatabase = async (rel, query, timeoutMs, signal) => {
        const fact = await inner.queryDatabase!(rel, query, timeoutMs, signal);
        this.queries.push({ path: rel, query, fact });
        return fact;
      };
    }
    if (inner.databaseProblem) this.databaseProblem = () => inner.databaseProblem!();
  }
  readWorkspaceFile(rel: string): Promise<string | null> {
    return this.inner.readWorkspaceFile(rel);
  }
  async runCheck(argv: string[], opts: CheckOptions): Promise<CheckResult> {
    const result = await this.inner.runCheck(argv, opts);
    this.checks.push({ argv, result });
    return result;
  }
}

/**
 * apply: files are read here (the applied changes), but a check command is answered with what
 * the agent job recorded for the same argv, and a `db_query` with what it recorded for the same
 * path and query, each in order; one it did not record fails its rule.
 */
export class ReplayedChecks implements Verifier {
  private readonly pending: CheckRecord[];
  private readonly pendingQueries: QueryRecord[];
  readonly checkText?: (check: TextCheck, signal?: AbortSignal) => Promise<RuleResult>;
  readonly contentRuleProblem?: () => string | null;
  constructor(
    private readonly inner: Verifier,
    recorded: readonly CheckRecord[],
    queries: readonly QueryRecord[] = [],
  ) {
    this.pending = [...recorded];
    this.pendingQueries = [...queries];
    if (inner.checkText) this.checkText = (check, signal) => inner.checkText!(check, signal);
    if (inner.contentRuleProblem) this.contentRuleProblem = () => inner.contentRuleProblem!();
  }
  readWorkspaceFile(rel: string): Promise<string | null> {
    return this.inner.readWorkspaceFile(rel);
  }
  async runCheck(argv: string[], _opts: CheckOptions): Promise<CheckResult> {
    const at = this.pending.findIndex((c) => c.argv.length === argv.length && c.argv.every((a, i) => a === argv[i]));
    if (at < 0) return { exitCode: null, stdout: '', stderr: '', timedOut: false, spawnError: 'the agent job recorded no run of this check' };
    return this.pending.splice(at, 1)[0]!.result;
  }
  /**
   * Never opens the database file, though apply committed it and could: this job holds the write
   * token, and a SQLite file the agent wrote is untrusted input to SQLite's own parser. So there
   * is no `databaseProblem` here either: whether SQLite is available was the agent job's question.
   */
  async queryDatabase(rel: string, query: string): Promise<DbQueryFact> {
    const at = this.pendingQueries.findIndex((q) => q.path === rel && q.query === query);
    if (at < 0) return { kind: 'error', problem: 'the agent job recorded no run of this query' };
    return this.pendingQueries.splice(at, 1)[0]!.fact;
  }
}
