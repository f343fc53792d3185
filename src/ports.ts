// The small interfaces the engine is written against. Adapters in src/adapters/ implement them
// with fs, child processes, git, HTTP and the Actions toolkit; tests implement them with fakes.
import type { CommitSelection } from './core/plan/commit-selection.js';
import type { ApprovalVerdict } from './core/trust/approval-evidence.js';
import type { AttemptOwner, BudgetRaise, State } from './core/state/types.js';
import type { Command } from './core/tick/commands.js';
import type { Notice } from './core/tick/notices.js';
import type { BaseSyncResult } from './core/tick/base-sync.js';
import type { DbQueryFact, RuleResult, TextCheck } from './core/tick/rules.js';

export interface Clock {
  now(): Date;
}

export type LoadResult =
  | { kind: 'missing' }
  /** `verbatim`: the bytes are exactly what this build last wrote there (nothing edited them since). */
  | { kind: 'loaded'; state: State; verbatim?: boolean };

export type WriteKind =
  /** State only: an attempt is about to start (lease taken). */
  | 'checkpoint'
  /** The step's workspace changes plus the new state, in one durable write. */
  | 'completion'
  /** State only: commands, failures, blocking, recovery. */
  | 'update';

export interface WriteMeta {
  kind: WriteKind;
  /** One line saying what changed, e.g. `step-2 attempt 1 succeeded` (a commit subject in git). */
  message: string;
  /** A completion: which of the agent's files its commit holds (default all; README, "What a completion commit holds"). */
  select?: CommitSelection;
  /**
   * Files of the sequencer's own kept with the state in the same write (an attempt's command log),
   * paths relative to the state's folder. A store that keeps the attempt logs anyway (the file
   * store, beside the state; the cache store, whose runs upload them) may leave them out.
   */
  records?: Array<{ path: string; text: string }>;
}

export type AcquireResult = { ok: true } | { ok: false; holder: string };

/**
 * Where a plan's state lives. Callers go through withStore() (store-access.ts), which opens the
 * store (locked for a writer) and always releases it.
 */
export interface StateStore {
  /** Human description for messages, e.g. `file ./state.json` or `git origin sequencer/issue-42`. */
  readonly description: string;
  /**
   * Exclusive access for a writer where the store has it (the file store's lock file). The git
   * and cache stores have none and always say ok: the remote's fast-forward rule and the cache's
   * lookups decide between writers there.
   */
  lock(): Promise<AcquireResult>;
  /**
   * Makes the state readable (needs no lock): the git store guards the repository, fetches the
   * work branch and checks it out; the file and cache stores have nothing to do.
   */
  open(): Promise<void>;
  /** Throws StateError when the document exists but cannot be read; never repairs it. */
  load(): Promise<LoadResult>;
  /**
   * Durably writes `state` with `revision` one above the loaded one and returns what was written.
   * Throws ConflictError when another writer got there first; nothing is overwritten then.
   */
  write(state: State, meta: WriteMeta): Promise<State>;
  /** Releases whatever lock() took. Safe to call more than once, and after a lock() that failed. */
  release(): Promise<void>;
}

/** What an AgentRunner runs: a step's agent, the command a step runs instead (`run`), or the agent drafting a plan (no attempt of a step). */
export type ProcessRole = 'agent' | 'command' | 'draft';

export interface AgentSpec {
  /** Full argv: the agent command's words followed by the prompt as one argument. */
  argv: string[];
  cwd: string;
  /** Added to the runner's environment. */
  env: Record<string, string>;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL of the process group. */
  graceMs: number;
  /** Full output goes here; a `.pid` file beside it names the process group while it runs. */
  logFile: string;
  /** What runs, as an interrupt names what it stops: a step's agent (the default), a step's command (`run`) or a drafting agent. */
  role?: ProcessRole;
  /**
   * Where stdout alone goes too, byte for byte, up to `maxBytes`: a JSON-lines stream read back
   * after a crash needs it unmixed, and the log holds stderr wherever it came, inside a line too.
   */
  stdoutFile?: { file: string; maxBytes: number };
  /** Aborting it soft-brakes the agent: the stop file (when given; a string abort reason is written in it instead of `stop.message`), its grace, then SIGTERM, grace, SIGKILL. */
  signal?: AbortSignal;
  /**
   * Cooperative stop: on abort this file is written with `message` (the agent sees it as
   * $SEQUENCER_STOP_FILE), on timeout with `timeoutMessage` (default `message`), and the agent
   * gets `graceMs` to exit on its own before any signal.
   */
  stop?: { file: string; message: string; timeoutMessage?: string; overflowMessage?: string; graceMs: number };
  /** Past this many bytes of output the agent is stopped as for a timeout (`overflowMessage`), and the result says `overflowed`. */
  maxOutputBytes?: number;
  /** Called with each chunk of output as it arrives (progress display). */
  onOutput?: (chunk: string) => void;
  /**
   * Called with each chunk of stdout alone, in order: a reader of the agent's JSON-lines stream
   * needs it unmixed, since stderr written between two chunks would cut a line in two.
   */
  onStdout?: (chunk: string) => void;
  /** Called with each chunk of stderr alone (shown beside a stream read from stdout). */
  onStderr?: (chunk: string) => void;
}

