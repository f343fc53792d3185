// The one git runner: argv straight to the git binary (never a shell), prompts disabled so a
// missing credential fails fast instead of hanging a CI job, C locale so the few messages we
// inspect read the same everywhere, and the hardening of src/core/trust/git-policy.ts: `-c`
// overrides that no config file can undo, a minimal environment, and for a guarded workspace
// (git-guard.ts) the pinned repository, its restored config and the push credential.
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { gitEnvironment, hardeningArgs, type GitMode } from '../../core/trust/git-policy.js';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
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
  ) {
    super(`git ${args.join(' ')} failed (exit ${code}): ${stderr.trim() || stdout.trim() || 'no output'}`);
    this.name = 'GitCommandError';
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

// State documents and status output stay far below this; it only guards against a runaway diff.
const MAX_BUFFER = 64 * 1024 * 1024;

let mode: GitMode = 'cli';
let binary: string | undefined;
const guards = new Map<string, RepositoryGuard>();

/** `action` for the whole process once the Action guards its workspace; the CLI stays `cli`. */
export function setGitMode(next: GitMode): void {
  mode = next;
}

export function gitMode(): GitMode {
  return mode;
}

export function repositoryGuard(workspace: string): RepositoryGuard | undefined {
  return guards.get(path.resolve(workspace));
}

export function setRepositoryGuard(workspace: string, guard: RepositoryGuard): void {
  guards.set(path.resolve(workspace), guard);
}

/**
 * The git binary, looked up once on the absolute entries of PATH. The first lookup happens before
 * any agent runs: a `git` the agent drops later into a directory early on PATH (~/.local/bin on
 * hosted runners) or into the workspace is never the one we run.
 */
export function gitBinary(): string {
  if (binary) return binary;
  if (process.platform === 'win32') return (binary = 'git');
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, 'git');
    try {
      if (statSync(file).isFile()) {
        accessSync(file, constants.X_OK);
        return (binary = file);
      }
    } catch {
      // not here
    }
  }
  return (binary = 'git');
}

export async function git(args: string[], opts: GitOptions): Promise<GitResult> {
  const guard = guards.get(path.resolve(opts.cwd));
  let pinned: Record<string, string> = {};
  if (guard) {
    try {
      pinned = await guard.prepare();
    } catch (err) {
      throw new GitCommandError(args, -1, err instanceof Error ? err.message : String(err));
    }
  }
  const env = gitEnvironment(process.env, mode, { ...pinned, ...opts.env });
  return new Promise((resolve, reject) => {
    execFile(gitBinary(), [...hardeningArgs(mode), ...args], { cwd: opts.cwd, env, maxBuffer: MAX_BUFFER, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (!err) return resolve({ code: 0, stdout, stderr });
      // A string code (ENOENT, ERR_CHILD_PROCESS_STDIO_MAXBUFFER) means git never ran or was cut off:
      // never something a caller may treat as an ordinary non-zero exit.
      const raw = (err as NodeJS.ErrnoException & { code?: unknown }).code;
      if (typeof raw !== 'number') {
        return reject(new GitCommandError(args, -1, `${err.message}${stderr ? `\n${stderr}` : ''}`, stdout));
      }
      if (opts.allowFail) return resolve({ code: raw, stdout, stderr });
      reject(new GitCommandError(args, raw, stderr, stdout));
    });
  });
}
