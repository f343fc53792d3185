// Where this CLI lives, so the Claude Code settings and the `exec` forwarder named in prompts
// can start it by absolute path: on a runner the Action runs from its checkout (dist/index.js)
// and `agent-step-sequencer` is on no PATH. The bundle puts cli.js beside index.js.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** `[node, /…/dist/cli.js]` when the running entry point is the bundled CLI or Action; else undefined. */
export function sequencerCliCommand(entry: string | undefined = process.argv[1], node: string = process.execPath): string[] | undefined {
  if (!entry) return undefined;
  let file: string;
  try {
    file = realpathSync(entry);
  } catch {
    return undefined;
  }
  if (!/^(cli|index)\.js$/.test(path.basename(file))) return undefined;
  const cli = path.join(path.dirname(file), 'cli.js');
  return existsSync(cli) ? [node, cli] : undefined;
}