export interface AgentResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  /** Bounded head and tail of stdout. */
  stdout: string;
  /** Bounded head and tail of stderr. */
  stderr: string;
  /** Total bytes of output, to tell the user when it was truncated. */
  outputBytes: number;
  durationMs: number;
  /** Set when the process could not be started at all. */
  spawnError?: string;
  /** After a cancel: whether the agent exited on its own within the stop grace, or was signalled. */
  stoppedBy?: 'agent' | 'signal';
  /** It printed more than `maxOutputBytes` and was stopped. */
  overflowed?: boolean;
}

export interface AgentRunner {
  /** Absolute path of the command on PATH (or as given when it contains a slash), or null. */
  resolve(command: string): Promise<string | null>;
  run(spec: AgentSpec): Promise<AgentResult>;
  /** Ends the process group an earlier, dead tick left running for this log file, if any. */
  reap(logFile: string): Promise<void>;
  /** Whether the agent's base environment has this variable set and not empty (preflight `env`); the value is never returned. */
  hasEnv?(name: string): boolean;
}

export interface Workspace {
  readonly root: string;
  /**
   * The given workspace-relative paths that do not exist inside the workspace. Paths that
   * escape it (`..`, absolute, symlinks pointing outside) count as missing.
   */
  missingOutputs(paths: string[]): Promise<string[]>;
  /** Problems that would make any attempt fail: workspace not writable, outputs' folders not creatable. */
  preflight(outputs: string[]): Promise<string[]>;
  /**
   * Regular files (workspace-relative, `/`-separated) modified at or after `since`, not in a
   * `.git` folder and not starting with an `exclude` prefix (a folder is matched with its trailing
   * `/`), following no link; at most `limit` of them, the rest counted in `more`.
   */
  changedFiles?(since: Date, o: { exclude: string[]; limit: number }): Promise<{ files: string[]; more: number }>;
}

export interface CheckOptions {
  timeoutMs: number;
  /** Added to the runner's environment (the attempt's SEQUENCER_ variables). */
  env?: Record<string, string>;
  /** Full output goes here; without it the output is kept in memory only. */
  logFile?: string;
  /** Aborting it ends the command's process group (SIGTERM, grace, SIGKILL): a /cancel during the checks. */
  signal?: AbortSignal;
}

export interface CheckResult {
  /** null when the command was killed or could not start. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Set when the command could not be started at all. */
  spawnError?: string;
}

/** What validation rules ask of the outside world. Everything happens inside the workspace. */
export interface Verifier {
  /**
   * Text of a workspace-relative file, or null when it is not a regular file inside the
   * workspace (`..`, absolute paths and symlinks leading outside count as missing). Throws
   * FileTooLargeError (core/tick/rules.ts) when the file is larger than a rule reads.
   */
  readWorkspaceFile(rel: string): Promise<string | null>;
  /** Runs argv (no shell) in the workspace root; on timeout its process group is killed. */
  runCheck(argv: string[], opts: CheckOptions): Promise<CheckResult>;
  /**
   * Runs a content rule's work on a file's text (runTextCheck) where it cannot hold up the tick,
   * failing the rule when it takes too long. Without it the check runs in line. Aborting `signal`
   * ends a check under way (the attempt's verdict then waits for none).
   */
  checkText?(check: TextCheck, signal?: AbortSignal): Promise<RuleResult>;
  /** Why content rules (file_contains, json_schema) cannot be checked here, or null when they can. */
  contentRuleProblem?(): string | null;
  /**
   * Runs a read-only query on a SQLite file inside the workspace (a `db_query` rule), stopped at
   * the time limit or when `signal` aborts. Absent: such rules fail, saying so.
   */
  queryDatabase?(rel: string, query: string, timeoutMs: number, signal?: AbortSignal): Promise<DbQueryFact>;
  /** Why `db_query` rules cannot run here (e.g. the runtime has no SQLite), or null when they can. */
  databaseProblem?(): string | null;
}

export type FileRead =
  | { kind: 'missing' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'text'; text: string }
  /** It exists but cannot be read as a file (a folder, a symlink, no permission). */
  | { kind: 'unreadable'; reason: string };

