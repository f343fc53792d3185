import {
  identityArgs
} from "./chunk-BYHQDYH5.js";
import {
  GitCommandError,
  gitMessage
} from "./chunk-IU7JM5AZ.js";
import {
  checkUsageRecord
} from "./chunk-H3KJFUGS.js";
import {
  MAX_DB_EXPECT_CHARS
} from "./chunk-O2X2K62E.js";
import {
  lastAttempt,
  stepRun
} from "./chunk-IU6TIPQF.js";
import {
  showValue
} from "./chunk-UZTB5BNK.js";

// src/adapters/git/attempt-changes.ts
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
var RESULT_REF = "refs/sequencer/attempt-result", INCOMING_REF = "refs/sequencer/attempt-incoming", MAX_LINK_TARGET = 4096;
async function packAttemptChanges(o) {
  let dir = await mkdtemp(path.join(os.tmpdir(), "sequencer-pack-")), env = { GIT_INDEX_FILE: path.join(dir, "index") }, run = (args) => o.git.run(args, { env });
  try {
    await run(["read-tree", o.base]);
    let gitlinks = (await run(["ls-files", "-s", "-z", "--full-name", "--", ":/"])).stdout.split("\0").filter((line) => line.startsWith("160000 ")).map((line) => `:(top,exclude,literal)${line.slice(line.indexOf("	") + 1)}`);
    await run(["add", "-A", "--", ":/", ...o.exclude.map((p) => `:(top,exclude,literal)${p}`), ...gitlinks]);
    let tree = (await run(["write-tree"])).stdout.trim(), baseTree = (await run(["rev-parse", `${o.base}^{tree}`])).stdout.trim();
    if (tree === baseTree) return null;
    let tip = (await run([...identityArgs(), "commit-tree", tree, "-p", o.base, "-m", o.message])).stdout.trim();
    return await run(["update-ref", RESULT_REF, tip]), await run(["bundle", "create", "-q", o.out, RESULT_REF, `^${o.base}`]), { tip };
  } finally {
    await rm(dir, { recursive: !0, force: !0 });
  }
}
async function fetchAttemptChanges(git, bundleFile, expectedBase) {
  let header = await bundleHeader(bundleFile);
  if ("reason" in header) return { ok: !1, reason: header.reason };
  let { prerequisites, refs } = header;
  if (refs.length !== 1 || refs[0].ref !== RESULT_REF) return { ok: !1, reason: `the bundle must carry the one ref ${RESULT_REF}; it carries ${refs.map((r) => r.ref).join(", ") || "none"}` };
  if (prerequisites.length !== 1) return { ok: !1, reason: `the bundle must build on one commit (the checkpoint); it names ${prerequisites.length}` };
  let base = prerequisites[0];
  if (expectedBase && base !== expectedBase) return { ok: !1, reason: `the bundle builds on ${base}, not on the checkpoint commit ${expectedBase}` };
  if ((await git.run(["cat-file", "-e", `${base}^{commit}`], { allowFail: !0 })).code !== 0) return { ok: !1, reason: `the bundle builds on ${base}, which is not a commit of the work branch` };
  if (!expectedBase && (await git.run(["merge-base", "--is-ancestor", base, "HEAD"], { allowFail: !0 })).code !== 0)
    return { ok: !1, reason: `the bundle builds on ${base}, which is not on the work branch` };
  let fetched = await git.run(
    ["-c", "transfer.fsckObjects=true", "-c", "fetch.fsckObjects=true", "-c", "fetch.unpackLimit=1", "fetch", "-q", "--no-tags", "--no-write-fetch-head", bundleFile, `+${RESULT_REF}:${INCOMING_REF}`],
    { allowFail: !0 }
  );
  if (fetched.code !== 0) return { ok: !1, reason: `git refused the bundle: ${gitMessage(fetched)}` };
  let tip = refs[0].sha, parents = (await git.run(["rev-list", "--parents", "-n", "1", tip])).stdout.trim().split(" ");
  return parents.length !== 2 || parents[1] !== base ? { ok: !1, reason: `the bundle's commit must have the checkpoint ${base} as its only parent; it has ${parents.slice(1).join(", ") || "none"}` } : { ok: !0, base, tip };
}
async function bundleHeader(file) {
  let handle = await open(file, "r"), text2;
  try {
    let buffer = Buffer.alloc(65536), { bytesRead } = await handle.read(buffer, 0, buffer.length, 0), end = buffer.subarray(0, bytesRead).indexOf(`

`);
    if (end < 0) return { reason: "not a git bundle (no header end in its first 64 KiB)" };
    text2 = buffer.subarray(0, end).toString("utf8");
  } finally {
    await handle.close();
  }
  let [signature, ...lines] = text2.split(`
`);
  if (signature !== "# v2 git bundle" && signature !== "# v3 git bundle") return { reason: `not a git bundle (it starts ${JSON.stringify(signature?.slice(0, 40))})` };
  let prerequisites = [], refs = [];
  for (let line of lines) {
    if (line.startsWith("@")) {
      if (line !== "@object-format=sha1" && line !== "@object-format=sha256") return { reason: `the bundle asks for ${JSON.stringify(line.slice(0, 60))}` };
      continue;
    }
    let m = /^(-?)([0-9a-f]{40}|[0-9a-f]{64})(?: (.*))?$/.exec(line);
    if (!m) return { reason: `a bundle header line is not understood: ${JSON.stringify(line.slice(0, 80))}` };
    m[1] ? prerequisites.push(m[2]) : refs.push({ sha: m[2], ref: m[3] ?? "" });
  }
  return { prerequisites, refs };
}
async function listAttemptChanges(git, base, tip) {
  let fields = (await git.run(["diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", base, tip])).stdout.split("\0"), changes = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    let m = /^:(\d{6}) (\d{6}) [0-9a-f]+ ([0-9a-f]+) ([AMDT])$/.exec(fields[i]);
    if (!m) throw new GitCommandError(["diff-tree"], -1, `unexpected output: ${JSON.stringify(fields[i].slice(0, 80))}`);
    changes.push({ path: fields[i + 1], status: m[4], oldMode: m[1], mode: m[2], sha: m[3], size: 0 });
  }
  if (!changes.length) return [];
  let sizes = await blobSizes(
    git,
    tip,
    changes.filter((c) => c.mode !== "000000").map((c) => c.path)
  ), out = [];
  for (let { sha, ...change } of changes) {
    if (change.mode === "000000") {
      out.push(change);
      continue;
    }
    let size = sizes.get(change.path) ?? 0, linkTarget;
    change.mode === "120000" && (linkTarget = size <= MAX_LINK_TARGET ? (await git.run(["cat-file", "blob", sha])).stdout : `(a link target of ${size} bytes)`), out.push({ ...change, size, ...linkTarget !== void 0 ? { linkTarget } : {} });
  }
  return out;
}
var BATCH = 200;
async function blobSizes(git, tip, paths) {
  let sizes = /* @__PURE__ */ new Map();
  for (let i = 0; i < paths.length; i += BATCH) {
    let listing = await git.run(["--literal-pathspecs", "ls-tree", "-l", "-z", "--full-tree", tip, "--", ...paths.slice(i, i + BATCH)]);
    for (let entry of listing.stdout.split("\0")) {
      let m = /^\d{6} blob [0-9a-f]+ +(\d+)\t(.*)$/s.exec(entry);
      m && sizes.set(m[2], Number(m[1]));
    }
  }
  return sizes;
}
async function writeAttemptChanges(git, tip, accepted) {
  let written = accepted.filter((c) => c.mode !== "000000").map((c) => c.path), removed = accepted.filter((c) => c.mode === "000000").map((c) => c.path);
  for (let i = 0; i < removed.length; i += BATCH)
    await git.run(["--literal-pathspecs", "rm", "-q", "-f", "--ignore-unmatch", "--", ...removed.slice(i, i + BATCH)]);
  for (let i = 0; i < written.length; i += BATCH)
    await git.run(["--literal-pathspecs", "checkout", "-q", tip, "--", ...written.slice(i, i + BATCH)]);
}

