import {
  besideBundle
} from "./chunk-3M3F447X.js";

// src/version.ts
var VERSION = "1.0.0";

// src/core/render/version-line.ts
var SHA = /^[0-9a-f]{40}$/, REPOSITORY = /^[\w.-]+\/[\w.-]+$/, REF = /^[\w.][\w./-]*$/;
function parseReleaseStamp(value) {
  if (typeof value != "object" || value === null) return null;
  let { version, commit, tag } = value;
  return typeof version != "string" || typeof commit != "string" || typeof tag != "string" ? null : SHA.test(commit) && REF.test(tag) && REF.test(version) ? { version, commit, tag } : null;
}
function origin(f) {
  if (f.stamp && f.stamp.version === f.version) return `commit ${f.stamp.commit}, tag ${f.stamp.tag}`;
  let a = f.action;
  return a && REPOSITORY.test(a.repository) && SHA.test(a.ref) ? `commit ${a.ref} of ${a.repository}` : a && REPOSITORY.test(a.repository) && REF.test(a.ref) ? `${a.repository}@${a.ref}; the runner's "Download action repository" line names its commit` : a && !a.repository && SHA.test(a.workflowSha) ? `a copy in the workflow's repository, commit ${a.workflowSha} if that is what was checked out` : "not a release: built from a checkout, no commit recorded";
}
function versionLine(f) {
  return `agent-step-sequencer ${f.version} (${origin(f)}; ${f.buildId})`;
}
function actionSource(env) {
  return { repository: env.GITHUB_ACTION_REPOSITORY ?? "", ref: env.GITHUB_ACTION_REF ?? "", workflowSha: env.GITHUB_SHA ?? "" };
}

// src/adapters/fs/release-stamp.ts
import { readFileSync } from "node:fs";
var RELEASE_STAMP_FILE = "release.json";
function readReleaseStamp(entry = process.argv[1]) {
  let file = besideBundle(RELEASE_STAMP_FILE, entry);
  if (!file) return null;
  try {
    return parseReleaseStamp(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return null;
  }
}

// src/core/tick/sync-base-modes.ts
var SYNC_BASE_MODES = ["merge", "off"];

export {
  SYNC_BASE_MODES,
  VERSION,
  versionLine,
  actionSource,
  readReleaseStamp
};