/** What reading a file in pieces came to: how many bytes were handed on, and whether it held more. */
export type PiecesRead = Exclude<FileRead, { kind: 'text' } | { kind: 'too-large' }> | { kind: 'read'; bytes: number; truncated: boolean };

/** Files exchanged with an attempt beside its log: the payload it writes, the input it reads. */
export interface AttemptFiles {
  /** Reads a file if it is at most maxBytes long. */
  read(file: string, maxBytes: number): Promise<FileRead>;
  /**
   * Hands the text of the file's first maxBytes bytes to `onText` piece by piece, as it is read,
   * so a long file (an attempt's log) is never held whole.
   */
  readPieces(file: string, maxBytes: number, onText: (text: string) => void): Promise<PiecesRead>;
  /** Creates the file (and its folder), replacing any earlier one. */
  write(file: string, text: string): Promise<void>;
  /** Removes the file if it exists. */
  remove(file: string): Promise<void>;
}

export type Liveness = 'alive' | 'dead' | 'unknown';

export interface OwnerProbe {
  /** Whether the tick that owns an attempt still runs. `unknown` defers to the lease. */
  liveness(owner: AttemptOwner): Promise<Liveness>;
}

export interface InboxItem {
  /** Monotonic cursor value; items at or below the state's cursor were applied already. */
  cursor: number;
  command: Command;
  /** Set when the command must not be applied (unauthorized, malformed): the reply says why. */
  refusal?: string;
  /** The `state.inbox` field of this item's cursor, when it is not the inbox's own (a merged inbox). */
  cursorKey?: string;
  /** The author may not command this plan (a refusal that a flood must not turn into a flood of replies). */
  unauthorized?: boolean;
  /** The command as written (`/retry`), when `command` stands in for one that could not be read. */
  label?: string;
}

export interface InboxRead {
  /** Commands newer than the cursor, oldest first. */
  items: InboxItem[];
  /** Merged into `state.inbox` with the tick's next write (e.g. an ETag for the next poll). */
  memo?: Record<string, unknown>;
}

export interface Inbox {
  /** The field of `state.inbox` that holds this inbox's cursor (`lastCommentId` for issue comments). */
  readonly cursorKey: string;
  /** Reads commands after the cursor in `memo` (the state's `inbox` object). */
  read(memo: Readonly<Record<string, unknown>>): Promise<InboxRead>;
  /** Called after the state that applied items up to `cursor` (of the field `cursorKey`) is durable. */
  acknowledge(cursor: number, cursorKey?: string): Promise<void>;
  /** Short answers to commands (why one was refused, or what it did). */
  reply?(item: InboxItem, text: string, refused?: boolean): Promise<void>;
  /** A cheaper answer than a reply (a reaction on the command), for refusals already explained. */
  react?(item: InboxItem): Promise<void>;
}

export interface Notifier {
  /** Delivered after the write that produced the notice is durable. */
  notify(notice: Notice, state: State): Promise<void>;
}

/**
 * Messages often quote untrusted text (plan titles and paths, agent output and errors, comment
 * replies). Adapters make them safe for where they print: the Actions log adapter scrubs known
 * secrets and never lets a line become a workflow command, so callers need no escaping of their own.
 */
export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** Groups the output of fn (a collapsible group in Actions logs). */
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
}

/** Brings the base branch's later changes into the work branch (`sync-base: merge`, git store). */
export interface BaseSync {
  /**
   * Merges the base branch into the checked-out work branch when it merges cleanly and pushes the
   * merge commit on its own. A conflict is aborted, leaving the workspace as it was. Never throws
   * for a missing branch or an unreachable remote: that is `unavailable`.
   */
  sync(): Promise<BaseSyncResult>;
}

/**
 * Whether the workflow run that owned an attempt left its result behind (the isolated layout:
 * its agent job uploaded one, its apply job never recorded it). Asked only for a dead owner.
 */
export interface ResultProbe {
  hasResult(owner: Extract<AttemptOwner, { kind: 'actions' }>, attemptId: string): Promise<boolean>;
}

/**
 * Confirms on GitHub what the state's approval rests on (docs/security.md): the approving comment, the
 * proposal it followed, the approver's permission now. Asked before a run's first attempt and
 * whenever an approval changes; absent (the CLI, a local workspace): the state's approval counts.
 */
export interface ApprovalVerifier {
  verify(state: State): Promise<ApprovalVerdict>;
  /** Whether a budget raise of the state rests on a writer's comment that still says it (absent: raises count as recorded). */
  verifyRaise?(state: State, raise: BudgetRaise): Promise<ApprovalVerdict>;
}
