import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  credentialEnvironment,
  credentialIncludes,
  formatConfig,
  parseConfigList,
  trustedRepositoryConfig,
  withoutCredentials
} from "./chunk-2RH4ER7E.js";

// src/adapters/fs/atomic-write.ts
import { randomBytes } from "node:crypto";
import { closeSync, constants, copyFileSync, fchmodSync, fstatSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
async function writeFileAtomic(filePath, text, options = {}) {
  writeFileAtomicSync(filePath, text, options);
}
function writeFileAtomicSync(filePath, text, options = {}) {
  return writeAtomic(filePath, text, options);
}
async function writeFileAtomicStat(filePath, text, options = {}) {
  return writeAtomic(filePath, text, options);
}
function copyFileAtomic(source, target) {
  let tempPath = tempPathFor(target);
  try {
    copyFileSync(source, tempPath, constants.COPYFILE_EXCL), renameSync(tempPath, target);
  } catch (err) {
    throw removeQuietly(tempPath), err;
  }
}
function writeAtomic(filePath, text, options) {
  let tempPath = tempPathFor(filePath), mode = (options.exactMode ? void 0 : existingMode(filePath)) ?? options.mode ?? 420, bytes = typeof text == "string" ? Buffer.from(text) : text, written, fd = openSync(tempPath, "wx", mode);
  try {
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fchmodSync(fd, mode), fsyncSync(fd), written = fstatSync(fd, { bigint: !0 });
    } finally {
      closeSync(fd);
    }
    renameSync(tempPath, filePath);
  } catch (err) {
    throw removeQuietly(tempPath), err;
  }
  return written;
}
var tempPrefix = null, tempCount = 0;
function tempPathFor(filePath) {
  let name = path.basename(filePath);
  return tempPrefix ??= randomBytes(6).toString("hex"), path.join(path.dirname(filePath), `.${name}.${process.pid}.${tempPrefix}${(tempCount++).toString(16)}.tmp`);
}
function isTempFileFor(fileName, targetName) {
  let prefix = `.${targetName}.`;
  return !fileName.startsWith(prefix) || !fileName.endsWith(".tmp") ? !1 : /^\d+\.[0-9a-f]+$/.test(fileName.slice(prefix.length, -4));
}
function removeQuietly(tempPath) {
  try {
    unlinkSync(tempPath);
  } catch {
  }
}
function existingMode(filePath) {
  try {
    return statSync(filePath).mode & 4095;
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}

// src/adapters/git/git-guard.ts
import { lstatSync, readdirSync, readFileSync, rmSync, statSync as statSync2 } from "node:fs";
import path2 from "node:path";
async function guardRepository(git, opts = {}) {
  let mode = git.mode;
  if (git.guard) return;
  let workspace = git.cwd, credential = opts.credential ? credentialEnvironment(opts.credential.serverUrl, opts.credential.token) : {}, repo = findRepository(path2.resolve(workspace));
  if (!repo) {
    let nowhere = { GIT_DIR: path2.join(path2.resolve(workspace), ".git", "no-repository-at-start") };
    mode === "action" && git.useGuard({ prepare: async () => ({ ...nowhere, ...credential }) });
    return;
  }
  let configFile = path2.join(repo.commonDir, "config"), mainEntries = mode === "action" ? await removePersistedCredentials(git, repo, opts.runnerTemp) : null, kept = /* @__PURE__ */ new Map([
    [configFile, mainEntries ? formatConfig(trustedRepositoryConfig(mainEntries)) : readOrNull(configFile)],
    [path2.join(repo.gitDir, "config.worktree"), mode === "action" ? null : readOrNull(path2.join(repo.gitDir, "config.worktree"))],
    [path2.join(repo.gitDir, "commondir"), readOrNull(path2.join(repo.gitDir, "commondir"))]
  ]), guard = new KeptRepository(repo, kept, credential);
  git.useGuard(guard), await guard.prepare();
}
var KeptRepository = class {
  constructor(repo, kept, credential) {
    this.repo = repo;
    this.kept = kept;
    this.credential = credential;
    this.dirs = [.../* @__PURE__ */ new Set([repo.gitDir, repo.commonDir])].map((dir) => ({ dir, id: identity(dir) }));
  }
  repo;
  kept;
  credential;
  dirs;
  get gitDir() {
    return this.repo.gitDir;
  }
  get commonDir() {
    return this.repo.commonDir;
  }
  async prepare() {
    for (let { dir, id } of this.dirs)
      if (identity(dir) !== id) throw new Error(`Refusing to run git: the git directory ${dir} was replaced since the sequencer started.`);
    for (let [file, text] of this.kept) restore(file, text);
    return { GIT_DIR: this.repo.gitDir, GIT_COMMON_DIR: this.repo.commonDir, GIT_WORK_TREE: this.repo.workTree, ...this.credential };
  }
};
function findRepository(start) {
  for (let dir = start; ; dir = path2.dirname(dir)) {
    let dotGit = path2.join(dir, ".git"), gitDir = null;
    try {
      let st = lstatSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else if (st.isFile()) {
        let m = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"));
        m?.[1] && (gitDir = path2.resolve(dir, m[1].trim()));
      }
    } catch {
    }
    if (gitDir) {
      let common = readOrNull(path2.join(gitDir, "commondir"));
      return { workTree: dir, gitDir, commonDir: common === null ? gitDir : path2.resolve(gitDir, common.trim()) };
    }
    if (path2.dirname(dir) === dir) return null;
  }
}
async function readConfig(git, file) {
  let res = await git.run(["config", "--file", file, "--no-includes", "--null", "--list"], { allowFail: !0 });
  return res.code === 0 ? parseConfigList(res.stdout) : [];
}
async function removePersistedCredentials(git, repo, runnerTemp) {
  let root = runnerTemp ? path2.resolve(runnerTemp) : null, removeCredentialFiles = (file, entries) => {
    for (let include of credentialIncludes(entries)) {
      let target = path2.resolve(path2.dirname(file), include);
      root && target.startsWith(root + path2.sep) && rmSync(target, { force: !0 });
    }
  }, main = path2.join(repo.commonDir, "config"), mainEntries = await readConfig(git, main);
  removeCredentialFiles(main, mainEntries);
  for (let file of submoduleConfigs(path2.join(repo.commonDir, "modules"))) {
    let entries = await readConfig(git, file);
    removeCredentialFiles(file, entries);
    let clean = withoutCredentials(entries);
    clean.length !== entries.length && restore(file, formatConfig(clean));
  }
  return mainEntries;
}
function submoduleConfigs(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    let sub = path2.join(dir, name);
    return [...existsFile(path2.join(sub, "config")) ? [path2.join(sub, "config")] : [], ...submoduleConfigs(path2.join(sub, "modules"))];
  });
}
function existsFile(file) {
  try {
    return lstatSync(file).isFile();
  } catch {
    return !1;
  }
}
function identity(dir) {
  let st = statSync2(dir);
  return lstatSync(dir).isSymbolicLink() ? `link:${st.dev}:${st.ino}` : `${st.dev}:${st.ino}`;
}
function readOrNull(file) {
  try {
    return lstatSync(file).isFile() ? readFileSync(file, "utf8") : null;
  } catch {
    return null;
  }
}
function restore(file, text) {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    st = null;
  }
  if (text === null) {
    st && rmSync(file, { recursive: !0, force: !0 });
    return;
  }
  st?.isFile() && readFileSync(file, "utf8") === text || (st?.isDirectory() && rmSync(file, { recursive: !0, force: !0 }), writeFileAtomicSync(file, text, { mode: 420, exactMode: !0 }));
}

export {
  writeFileAtomic,
  writeFileAtomicStat,
  copyFileAtomic,
  isTempFileFor,
  guardRepository
};
