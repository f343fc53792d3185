
// src/adapters/process/cli-path.ts
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
function sequencerCliCommand(entry = process.argv[1], node = process.execPath) {
  let cli = besideBundle("cli.js", entry);
  return cli ? [node, cli] : void 0;
}
function besideBundle(name, entry = process.argv[1]) {
  let dir = bundleDir(entry);
  if (!dir) return;
  let found = path.join(dir, name);
  return existsSync(found) ? found : void 0;
}
function bundleDir(entry = process.argv[1]) {
  if (!entry) return;
  let file;
  try {
    file = realpathSync(entry);
  } catch {
    return;
  }
  return /^(cli|index)\.js$/.test(path.basename(file)) ? path.dirname(file) : void 0;
}

export {
  sequencerCliCommand,
  besideBundle,
  bundleDir
};