// src/adapters/toolkit/result-artifact.ts
import { readdir, stat } from "node:fs/promises";
import path2 from "node:path";
var RESULT_RETENTION_DAYS = 7;
async function uploadResultArtifact(name, root, files) {
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL)
    throw new Error(`The result artifact "${name}" cannot be uploaded: the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).`);
  let { DefaultArtifactClient } = await import("./artifact-6GPU6OXD.js"), result = await new DefaultArtifactClient().uploadArtifact(name, files, root, { retentionDays: RESULT_RETENTION_DAYS });
  return { id: result.id, size: result.size };
}
async function downloadResultArtifact(o) {
  let { DefaultArtifactClient, ArtifactNotFoundError } = await import("./artifact-6GPU6OXD.js"), client = new DefaultArtifactClient(), findBy = o.runId === o.currentRunId ? void 0 : { token: o.token, workflowRunId: Number(o.runId), repositoryOwner: o.owner, repositoryName: o.repo }, artifact;
  try {
    ({ artifact } = await client.getArtifact(o.name, findBy ? { findBy } : {}));
  } catch (err) {
    if (err instanceof ArtifactNotFoundError || err instanceof Error && err.name === "ArtifactNotFoundError") return { kind: "missing" };
    throw err;
  }
  if (artifact.size > o.maxBytes) return { kind: "too-large", bytes: artifact.size };
  await client.downloadArtifact(artifact.id, { path: o.dir, skipDecompress: !0, ...findBy ? { findBy } : {} });
  let saved = await readdir(o.dir);
  if (saved.length !== 1) throw new Error(`The download of artifact "${o.name}" left ${saved.length} files, expected its one archive.`);
  let zip = path2.join(o.dir, saved[0]), { size } = await stat(zip);
  return size > o.maxBytes ? { kind: "too-large", bytes: size } : { kind: "found", zip, bytes: size };
}

