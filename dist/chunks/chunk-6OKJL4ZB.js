import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  scrubWith
} from "./chunk-BURUKDR2.js";
import {
  ConfigError,
  describeError
} from "./chunk-XDUK4LLW.js";

// src/core/render/artifact-names.ts
import { createHash } from "node:crypto";
var FORBIDDEN_NAME_CHARS = /[":<>|*?\r\n\\/]/g;
var MAX_ARTIFACT_NAME = 100;
function sanitizeArtifactName(name) {
  const cleaned = name.replace(FORBIDDEN_NAME_CHARS, "-").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const capped = Array.from(cleaned).slice(0, MAX_ARTIFACT_NAME).join("").trim();
  return capped === "" ? "sequencer-logs" : capped;
}
function resultArtifactName(attemptId) {
  const plain = sanitizeArtifactName(`sequencer-result-${attemptId.replace(/\//g, "-")}`);
  if (plain.length < MAX_ARTIFACT_NAME) return plain;
  const digest = createHash("sha256").update(attemptId).digest("hex").slice(0, 16);
  return `${plain.slice(0, MAX_ARTIFACT_NAME - 17).trimEnd()}-${digest}`;
}

// src/adapters/toolkit/artifacts.ts
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
async function uploadAttemptLogs(o) {
  const name = sanitizeArtifactName(o.name);
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    o.log(`Attempt logs not uploaded as artifact "${name}": the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).`);
    return null;
  }
  let staging = null;
  try {
    staging = await stageScrubbedLogs(o.dir, o.secrets);
    if (!staging) return null;
    const { DefaultArtifactClient } = await import("./artifact-W5PSXB3F.js");
    const result = await new DefaultArtifactClient().uploadArtifact(name, staging.files, staging.root, o.retentionDays ? { retentionDays: o.retentionDays } : {});
    return { name, id: result.id, size: result.size, files: staging.files.length };
  } catch (err) {
    o.log(`Attempt logs not uploaded as artifact "${name}": ${describeError(err)}`);
    return null;
  } finally {
    if (staging) await rm(staging.root, { recursive: true, force: true }).catch(() => {
    });
  }
}
async function stageScrubbedLogs(dir, secrets, into) {
  const files = await regularFiles(dir);
  if (files.length === 0) return null;
  const root = into ?? await mkdtemp(path.join(os.tmpdir(), "sequencer-logs-"));
  try {
    const copies = [];
    for (const rel of files) {
      const target = path.join(root, rel);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, scrubBytes(await readFile(path.join(dir, rel)), secrets));
      copies.push(target);
    }
    return { root, files: copies };
  } catch (err) {
    if (!into) await rm(root, { recursive: true, force: true }).catch(() => {
    });
    throw err;
  }
}
function scrubBytes(data, secrets) {
  if (!secrets.needles.length) return data;
  const needles = secrets.needles.map((s) => Buffer.from(s, "utf8").toString("latin1"));
  return Buffer.from(scrubWith(data.toString("latin1"), needles), "latin1");
}
async function regularFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

// src/adapters/git/checkpoint.ts
async function headCommit(git) {
  return (await git.run(["rev-parse", "--verify", "HEAD^{commit}"])).stdout.trim();
}
async function checkoutCheckpoint(git, remote, branch, commit) {
  const tracking = `refs/remotes/${remote}/${branch}`;
  const fetched = await git.run(["fetch", "-q", "--no-tags", remote, `+refs/heads/${branch}:${tracking}`], { allowFail: true });
  if (fetched.code !== 0) throw new ConfigError(`Cannot fetch the work branch ${branch} from ${remote}: ${fetched.stderr.trim()}`);
  const onBranch = await git.run(["merge-base", "--is-ancestor", commit, tracking], { allowFail: true });
  if (onBranch.code !== 0) throw new ConfigError(`The checkpoint commit ${commit} is not on the work branch ${branch}: the attempt cannot run.`);
  await git.run(["checkout", "-q", "--force", "--detach", commit]);
}
async function fileAt(git, commit, rel) {
  const res = await git.run(["show", `${commit}:./${rel}`], { allowFail: true });
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
};
var RecordingAgentRunner = class {
  constructor(inner) {
    this.inner = inner;
  }
  inner;
  last;
  resolve(command) {
    return this.inner.resolve(command);
  }
  async run(spec) {
    this.last = await this.inner.run(spec);
    return this.last;
  }
  reap(logFile) {
    return this.inner.reap(logFile);
  }
};
var RecordingVerifier = class {
  constructor(inner) {
    this.inner = inner;
    if (inner.checkText) this.checkText = (check) => inner.checkText(check);
  }
  inner;
  checks = [];
  checkText;
  readWorkspaceFile(rel) {
    return this.inner.readWorkspaceFile(rel);
  }
  async runCheck(argv, opts) {
    const result = await this.inner.runCheck(argv, opts);
    this.checks.push({ argv, result });
    return result;
  }
};
var ReplayedChecks = class {
  constructor(inner, recorded) {
    this.inner = inner;
    this.pending = [...recorded];
    if (inner.checkText) this.checkText = (check) => inner.checkText(check);
  }
  inner;
  pending;
  checkText;
  readWorkspaceFile(rel) {
    return this.inner.readWorkspaceFile(rel);
  }
  async runCheck(argv, _opts) {
    const at = this.pending.findIndex((c) => c.argv.length === argv.length && c.argv.every((a, i) => a === argv[i]));
    if (at < 0) return { exitCode: null, stdout: "", stderr: "", timedOut: false, spawnError: "the agent job recorded no run of this check" };
    return this.pending.splice(at, 1)[0].result;
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
