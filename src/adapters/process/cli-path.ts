// Where this CLI lives, so the Claude Code settings and the `exec` forwarder named in prompts
// can start it by absolute path: on a runner the Action runs from its checkout (dist/index.js)
// and `agent-step-sequencer` is on no PATH. The bundle puts cli.js beside index.js.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** `[node, /…/dist/cli.js]` when the running entry point is the bundled CLI or Action; else undefined. */
export function sequencerCliCommand(entry: string | undefined = process.argv[1], node: string = process.execPath): string[] | undefined {
  const cli = besideBundle('cli.js', entry);
  return cli ? [node, cli] : undefined;
}

/**
 * A file the bundle puts beside its entry points (dist/cli.js, a worker), when the running entry
 * point is the bundled CLI or Action (dist/cli.js or dist/index.js) and the file is there.
 */
export function besideBundle(name: string, entry: string | undefined = process.argv[1]): string | undefined {
  const dir = bundleDir(entry);
  if (!dir) return undefined;
  const found = path.join(dir, name);
  return existsSync(found) ? found : undefined;
}

/** The folder of the bundled CLI or Action (dist/) when `entry` is one of them (links resolved); else undefined. */
export function bundleDir(entry: string | undefined = process.argv[1]): string | undefined {
  if (!entry) return undefined;
  let file: string;
  try {
    file = realpathSync(entry);
  } catch {
    return undefined;
  }
  return /^(cli|index)\.js$/.test(path.basename(file)) ? path.dirname(file) : undefined;
}
