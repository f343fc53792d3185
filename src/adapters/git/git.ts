// A tiny git runner: argv straight to the git binary (never a shell), prompts disabled so a
// missing credential fails fast instead of hanging a CI job, and C locale so the few messages
// we inspect read the same everywhere.
import { execFile } from 'node:child_process';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Added to the inherited environment. */
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

// State documents and status output stay far below this; it only guards against a runaway diff.
const MAX_BUFFER = 64 * 1024 * 1024;

export function git(args: string[], opts: GitOptions): Promise<GitResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...opts.env };
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd: opts.cwd, env, maxBuffer: MAX_BUFFER, encoding: 'utf8' }, (err, stdout, stderr) => {
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
