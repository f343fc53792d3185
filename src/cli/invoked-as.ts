// How the person started this CLI, so a hint it prints ("Try: … status") can be run as shown:
// `npx agent-step-sequencer` under npx, `agent-step-sequencer` for the package's bin on PATH
// (a global install), else the path that was run (`node dist/cli.js` in a clone).
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** The package's bin name (package.json "bin"). */
export const BIN_NAME = 'agent-step-sequencer';

export interface Invocation {
  /** process.argv[1]: the script node was started with (a bin's link is not resolved). */
  entry: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The words that start this CLI again from `cwd`, quoted for a POSIX shell. */
export function invokedAs({ entry, env, cwd }: Invocation): string {
  if (!entry) return BIN_NAME;
  const shown = quote(path.relative(cwd, entry).startsWith('..') ? entry : path.relative(cwd, entry) || entry);
  // A bin is run by its name (npm links it under that name); dist/cli.js by node.
  if (path.basename(entry) !== BIN_NAME) return `node ${shown}`;
  // npx (npm exec) puts the package's bin on the PATH of this process alone, not the person's shell's.
  if (env.npm_command === 'exec') return `npx ${BIN_NAME}`;
  if (onPath(path.dirname(entry), env.PATH ?? '')) return BIN_NAME;
  return shown.includes('/') ? shown : `./${shown}`;
}

function onPath(dir: string, pathVar: string): boolean {
  const target = real(dir);
  return pathVar.split(path.delimiter).some((p) => p !== '' && path.isAbsolute(p) && real(p) === target);
}

function real(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** A word as a POSIX shell reads it back: bare when it is plain, else single-quoted. */
export function quote(word: string): string {
  return /^[A-Za-z0-9_./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
