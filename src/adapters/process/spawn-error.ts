// Why an agent could not start, said so that the person can fix it, and whether a file is one
// that could be started at all.
import { accessSync, constants, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isPathLike } from '../../core/trust/agent-command.js';

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function describeSpawnError(error: Error, program: string, cwd: string): Promise<string> {
  const code = (error as NodeJS.ErrnoException).code;
  const shown = JSON.stringify(program);
  if (code === 'ENOENT') {
    const cwdExists = await stat(cwd).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!cwdExists) return `cannot start agent ${shown}: working directory ${JSON.stringify(cwd)} does not exist`;
    return `cannot start agent ${shown}: not found${isPathLike(program) ? '' : ' on PATH'} (ENOENT); install it or give its full path`;
  }
  if (code === 'EACCES') return `cannot start agent ${shown}: permission denied (EACCES); expected an executable file`;
  return `cannot start agent ${shown}: ${error.message}`;
}
