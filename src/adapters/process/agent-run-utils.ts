// Small pieces of an agent's run: its environment, its progress callbacks and its stop file.
import { writeFreshFile } from '../fs/fresh-file.js';

/** A progress display that throws must not break the run. */
export function notify(callback: ((chunk: string) => void) | undefined, text: string): void {
  try {
    callback?.(text);
  } catch {
    // Ignored: the output still reaches the log and the kept head and tail.
  }
}

export function mergeEnv(base: NodeJS.ProcessEnv, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  return Object.assign(env, extra);
}

/** False when the file cannot be written: the agent then cannot see it, so waiting would only delay the signal. */
export function writeStopFile(file: string, message: string): boolean {
  try {
    writeFreshFile(file, `${message}\n`);
    return true;
  } catch {
    return false;
  }
}