// src/core/isolation/apply-decision.ts
function attemptStanding(state, d) {
  if (!state) return { kind: "stale", reason: `there is no state for plan ${d.planId}` };
  if (state.planId !== void 0 && state.planId !== d.planId) return { kind: "stale", reason: `the state is plan ${state.planId}'s, not ${d.planId}'s` };
  if (!state.plan.steps[d.stepId]) return { kind: "stale", reason: `the plan has no step ${d.stepId}` };
  let run = stepRun(state, d.stepId), attempt = run.attempts?.find((a) => a.n === d.n);
  if (!attempt) return { kind: "stale", reason: `step ${d.stepId} has no attempt ${d.n}` };
  let owner = attempt.owner;
  return owner?.kind !== "actions" || owner.runId !== d.runId || owner.runAttempt !== d.runAttempt ? { kind: "stale", reason: `attempt ${d.n} of ${d.stepId} belongs to ${ownerText(attempt)}, not to workflow run ${d.runId} attempt ${d.runAttempt}` } : attempt.endedAt || attempt.outcome ? { kind: "recorded", attempt } : run.status !== "IN_PROGRESS" || lastAttempt(run)?.n !== d.n ? { kind: "stale", reason: `step ${d.stepId} is ${run.status} with attempt ${lastAttempt(run)?.n ?? "none"} last, not attempt ${d.n} in flight` } : { kind: "in-flight", attempt };
}
function ownerText(attempt) {
  let o = attempt.owner;
  return o ? o.kind === "local" ? `pid ${o.pid} on ${o.host}` : `workflow run ${o.runId} attempt ${o.runAttempt}` : "no recorded owner";
}
function applyAction(standing, d, agentJob, found) {
  return standing.kind === "stale" ? { kind: "stale", reason: standing.reason } : standing.kind === "recorded" ? { kind: "already-recorded", detail: `attempt ${d.n} of ${d.stepId} is recorded already (${standing.attempt.outcome ?? "ended"})` } : found.kind === "found" ? { kind: "record" } : found.kind === "refused" ? { kind: "fail", reason: `the agent job's result was refused: ${found.reason}` } : { kind: "fail", reason: missingReason(d, agentJob) };
}
function missingReason(d, agentJob) {
  if (d.apply) return `the result of workflow run ${d.apply.runId} is gone (expired or deleted) and it was never recorded`;
  switch (agentJob) {
    case "success":
      return "the agent job ended successfully but left no result";
    case "failure":
      return "the agent job failed without a result";
    case "cancelled":
      return "the agent job ended cancelled without a result";
    case "skipped":
      return "the agent job was skipped, so the attempt has no result";
    default:
      return "the agent job left no result";
  }
}

