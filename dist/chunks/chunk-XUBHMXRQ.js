import {
  scrubWith
} from "./chunk-FOVAUIMP.js";
import {
  ConfigError,
  describeError
} from "./chunk-UZTB5BNK.js";

// src/core/render/artifact-names.ts
import { createHash } from "node:crypto";
var FORBIDDEN_NAME_CHARS = /[":<>|*?\r\n\\/]/g, MAX_ARTIFACT_NAME = 100;
function sanitizeArtifactName(name) {
  let cleaned = name.replace(FORBIDDEN_NAME_CHARS, "-").replace(/[\u0000-\u001f\u007f]/g, "").trim(), capped = Array.from(cleaned).slice(0, MAX_ARTIFACT_NAME).join("").trim();
  return capped === "" ? "sequencer-logs" : capped;
}
function resultArtifactName(attemptId) {
  let plain = sanitizeArtifactName(`sequencer-result-${attemptId.replace(/\//g, "-")}`);
  if (plain.length < MAX_ARTIFACT_NAME) return plain;
  let digest = createHash("sha256").update(attemptId).digest("hex").slice(0, 16);
  return `${plain.slice(0, MAX_ARTIFACT_NAME - 17).trimEnd()}-${digest}`;
}

// src/adapters/toolkit/artifacts.ts
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
async function uploadAttemptLogs(o) {
  let name = sanitizeArtifactName(o.name);
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL)
    return o.log(`Attempt logs not uploaded as artifact "${name}": the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).`), null;
  let staging = null;
  try {
    if (staging = await stageScrubbedLogs(o.dir, o.secrets, void 0, o.skip), !staging) return null;
    let { DefaultArtifactClient } = await import("./artifact-6GPU6OXD.js"), result = await new DefaultArtifactClient().uploadArtifact(name, staging.files, staging.root, o.retentionDays ? { retentionDays: o.retentionDays } : {});
    return { name, id: result.id, size: result.size, files: staging.files.length };
  } catch (err) {
    return o.log(`Attempt logs not uploaded as artifact "${name}": ${describeError(err)}`), null;
  } finally {
    staging && await rm(staging.root, { recursive: !0, force: !0 }).catch(() => {
    });
  }
}
async function stageScrubbedLogs(dir, secrets, into, skip = () => !1) {
  let files = (await regularFiles(dir)).filter((rel) => !skip(rel));
  if (files.length === 0) return null;
  let root = into ?? await mkdtemp(path.join(os.tmpdir(), "sequencer-logs-"));
  try {
    let copies = [];
    for (let rel of files) {
      let target = path.join(root, rel);
      await mkdir(path.dirname(target), { recursive: !0 }), await writeFile(target, scrubBytes(await readFile(path.join(dir, rel)), secrets)), copies.push(target);
    }
    return { root, files: copies };
  } catch (err) {
    throw into || await rm(root, { recursive: !0, force: !0 }).catch(() => {
    }), err;
  }
}
function scrubBytes(data, secrets) {
  if (!secrets.needles.length) return data;
  let needles = secrets.needles.map((s) => Buffer.from(s, "utf8").toString("latin1"));
  return Buffer.from(scrubWith(data.toString("latin1"), needles), "latin1");
}
async function regularFiles(dir) {
  return (await readdir(dir, { withFileTypes: !0, recursive: !0 }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

// src/adapters/git/checkpoint.ts
async function headCommit(git) {
  return (await git.run(["rev-parse", "--verify", "HEAD^{commit}"])).stdout.trim();
}
async function checkoutCheckpoint(git, remote, branch, commit) {
  let tracking = `refs/remotes/${remote}/${branch}`, fetched = await git.run(["fetch", "-q", "--no-tags", remote, `+refs/heads/${branch}:${tracking}`], { allowFail: !0 });
  if (fetched.code !== 0) throw new ConfigError(`Cannot fetch the work branch ${branch} from ${remote}: ${fetched.stderr.trim()}`);
  if ((await git.run(["merge-base", "--is-ancestor", commit, tracking], { allowFail: !0 })).code !== 0) throw new ConfigError(`The checkpoint commit ${commit} is not on the work branch ${branch}: the attempt cannot run.`);
  await git.run(["checkout", "-q", "--force", "--detach", commit]);
}
async function fileAt(git, commit, rel) {
  let res = await git.run(["show", `${commit}:./${rel}`], { allowFail: !0 });
  return res.code === 0 ? res.stdout : null;
}

// src/wiring/attempt-records.ts
var HandOffAgentRunner = class {
  async resolve(command) {
    return command;
  }
  async run(_spec) {
    throw new Error("The agent does not run in a prepare job: the attempt is handed on to the agent job.");
  }
  async reap(_logFile) {
  }
}, RecordingAgentRunner = class {
  constructor(inner) {
    this.inner = inner;
  }
  inner;
  last;
  resolve(command) {
    return this.inner.resolve(command);
  }
  async run(spec) {
    return this.last = await this.inner.run(spec), this.last;
  }
  reap(logFile) {
    return this.inner.reap(logFile);
  }
}, RecordingVerifier = class {
  constructor(inner) {
    this.inner = inner;
    inner.checkText && (this.checkText = (check, signal) => inner.checkText(check, signal)), inner.contentRuleProblem && (this.contentRuleProblem = () => inner.contentRuleProblem()), inner.queryDatabase && (this.queryDatabase = async (rel, query, timeoutMs, signal) => {
      let fact = await inner.queryDatabase(rel, query, timeoutMs, signal);
      return this.queries.push({ path: rel, query, fact }), fact;
    }), inner.databaseProblem && (this.databaseProblem = () => inner.databaseProblem());
  }
  inner;
  checks = [];
  queries = [];
  checkText;
  contentRuleProblem;
  queryDatabase;
  databaseProblem;
  readWorkspaceFile(rel) {
    return this.inner.readWorkspaceFile(rel);
  }
  async runCheck(argv, opts) {
    let result = await this.inner.runCheck(argv, opts);
    return this.checks.push({ argv, result }), result;
  }
}, ReplayedChecks = class {
  constructor(inner, recorded, queries = []) {
    this.inner = inner;
    this.pending = [...recorded], this.pendingQueries = [...queries], inner.checkText && (this.checkText = (check, signal) => inner.checkText(check, signal)), inner.contentRuleProblem && (this.contentRuleProblem = () => inner.contentRuleProblem());
  }
  inner;
  pending;
  pendingQueries;
  checkText;
  contentRuleProblem;
  readWorkspaceFile(rel) {
    return this.inner.readWorkspaceFile(rel);
  }
  async runCheck(argv, _opts) {
    let at = this.pending.findIndex((c) => c.argv.length === argv.length && c.argv.every((a, i) => a === argv[i]));
    return at < 0 ? { exitCode: null, stdout: "", stderr: "", timedOut: !1, spawnError: "the agent job recorded no run of this check" } : this.pending.splice(at, 1)[0].result;
  }
  /**
   * Never opens the database file, though apply committed it and could: this job holds the write
   * token, and a SQLite file the agent wrote is untrusted input to SQLite's own parser. So there
   * is no `databaseProblem` here either: whether SQLite is available was the agent job's question.
   */
  async queryDatabase(rel, query) {
    let at = this.pendingQueries.findIndex((q) => q.path === rel && q.query === query);
    return at < 0 ? { kind: "error", problem: "the agent job recorded no run of this query" } : this.pendingQueries.splice(at, 1)[0].fact;
  }
};

export {
  sanitizeArtifactName,
  resultArtifactName,
  uploadAttemptLogs,
  stageScrubbedLogs,
  headCommit,
  checkoutCheckpoint,
  fileAt,
  HandOffAgentRunner,
  RecordingAgentRunner,
  RecordingVerifier,
  ReplayedChecks
};
