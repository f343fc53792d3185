// The one git runner: argv straight to the git binary (never a shell), prompts disabled so a
// missing credential fails fast instead of hanging a CI job, C locale so the few messages we
// inspect read the same everywhere, and the hardening of src/core/trust/git-policy.ts: `-c`
// overrides that no config file can undo, a minimal environment, and for a guarded workspace
// (git-guard.ts) the pinned repository, its restored config and the push credential.
//
// One instance per workspace, made where the process is put together and handed to everything
// that runs git there (the store, the base sync, the plan index, links, the pull request branch),
// as actions/checkout hands its GitCommandManager around: the guard taken before the first agent
// ran then covers every later command, and nothing about git lives in module state.
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { exactDuration } from '../../core/errors.js';
import { gitEnvironment, hardeningArgs, type GitMode } from '../../core/trust/git-policy.js';
import { runGitProcess } from './git-process.js';

/**
 * Whether standard input is a terminal (a person at the CLI, who may press Ctrl-C). Asked only by
 * a CLI runner: loading node:tty costs about 2 ms of every start, which the Action's idle
 * heartbeat, whose git never shares a terminal, does not pay.
 */
function stdinIsTerminal(): boolean {
  const { isatty } = createRequire(import.meta.url)('node:tty') as typeof import('node:tty');
  return isatty(0);
}

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * What git said, for a reason in a message: the first five lines that are not blank (of stderr,
 * else stdout, else the exit code) on one line, joined by ` / `, cut to 500 characters.
 */
export function gitMessage(res: GitResult): string {
  const lines = (res.stderr.trim() || res.stdout.trim() || `exit ${res.code}`).split('\n').filter((line) => line.trim());
  const text = lines.slice(0, 5).join(' / ');
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

export interface GitRunOptions {
  /** Added to the command's (minimal) environment. */
  env?: Record<string, string>;
  /** Return a non-zero exit as a result instead of throwing. */
  allowFail?: boolean;
}

/** A git invocation that failed; carries what is needed to explain it. */
export class GitCommandError extends Error {
  constructor(
    readonly args: string[],
    readonly code: number,
    readonly stderr: string,
    readonly stdout = '',
    message = `git ${args.join(' ')} failed (exit ${code}): ${stderr.trim() || stdout.trim() || 'no output'}`,
  ) {
    super(message);
    this.name = 'GitCommandError';
  }
}

/** A git command stopped because it ran longer than the runner's limit (a remote that never answers). */
export class GitTimeoutError extends GitCommandError {
  constructor(
    args: string[],
    readonly timeoutMs: number,
    stderr: string,
  ) {
    super(args, -1, stderr, '', `git ${args.join(' ')} did not finish within ${exactDuration(timeoutMs, 'min')} and was stopped${stderr.trim() ? `: ${stderr.trim()}` : ''}`);
    this.name = 'GitTimeoutError';
  }
}

/** What a guarded workspace adds to each of its git commands, after putting its config back. */
export interface RepositoryGuard {
  prepare(): Promise<Record<string, string>>;
  /** The repository's git directory as found before any agent ran (none: no repository then). */
  readonly gitDir?: string;
  /** Its common directory (a linked worktree shares the main repository's): refs, config, info/. */
  readonly commonDir?: string;
}

export interface GitRunnerOptions {
  /** The workspace every command runs in. */
  cwd: string;
  /** `action` once the Action guards its workspace (no global config, no person's helpers); default `cli`. */
  mode?: GitMode;
  /** Longest one command may run before it is stopped; default DEFAULT_GIT_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Each command in a process group of its own (git-process.ts). Default: yes, except in the
   * CLI at a terminal, where ssh may ask the person for a passphrase or about a new host key.
   */
  ownProcessGroup?: boolean;
}

/**
 * A fetch that makes no progress holds the job until the runner's own limit (hours); a real one
 * of a large repository, or the unshallowing of a base sync, stays well inside this.
 */
export const DEFAULT_GIT_TIMEOUT_MS = 10 * 60_000;

// State documents and status output stay far below this; it only guards against a runaway diff.
const MAX_BUFFER = 64 * 1024 * 1024;

export class GitRunner {
  readonly cwd: string;
  readonly mode: GitMode;
  readonly timeoutMs: number;
  readonly ownProcessGroup: boolean;
  /**
   * The git binary, looked up when the runner is made: before any agent runs, so a `git` the
   * agent drops later into a directory early on PATH (~/.local/bin on hosted runners) or into the
   * workspace is never the one we run.
   */
  readonly binary: string;
  private pinned: RepositoryGuard | undefined;

  constructor(opts: GitRunnerOptions) {
    this.cwd = opts.cwd;
    this.mode = opts.mode ?? 'cli';
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new RangeError(`Invalid git timeoutMs ${String(opts.timeoutMs)}: expected a number of milliseconds above 0.`);
    }
    this.ownProcessGroup = opts.ownProcessGroup ?? (process.platform !== 'win32' && (this.mode === 'action' || !stdinIsTerminal()));
    this.binary = findGitBinary();
  }

  /** The workspace's guard (git-guard.ts), once one was taken. */
  get guard(): RepositoryGuard | undefined {
    return this.pinned;
  }

  /** Sets the guard every later command goes through; it is taken once and never replaced. */
  useGuard(guard: RepositoryGuard): void {
    if (this.pinned) throw new Error(`The git guard of ${this.cwd} is already taken; it is never replaced.`);
    this.pinned = guard;
  }

  async run(args: string[], opts: GitRunOptions = {}): Promise<GitResult> {
    let pinned: Record<string, string> = {};
    if (this.pinned) {
      try {
        pinned = await this.pinned.prepare();
      } catch (err) {
        throw new GitCommandError(args, -1, err instanceof Error ? err.message : String(err));
      }
    }
    const env = gitEnvironment(process.env, this.mode, { ...pinned, ...opts.env });
    const raw = await runGitProcess({
      binary: this.binary,
      args: [...hardeningArgs(this.mode), ...args],
      cwd: this.cwd,
      env,
      timeoutMs: this.timeoutMs,
      maxBuffer: MAX_BUFFER,
      ownGroup: this.ownProcessGroup,
    });
    if (raw.kind === 'timeout') throw new GitTimeoutError(args, this.timeoutMs, raw.stderr);
    // git never ran, was cut off or was killed: never something a caller may treat as an
    // ordinary non-zero exit.
    if (raw.kind === 'failed') throw new GitCommandError(args, -1, `${raw.reason}${raw.stderr ? `\n${raw.stderr}` : ''}`, raw.stdout);
    if (raw.code === 0) return { code: 0, stdout: raw.stdout, stderr: raw.stderr };
    if (opts.allowFail) return { code: raw.code, stdout: raw.stdout, stderr: raw.stderr };
    throw new GitCommandError(args, raw.code, raw.stderr, raw.stdout);
  }
}

/** The git binary on the absolute entries of PATH, or plain `git` when there is none. */
function findGitBinary(): string {
  if (process.platform === 'win32') return 'git';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, 'git');
    try {
      if (statSync(file).isFile()) {
        accessSync(file, constants.X_OK);
        return file;
      }
    } catch {
      // not here
    }
  }
  return 'git';
}