// src/core/isolation/attempt-result.ts
var RESULT_VERSION = 1, RESULT_LIMITS = {
  /** result.json itself. */
  jsonBytes: 16 * 1024 * 1024,
  /** The agent's stdout and stderr as kept (head and tail, a few thousand characters each). */
  agentText: 16 * 1024,
  /** Why the agent could not start: one message, which becomes the attempt's error. */
  spawnError: 4 * 1024,
  /** A check's stdout and stderr as kept (64 K from each end). */
  checkText: 256 * 1024,
  checks: 100,
  argvItems: 256,
  argvText: 8 * 1024,
  queries: 100,
  /** A db_query rule's path (a workspace-relative file). */
  queryPath: 4 * 1024,
  queryText: 1e4,
  /** A text value read back: the longest a rule compares (a longer one is cut, with its length). */
  queryValue: MAX_DB_EXPECT_CHARS,
  /** Seven days in milliseconds: longer than any attempt may run. */
  durationMs: 10080 * 6e4
};
function parseAttemptResult(text2, expectedAttemptId) {
  if (text2.length > RESULT_LIMITS.jsonBytes) return { ok: !1, error: `result.json is ${text2.length} characters, more than the ${RESULT_LIMITS.jsonBytes} apply reads` };
  let doc;
  try {
    doc = JSON.parse(text2);
  } catch (err) {
    return { ok: !1, error: `result.json is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  try {
    return { ok: !0, record: readRecord(doc, expectedAttemptId) };
  } catch (err) {
    if (err instanceof ResultShapeError) return { ok: !1, error: err.message };
    throw err;
  }
}
var ResultShapeError = class extends Error {
};
function bad(field, value, expected) {
  return new ResultShapeError(`result.json: ${field} is ${showValue(value)}; expected ${expected}`);
}
function object(value, field, keys, required) {
  if (typeof value != "object" || value === null || Array.isArray(value)) throw bad(field, value, "an object");
  let o = value, extra = Object.keys(o).find((k) => !keys.includes(k));
  if (extra !== void 0) throw bad(`${field}.${extra}`, o[extra], `no such field (the fields are ${keys.join(", ")})`);
  let missing = required.find((k) => !(k in o));
  if (missing !== void 0) throw bad(`${field}.${missing}`, void 0, "a value");
  return o;
}
function text(value, field, max) {
  if (typeof value != "string") throw bad(field, value, "a string");
  if (value.length > max) throw bad(field, `${value.slice(0, 40)}\u2026`, `at most ${max} characters (it has ${value.length})`);
  return value;
}
function wholeNumber(value, field, min, max) {
  if (typeof value != "number" || !Number.isInteger(value) || value < min || value > max) throw bad(field, value, `a whole number from ${min} to ${max}`);
  return value;
}
function exitCode(value, field) {
  return value === null ? null : wholeNumber(value, field, -255, 255);
}
function flag(value, field) {
  if (typeof value != "boolean") throw bad(field, value, "true or false");
  return value;
}
var AGENT_KEYS = ["exitCode", "signal", "timedOut", "cancelled", "stdout", "stderr", "outputBytes", "durationMs", "spawnError", "stoppedBy"];
function readAgent(value) {
  let o = object(value, "agent", AGENT_KEYS, ["exitCode", "signal", "timedOut", "cancelled", "stdout", "stderr", "outputBytes", "durationMs"]), max = RESULT_LIMITS.agentText, signal = o.signal === null ? null : text(o.signal, "agent.signal", 32);
  if (signal !== null && !/^SIG[A-Z0-9]+$/.test(signal)) throw bad("agent.signal", signal, "a signal name such as SIGKILL, or null");
  let stoppedBy = o.stoppedBy;
  if (stoppedBy !== void 0 && stoppedBy !== "agent" && stoppedBy !== "signal") throw bad("agent.stoppedBy", stoppedBy, '"agent" or "signal"');
  return {
    exitCode: exitCode(o.exitCode, "agent.exitCode"),
    signal,
    timedOut: flag(o.timedOut, "agent.timedOut"),
    cancelled: flag(o.cancelled, "agent.cancelled"),
    stdout: text(o.stdout, "agent.stdout", max),
    stderr: text(o.stderr, "agent.stderr", max),
    outputBytes: wholeNumber(o.outputBytes, "agent.outputBytes", 0, Number.MAX_SAFE_INTEGER),
    durationMs: wholeNumber(o.durationMs, "agent.durationMs", 0, RESULT_LIMITS.durationMs),
    ...o.spawnError !== void 0 ? { spawnError: text(o.spawnError, "agent.spawnError", RESULT_LIMITS.spawnError) } : {},
    ...stoppedBy !== void 0 ? { stoppedBy } : {}
  };
}
function readCheck(value, i) {
  let field = `checks[${i}]`, o = object(value, field, ["argv", "result"], ["argv", "result"]);
  if (!Array.isArray(o.argv) || o.argv.length < 1 || o.argv.length > RESULT_LIMITS.argvItems) throw bad(`${field}.argv`, o.argv, `a list of 1 to ${RESULT_LIMITS.argvItems} strings`);
  let argv = o.argv.map((a, j) => text(a, `${field}.argv[${j}]`, RESULT_LIMITS.argvText)), r = object(o.result, `${field}.result`, ["exitCode", "stdout", "stderr", "timedOut", "spawnError"], ["exitCode", "stdout", "stderr", "timedOut"]), max = RESULT_LIMITS.checkText;
  return {
    argv,
    result: {
      exitCode: exitCode(r.exitCode, `${field}.result.exitCode`),
      stdout: text(r.stdout, `${field}.result.stdout`, max),
      stderr: text(r.stderr, `${field}.result.stderr`, max),
      timedOut: flag(r.timedOut, `${field}.result.timedOut`),
      ...r.spawnError !== void 0 ? { spawnError: text(r.spawnError, `${field}.result.spawnError`, max) } : {}
    }
  };
}
function readQuery(value, i) {
  let field = `queries[${i}]`, o = object(value, field, ["path", "query", "fact"], ["path", "query", "fact"]), path3 = text(o.path, `${field}.path`, RESULT_LIMITS.queryPath), query = text(o.query, `${field}.query`, RESULT_LIMITS.queryText);
  if (path3 === "") throw bad(`${field}.path`, path3, "the path of the database file a db_query rule names");
  if (query === "") throw bad(`${field}.query`, query, "the query of a db_query rule");
  return { path: path3, query, fact: readFact(o.fact, `${field}.fact`) };
}
function readFact(value, field) {
  let kind = object(value, field, ["kind", "value", "fullLength", "blobBytes", "problem"], ["kind"]).kind;
  switch (kind) {
    case "row":
      return readRow(value, field);
    case "no-row":
    case "missing":
      return object(value, field, ["kind"], ["kind"]), { kind };
    case "error":
      return object(value, field, ["kind", "problem"], ["kind", "problem"]), { kind, problem: text(value.problem, `${field}.problem`, RESULT_LIMITS.spawnError) };
    default:
      throw bad(`${field}.kind`, kind, '"row", "no-row", "missing" or "error"');
  }
}
function readRow(value, field) {
  let o = object(value, field, ["kind", "value", "fullLength", "blobBytes"], ["kind", "value"]), v = o.value;
  if (!(v === null || typeof v == "number" && Number.isFinite(v) || typeof v == "string")) throw bad(`${field}.value`, typeof v == "number" ? String(v) : v, "the first column of the first row: a string, a finite number or null");
  let row = typeof v == "string" ? text(v, `${field}.value`, RESULT_LIMITS.queryValue) : v;
  if (o.fullLength !== void 0) {
    if (typeof row != "string") throw bad(`${field}.fullLength`, o.fullLength, "no value: only a text value that was cut has a full length");
    return { kind: "row", value: row, fullLength: wholeNumber(o.fullLength, `${field}.fullLength`, row.length + 1, Number.MAX_SAFE_INTEGER) };
  }
  if (o.blobBytes !== void 0) {
    if (row !== null) throw bad(`${field}.blobBytes`, o.blobBytes, "no value: a blob has a null value");
    return { kind: "row", value: null, blobBytes: wholeNumber(o.blobBytes, `${field}.blobBytes`, 0, Number.MAX_SAFE_INTEGER) };
  }
  return { kind: "row", value: row };
}
function readRecord(doc, expectedAttemptId) {
  let o = object(doc, "the document", ["v", "attemptId", "agent", "checks", "queries", "changes", "usage", "wallMs", "overBudget"], ["v", "attemptId", "agent", "checks", "changes"]);
  if (o.v !== RESULT_VERSION) throw bad("v", o.v, `${RESULT_VERSION}`);
  if (o.attemptId !== expectedAttemptId) throw bad("attemptId", o.attemptId, `"${expectedAttemptId}", the attempt this job records`);
  if (!Array.isArray(o.checks) || o.checks.length > RESULT_LIMITS.checks)
    throw bad("checks", Array.isArray(o.checks) ? `${o.checks.length} entries` : o.checks, `a list of at most ${RESULT_LIMITS.checks} check records`);
  if (o.queries !== void 0 && (!Array.isArray(o.queries) || o.queries.length > RESULT_LIMITS.queries))
    throw bad("queries", Array.isArray(o.queries) ? `${o.queries.length} entries` : o.queries, `a list of at most ${RESULT_LIMITS.queries} query records`);
  return {
    v: RESULT_VERSION,
    attemptId: expectedAttemptId,
    agent: readAgent(o.agent),
    checks: o.checks.map(readCheck),
    ...o.queries !== void 0 ? { queries: o.queries.map(readQuery) } : {},
    changes: flag(o.changes, "changes"),
    ...o.usage !== void 0 ? { usage: readUsage(o.usage) } : {},
    ...o.wallMs !== void 0 ? { wallMs: wholeNumber(o.wallMs, "wallMs", 0, RESULT_LIMITS.durationMs) } : {},
    ...o.overBudget !== void 0 ? { overBudget: text(o.overBudget, "overBudget", RESULT_LIMITS.spawnError) } : {}
  };
}
function readUsage(value) {
  let issues = [];
  checkUsageRecord(issues, "usage", value);
  let first = issues[0];
  if (first) throw new ResultShapeError(`result.json: ${first.path} ${first.message}`);
  let u = value;
  return Object.fromEntries(["model", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "costUsd", "turns", "apiMs", "sessionId", "isError", "source", "complete"].filter((k) => u[k] !== void 0).map((k) => [k, u[k]]));
}
function formatAttemptResult(record) {
  return `${JSON.stringify(record)}
`;
}

export {
  packAttemptChanges,
  fetchAttemptChanges,
  listAttemptChanges,
  writeAttemptChanges,
  uploadResultArtifact,
  downloadResultArtifact,
  attemptStanding,
  applyAction,
  RESULT_LIMITS,
  parseAttemptResult,
  formatAttemptResult
};
