import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  claudeSettingsText,
  toolSubject
} from "./chunk-6EU3EP4D.js";
import {
  MAX_RAISE,
  hashPrefix,
  namesPlanHash
} from "./chunk-5X5WQJM4.js";
import {
  CHANGED_FILES_PER_ATTEMPT,
  advance,
  block,
  budgetAmount,
  budgetName,
  cancel,
  emptyUsage,
  finishAttempt,
  groupDigits,
  planSpent,
  renderEvent,
  startAttempt,
  stepProgress,
  stepSpent,
  tokenAllowance,
  totalTokens,
  usageText
} from "./chunk-HBPE4V7O.js";
import {
  boundedCommandLog,
  commandLogRecord,
  policyFileText,
  summarizeCommandLog
} from "./chunk-Q3RHMHRP.js";
import {
  lineEcho
} from "./chunk-LXZ66HMH.js";
import {
  stepDigests,
  streamCommand
} from "./chunk-ETDKUUCO.js";
import {
  refusalAnswers
} from "./chunk-C5V4ED6R.js";
import {
  attemptTimeoutMs,
  blockedStepId,
  fitsTimeBudget,
  retryAt
} from "./chunk-CX6YGWYV.js";
import {
  activeStepId,
  remediationTargets,
  withExecForwarder
} from "./chunk-FV7F3W4G.js";
import {
  HeadTailBuffer,
  USAGE_FILE_MAX_BYTES,
  boundedUsage,
  parseUsageFile
} from "./chunk-MVW3MIZ5.js";
import {
  PREFLIGHT_COMMAND_SECONDS,
  expandAgentVariables,
  noAgentCommandText,
  parseAgentCommand,
  preflightOf
} from "./chunk-IVICMJAE.js";
import {
  commandLine,
  effectivePolicy,
  toolBudgetProblem
} from "./chunk-KPYQ6AV6.js";
import {
  BUDGET_STOP_MESSAGE,
  OVERFLOW_STOP_MESSAGE,
  STOP_MESSAGE,
  TIMEOUT_STOP_MESSAGE,
  stoppedText
} from "./chunk-ZIC6WJ5X.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  attemptId,
  currentStepId,
  maxAttemptsFor,
  stepDef,
  stepRun
} from "./chunk-K6PSMX6F.js";
import {
  DEFAULT_PAYLOAD_MAX_BYTES,
  evaluateRules,
  inheritedPayloads,
  interpretPayload,
  validationFailure
} from "./chunk-4Z7O3SX3.js";
import {
  ConfigError,
  describeError
} from "./chunk-XDUK4LLW.js";

// src/engine/step-contract.ts
import path from "node:path";

// src/core/tick/declared-result.ts
var DECLARED_STATUSES = ["completed", "cancelled", "overflow", "failed"];
var RESULT_MAX_BYTES = 16 * 1024;
var REASON_MAX_CHARS = 500;
var WHERE = "$SEQUENCER_RESULT_FILE";
function interpretResult(read) {
  if (read.kind === "missing") return { ok: true };
  if (read.kind === "too-large") return { ok: false, error: `the result in ${WHERE} is ${read.bytes} bytes, more than ${RESULT_MAX_BYTES}; expected {"status": \u2026, "reason": \u2026}` };
  if (read.kind === "unreadable") return { ok: false, error: `could not read the result in ${WHERE}: ${read.reason}` };
  let value;
  try {
    value = JSON.parse(read.text.replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, error: `the result in ${WHERE} is not valid JSON; expected {"status": "${DECLARED_STATUSES.join('" | "')}", "reason": "\u2026"}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, error: `the result in ${WHERE} must be a JSON object with "status", got ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}` };
  const { status, reason } = value;
  if (typeof status !== "string" || !DECLARED_STATUSES.includes(status)) {
    return { ok: false, error: `the result in ${WHERE} has status ${shortJson(status)}; expected one of ${DECLARED_STATUSES.join(", ")}` };
  }
  if (reason !== void 0 && reason !== null && typeof reason !== "string") return { ok: false, error: `the result in ${WHERE} has a reason that is not a string (${shortJson(reason)})` };
  const text = typeof reason === "string" ? oneLine(reason) : "";
  return { ok: true, declared: { status, ...text ? { reason: text } : {} } };
}
function declaredText(d) {
  return `the agent declared the attempt ${d.status}${d.reason ? `: ${d.reason}` : " (no reason given)"}`;
}
function oneLine(text) {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ").trim();
  return flat.length > REASON_MAX_CHARS ? `${flat.slice(0, REASON_MAX_CHARS - 1)}\u2026` : flat;
}
function shortJson(value) {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// src/core/tick/people.ts
function peopleOf(state, localUser) {
  const requester = nonEmpty(state.requestedBy) ?? localUser;
  const approver = nonEmpty(state.approval?.by) ?? localUser;
  return { ...requester ? { requester } : {}, ...approver ? { approver } : {} };
}
function peopleEnv(p) {
  return { ...p.requester ? { SEQUENCER_REQUESTER: p.requester } : {}, ...p.approver ? { SEQUENCER_APPROVER: p.approver } : {} };
}
function fillPeople(text, p) {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*(requester|approver)\s*\}\}/g, (whole, who) => p[who] ?? whole);
}
function nonEmpty(value) {
  return typeof value === "string" && value.trim() !== "" ? value : void 0;
}

// src/engine/step-contract.ts
function attemptPaths(logDir, stepId, n) {
  const base = `${logDir}/${stepId}/attempt-${n}`;
  return {
    logFile: `${base}.log`,
    payloadFile: `${base}.payload.json`,
    resultFile: `${base}.result.json`,
    inputFile: `${base}.input.json`,
    stopFile: `${base}.stop`,
    policyFile: `${base}.policy.json`,
    commandLog: `${base}.commands.jsonl`,
    claudeSettings: `${base}.claude-settings.json`,
    usageFile: `${base}.usage.json`,
    checkLog: (index) => `${base}.check-${index + 1}.log`
  };
}
function shownPath(logDir, file) {
  return path.relative(path.dirname(logDir), file);
}
async function prepareAttempt(files, state, def, paths, guard) {
  await files.remove(paths.payloadFile);
  await files.remove(paths.resultFile);
  await files.remove(paths.stopFile);
  await files.remove(paths.commandLog);
  await files.remove(paths.usageFile);
  if (guard) {
    await files.write(paths.policyFile, guard.policyText);
    if (guard.claudeSettingsText !== void 0) await files.write(paths.claudeSettings, guard.claudeSettingsText);
  }
  if (def.inheritPayload === true) await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}
`);
}
function forwarder(cliCommand) {
  return cliCommand ? commandLine([...cliCommand, "exec"]) : "agent-step-sequencer exec";
}
function attemptEnv(state, { stepId, n }, paths, site) {
  const def = stepDef(state, stepId);
  return {
    ...site.agentEnv,
    ...def.env,
    SEQUENCER_POLICY_FILE: paths.policyFile,
    SEQUENCER_COMMAND_LOG: paths.commandLog,
    ...site.cliCommand ? { SEQUENCER_CLAUDE_SETTINGS: paths.claudeSettings, SEQUENCER_EXEC: forwarder(site.cliCommand) } : {},
    SEQUENCER_PLAN_ID: state.planId ?? "plan",
    SEQUENCER_STEP_ID: stepId,
    SEQUENCER_ATTEMPT: String(n),
    SEQUENCER_ATTEMPT_ID: attemptId(state, stepId, n),
    SEQUENCER_WORKSPACE: site.workspaceRoot,
    SEQUENCER_PAYLOAD_FILE: paths.payloadFile,
    SEQUENCER_RESULT_FILE: paths.resultFile,
    SEQUENCER_STOP_FILE: paths.stopFile,
    SEQUENCER_USAGE_FILE: paths.usageFile,
    SEQUENCER_STEP_INDEX: String(state.currentStep + 1),
    SEQUENCER_STEP_TOTAL: String(state.stepQueue.length),
    SEQUENCER_REQUIRED_OUTPUTS: JSON.stringify(def.requiredOutputs ?? []),
    ...peopleEnv(peopleOf(state, site.localUser)),
    ...def.inheritPayload === true ? { SEQUENCER_INPUT_FILE: paths.inputFile } : {}
  };
}
function contractChecks(deps, state, def, paths, env) {
  const maxBytes = deps.payloadMaxBytes;
  const rules = def.validate ?? [];
  return {
    readPayload: async () => interpretPayload(await deps.files.read(paths.payloadFile, maxBytes), { maxBytes, expected: def.expectPayload === true }),
    readResult: async () => interpretResult(await deps.files.read(paths.resultFile, RESULT_MAX_BYTES)),
    ...rules.length ? {
      checkRules: (payload) => evaluateRules(rules, { verifier: deps.verifier, payload, payloadOf: (id) => state.stepRuns[id]?.payload, env, logFileFor: paths.checkLog, ...deps.now ? { now: deps.now() } : {} })
    } : {}
  };
}

// src/engine/attempt-judge.ts
import path2 from "node:path";

// src/core/tick/output-tolerance.ts
function allowedMissing(tolerance, total) {
  if (!tolerance || tolerance <= 0 || total <= 0) return 0;
  return Math.min(total - 1, Math.floor(tolerance * total + 1e-9));
}
function missingOutputsText(missing, total, tolerance) {
  const allowance = tolerance ? ` (${missing.length} of ${total}; outputTolerance ${tolerance} allows ${allowedMissing(tolerance, total)})` : "";
  return `Missing required outputs: ${missing.join(", ")}${allowance}`;
}

// src/core/tick/judge-attempt.ts
var ERROR_TAIL = 1500;
async function judgeAttempt(result, ctx) {
  const base = { exitCode: result.exitCode, stdout: result.stdout, durationMs: result.durationMs, outputs: [] };
  if (result.spawnError) return { ...base, outcome: "failed", error: `could not start the agent: ${result.spawnError}` };
  if (result.cancelled) return { ...base, outcome: "cancelled", error: `stopped by a cancel request: ${stoppedText(result.stoppedBy)}`, ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {} };
  if (result.overflowed) {
    const limit = ctx.maxOutputBytes !== void 0 ? `the step's limit of ${ctx.maxOutputBytes} bytes` : "the step's limit";
    return { ...base, outcome: "overflow", error: `the agent's output passed ${limit} (maxOutputBytes): it printed at least ${result.outputBytes} bytes and was stopped`, ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {} };
  }
  if (result.timedOut) {
    const how = result.stoppedBy === "agent" ? "the agent stopped by itself after its stop file appeared" : "process group terminated";
    return {
      ...base,
      outcome: "timed_out",
      timeoutMinutes: ctx.timeoutMs / 6e4,
      error: `timed out after ${formatMinutes(ctx.timeoutMs)} (${how})${detail(result, ctx.logFile)}`,
      ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}
    };
  }
  const said = ctx.readResult ? await ctx.readResult() : { ok: true };
  if (!said.ok && result.exitCode === 0) return { ...base, outcome: "failed", error: said.error };
  const word = said.ok ? said.declared : void 0;
  const declared = word ? { declared: word } : {};
  if (word && word.status !== "completed") {
    const code = result.exitCode !== 0 ? ` (${result.exitCode === null ? `killed by ${result.signal ?? "a signal"}` : `exit code ${result.exitCode}`})` : "";
    return { ...base, ...declared, outcome: word.status === "overflow" ? "overflow" : "failed", error: `${declaredText(word)}${code}` };
  }
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? "a signal"}` : `exited with code ${result.exitCode}`;
    return { ...base, ...declared, outcome: "failed", error: `agent ${how}${detail(result, ctx.logFile)}` };
  }
  const missing = await ctx.missingOutputs(ctx.requiredOutputs);
  const total = ctx.requiredOutputs.length;
  if (missing.length > allowedMissing(ctx.outputTolerance, total)) return { ...base, ...declared, outcome: "failed", error: missingOutputsText(missing, total, ctx.outputTolerance) };
  const tolerated = missing.length ? { missingOutputs: missing } : {};
  const present = missing.length ? ctx.requiredOutputs.filter((o) => !missing.includes(o)) : ctx.requiredOutputs;
  const read = ctx.readPayload ? await ctx.readPayload() : { ok: true, payload: void 0 };
  if (!read.ok) return { ...base, ...declared, outcome: "failed", error: read.error };
  const payload = read.payload !== void 0 ? { payload: read.payload } : {};
  const results = ctx.checkRules ? await ctx.checkRules(read.payload) : [];
  const failure = validationFailure(results);
  if (failure) return { ...base, ...declared, outcome: "failed", error: failure, failedRules: results.filter((r) => !r.ok).map((r) => r.rule) };
  return { ...base, ...declared, ...payload, ...tolerated, outcome: "succeeded", error: null, outputs: present };
}
function judgeToolBudget(verdict, problem) {
  if (!problem) return verdict;
  if (verdict.outcome === "succeeded" || verdict.outcome === "recovered") {
    const { payload: _dropped, ...rest } = verdict;
    return { ...rest, outcome: "failed", error: problem, outputs: [] };
  }
  if (verdict.outcome === "failed") return { ...verdict, error: `${problem}; also: ${verdict.error ?? "failed"}` };
  return verdict;
}
function detail(result, logFile) {
  const text = (result.stderr.trim() || result.stdout.trim()).slice(-ERROR_TAIL);
  const where = ` (full log: ${logFile})`;
  return text ? `: ${text}${where}` : where;
}
function formatMinutes(ms) {
  return ms >= 6e4 ? `${Math.round(ms / 6e4)} min` : `${Math.round(ms / 1e3)} s`;
}

// src/engine/attempt-judge.ts
var COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;
async function judge(engine, state, subject, result) {
  const { deps, cfg } = engine;
  const def = stepDef(state, subject.stepId);
  const paths = attemptPaths(cfg.logDir, subject.stepId, subject.n);
  const env = attemptEnv(state, subject, paths, attemptSite(engine));
  const contract = { verifier: deps.verifier, files: deps.attemptFiles, payloadMaxBytes: cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES, now: () => deps.clock.now() };
  const verdict = withoutPrefix(
    await judgeAttempt(result, {
      requiredOutputs: def.requiredOutputs ?? [],
      ...def.outputTolerance ? { outputTolerance: def.outputTolerance } : {},
      ...def.maxOutputBytes !== void 0 ? { maxOutputBytes: def.maxOutputBytes } : {},
      missingOutputs: (outputs) => deps.workspace.missingOutputs(outputs),
      timeoutMs: subject.timeoutMs,
      logFile: shownPath(cfg.logDir, paths.logFile),
      ...contractChecks(contract, state, def, paths, env)
    }),
    `${path2.dirname(cfg.logDir)}${path2.sep}`
  );
  const toolCalls = await countToolCalls(engine, paths);
  if (toolCalls) {
    verdict.toolCalls = toolCalls;
    deps.log.info(`${subject.stepId} attempt ${subject.n}: ${countOf(toolCalls.calls, "tool call")}, ${toolCalls.denied} denied (${shownPath(cfg.logDir, paths.commandLog)}).`);
  }
  if (verdict.missingOutputs?.length) {
    deps.log.warn(`${subject.stepId} attempt ${subject.n} is done without ${verdict.missingOutputs.length} of its ${def.requiredOutputs?.length ?? 0} required outputs (outputTolerance ${def.outputTolerance}): ${verdict.missingOutputs.join(", ")}.`);
  }
  const judged = judgeToolBudget(verdict, toolBudgetProblem(effectivePolicy(state.plan, subject.stepId), toolCalls));
  if (judged.outcome === "succeeded" || judged.outcome === "recovered") Object.assign(judged, await changedFiles(engine, state, subject));
  return judged;
}
async function changedFiles({ deps, cfg }, state, subject) {
  const started = stepRun(state, subject.stepId).attempts?.find((a) => a.n === subject.n)?.startedAt;
  if (!deps.workspace.changedFiles || !started) return {};
  const stateFile = cfg.logDir.replace(/\.logs$/, "");
  const rel = path2.relative(deps.workspace.root, stateFile).split(path2.sep).join("/");
  const exclude = [".sequencer/", ...rel && !rel.startsWith("..") && !path2.isAbsolute(rel) ? [rel] : []];
  try {
    const found = await deps.workspace.changedFiles(new Date(started), { exclude, limit: CHANGED_FILES_PER_ATTEMPT });
    return { ...found.files.length ? { changedFiles: found.files } : {}, ...found.more ? { changedFilesMore: found.more } : {} };
  } catch (err) {
    deps.log.warn(`The files ${subject.stepId} attempt ${subject.n} changed could not be listed: ${err instanceof Error ? err.message : String(err)}.`);
    return {};
  }
}
function attemptSite({ deps, cfg }) {
  return {
    workspaceRoot: deps.workspace.root,
    ...cfg.cliCommand ? { cliCommand: cfg.cliCommand } : {},
    ...cfg.agentEnv ? { agentEnv: cfg.agentEnv } : {},
    ...cfg.localUser ? { localUser: cfg.localUser } : {}
  };
}
async function countToolCalls({ deps }, paths) {
  const read = await deps.attemptFiles.read(paths.commandLog, COMMAND_LOG_MAX_BYTES);
  if (read.kind === "text") return summarizeCommandLog(read.text);
  if (read.kind !== "missing") deps.log.warn(`The command log ${paths.commandLog} was not counted: ${read.kind === "too-large" ? `${read.bytes} bytes, more than ${COMMAND_LOG_MAX_BYTES}` : read.reason}.`);
  return void 0;
}
function withoutPrefix(value, prefix) {
  if (prefix.length <= 1) return value;
  const escaped = JSON.stringify(prefix).slice(1, -1);
  return JSON.parse(JSON.stringify(value).split(escaped).join(""));
}

// src/core/agent-stream/fields.ts
function obj(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
}
function arr(value) {
  return Array.isArray(value) ? value : [];
}
function str(value) {
  return typeof value === "string" ? value : void 0;
}
function num(value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : void 0;
}
function count(value) {
  const n = num(value);
  return n === void 0 ? 0 : Math.floor(n);
}
function contentText(value) {
  if (typeof value === "string") return value;
  return arr(value).map((block2) => str(obj(block2)?.text) ?? "").filter((t) => t !== "").join("\n");
}
function apiErrorText(text) {
  const m = /^(\[?API Error: )?(\{.*\})\]?$/s.exec(text.trim());
  if (!m) return text;
  try {
    const doc = obj(JSON.parse(m[2]));
    const error = obj(doc?.error);
    const message = str(error?.message) ?? str(doc?.message);
    if (!message) return text;
    const status = [num(error?.code), str(error?.status)].filter((x) => x !== void 0).join(" ");
    return `${m[1] ? "API Error: " : ""}${message}${status ? ` (${status})` : ""}`;
  } catch {
    return text;
  }
}
function mainModel(table, tokens) {
  let best;
  let most = -1;
  for (const [name, entry] of Object.entries(obj(table) ?? {})) {
    const n = tokens(obj(entry) ?? {});
    if (n > most) {
      best = name;
      most = n;
    }
  }
  return best;
}
var RecentMap = class {
  constructor(max) {
    this.max = max;
  }
  max;
  map = /* @__PURE__ */ new Map();
  get(key) {
    return this.map.get(key);
  }
  set(key, value) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value;
      this.map.delete(oldest);
    }
  }
  has(key) {
    return this.map.has(key);
  }
};

// src/core/agent-stream/claude-stream.ts
var ClaudeStream = class {
  sessionId;
  model;
  final = null;
  /** Tool names by tool_use id, so a tool's error can name its tool. */
  tools = new RecentMap(256);
  /**
   * Usage of the recent messages by id, oldest first (a message's usage is repeated on each of
   * its blocks, so it is counted by id, once). Past 64 messages the oldest is folded into `older`.
   */
  messages = /* @__PURE__ */ new Map();
  older = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };
  read(e) {
    switch (e.type) {
      case "system":
        return this.system(e);
      case "assistant":
        return this.assistant(e);
      case "user":
        return this.toolResults(e);
      case "stream_event":
        this.partial(e);
        return [];
      case "result":
        return [this.result(e)];
      default:
        return [];
    }
  }
  flush() {
    return [];
  }
  finished() {
    return this.final !== null;
  }
  usage() {
    if (this.final) return this.final;
    const sum = { ...this.older };
    for (const m of this.messages.values()) {
      sum.input += m.input;
      sum.cacheRead += m.cacheRead;
      sum.cacheWrite += m.cacheWrite;
      sum.output += m.output;
    }
    return {
      ...emptyUsage(),
      inputTokens: sum.input,
      outputTokens: sum.output,
      cacheReadTokens: sum.cacheRead,
      cacheWriteTokens: sum.cacheWrite,
      ...this.model ? { model: this.model } : {},
      ...this.sessionId ? { sessionId: this.sessionId } : {}
    };
  }
  system(e) {
    if (e.subtype === "init") {
      this.sessionId = str(e.session_id) ?? this.sessionId;
      this.model = str(e.model) ?? this.model;
      return [{ kind: "start", ...this.sessionId ? { sessionId: this.sessionId } : {}, ...this.model ? { model: this.model } : {} }];
    }
    if (e.subtype === "api_retry") {
      const status = num(e.error_status);
      const why = [status !== void 0 ? String(status) : "", str(e.error) ?? ""].filter(Boolean).join(" ");
      return [{ kind: "notice", message: `API retry ${count(e.attempt)}/${count(e.max_retries)}${why ? ` (${why})` : ""}` }];
    }
    if (e.subtype === "compact_boundary") return [{ kind: "notice", message: "Context compacted" }];
    return [];
  }
  assistant(e) {
    const message = obj(e.message) ?? {};
    if (e.is_api_error_message === true || message.model === "<synthetic>") return [];
    this.countMessage(str(message.id), obj(message.usage));
    const out = [];
    for (const block2 of arr(message.content)) {
      const b = obj(block2);
      if (!b) continue;
      if (b.type === "text") {
        const text = str(b.text);
        if (text && text.trim() !== "") out.push({ kind: "text", text });
      } else if (b.type === "tool_use") {
        const tool = str(b.name) ?? "tool";
        const id = str(b.id);
        if (id) this.tools.set(id, tool);
        out.push({ kind: "tool", tool, subject: toolSubject(b.input), ...id ? { id } : {} });
      }
    }
    return out;
  }
  toolResults(e) {
    const out = [];
    for (const block2 of arr(obj(e.message)?.content)) {
      const b = obj(block2);
      if (!b || b.type !== "tool_result" || b.is_error !== true) continue;
      const id = str(b.tool_use_id);
      const tool = id ? this.tools.get(id) : void 0;
      const message = contentText(b.content).replace(/<\/?tool_use_error>/g, "");
      out.push({ kind: "tool-error", message, ...tool ? { tool } : {}, ...id ? { id } : {} });
    }
    return out;
  }
  /** --include-partial-messages: message_start and message_delta carry the message's usage as it grows. */
  partial(e) {
    const event = obj(e.event) ?? {};
    if (event.type === "message_start") {
      const message = obj(event.message) ?? {};
      this.countMessage(str(message.id), obj(message.usage));
    } else if (event.type === "message_delta") {
      const id = str(e.api_message_id);
      const m = id ? this.messages.get(id) : void 0;
      if (m) m.output = Math.max(m.output, count(obj(event.usage)?.output_tokens));
    }
  }
  countMessage(id, usage) {
    if (!id || !usage) return;
    const known = this.messages.get(id);
    const tokens = {
      input: count(usage.input_tokens),
      cacheRead: count(usage.cache_read_input_tokens),
      cacheWrite: count(usage.cache_creation_input_tokens),
      output: Math.max(known?.output ?? 0, count(usage.output_tokens))
    };
    if (known) {
      Object.assign(known, tokens);
      return;
    }
    this.messages.set(id, tokens);
    if (this.messages.size > 64) {
      const [oldest, m] = this.messages.entries().next().value;
      this.older.input += m.input;
      this.older.cacheRead += m.cacheRead;
      this.older.cacheWrite += m.cacheWrite;
      this.older.output += m.output;
      this.messages.delete(oldest);
    }
  }
  result(e) {
    const u = obj(e.usage);
    const running = this.usage();
    const sessionId = str(e.session_id) ?? this.sessionId;
    const model = mainModel(e.modelUsage, (m) => count(m.inputTokens) + count(m.outputTokens) + count(m.cacheReadInputTokens) + count(m.cacheCreationInputTokens)) ?? this.model;
    const cost = num(e.total_cost_usd);
    const turns = num(e.num_turns);
    const apiMs = num(e.duration_api_ms);
    const isError = e.is_error === true || typeof e.subtype === "string" && e.subtype !== "success";
    const usage = {
      ...model ? { model } : {},
      inputTokens: u ? count(u.input_tokens) : running.inputTokens,
      outputTokens: u ? count(u.output_tokens) : running.outputTokens,
      cacheReadTokens: u ? count(u.cache_read_input_tokens) : running.cacheReadTokens,
      cacheWriteTokens: u ? count(u.cache_creation_input_tokens) : running.cacheWriteTokens,
      ...cost !== void 0 ? { costUsd: cost } : {},
      ...turns !== void 0 ? { turns: Math.floor(turns) } : {},
      ...apiMs !== void 0 ? { apiMs: Math.round(apiMs) } : {},
      ...sessionId ? { sessionId } : {},
      isError
    };
    this.final = usage;
    const text = str(e.result) ?? (arr(e.errors).filter((x) => typeof x === "string").join("; ") || void 0);
    return { kind: "result", ok: !isError, ...text ? { text } : {}, usage };
  }
};

// src/core/agent-stream/codex-stream.ts
function unwrapShell(command) {
  const m = /^(?:\S*\/)?(?:bash|sh|zsh|dash) -l?c (.+)$/s.exec(command);
  if (!m) return command;
  const arg = m[1];
  if (/^'.*'$/s.test(arg)) return arg.slice(1, -1).replace(/'\\''/g, "'");
  return arg;
}
function lastLine(text) {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  return lines.at(-1) ?? "";
}
var CodexStream = class {
  threadId;
  total = emptyUsage();
  done = false;
  /** Items whose tool event was already shown at item.started. */
  started = new RecentMap(256);
  read(e) {
    switch (e.type) {
      case "thread.started":
        this.threadId = str(e.thread_id);
        this.total.sessionId = this.threadId;
        return [{ kind: "start", ...this.threadId ? { sessionId: this.threadId } : {} }];
      case "item.started":
        return this.item(obj(e.item), false);
      case "item.completed":
        return this.item(obj(e.item), true);
      case "turn.completed":
        this.addUsage(obj(e.usage));
        this.done = true;
        return [{ kind: "result", ok: !this.total.isError, usage: { ...this.total } }];
      case "turn.failed": {
        this.total.isError = true;
        this.done = true;
        const text = apiErrorText(str(obj(e.error)?.message) ?? "the turn failed");
        return [{ kind: "result", ok: false, text, usage: { ...this.total } }];
      }
      case "error": {
        const message = str(e.message);
        return message ? [{ kind: "notice", message: apiErrorText(message) }] : [];
      }
      default:
        return [];
    }
  }
  flush() {
    return [];
  }
  finished() {
    return this.done;
  }
  usage() {
    return { ...this.total };
  }
  addUsage(u) {
    if (!u) return;
    const cached = count(u.cached_input_tokens);
    const written = count(u.cache_write_input_tokens);
    this.total.inputTokens += Math.max(0, count(u.input_tokens) - cached - written);
    this.total.cacheReadTokens += cached;
    this.total.cacheWriteTokens += written;
    this.total.outputTokens += count(u.output_tokens);
  }
  item(item, completed) {
    if (!item) return [];
    const id = str(item.id);
    const call = this.toolCall(item);
    const out = [];
    if (call) {
      if (!(id && this.started.has(id))) out.push({ ...call, ...id ? { id } : {} });
      if (id && !completed) this.started.set(id, true);
    }
    if (!completed) return out;
    if (item.type === "agent_message") {
      const text = str(item.text);
      if (text && text.trim() !== "") out.push({ kind: "text", text });
    } else if (item.type === "error") {
      const message = str(item.message);
      if (message) out.push({ kind: "notice", message: apiErrorText(message) });
    } else if (call) {
      const failure = this.failure(item);
      if (failure) out.push({ kind: "tool-error", tool: call.tool, message: failure, ...id ? { id } : {} });
    }
    return out;
  }
  toolCall(item) {
    switch (item.type) {
      case "command_execution":
        return { kind: "tool", tool: "Shell", subject: unwrapShell(str(item.command) ?? "") };
      case "file_change": {
        const changes = arr(item.changes).map((c) => `${str(obj(c)?.kind) ?? "change"} ${str(obj(c)?.path) ?? "?"}`);
        return { kind: "tool", tool: "Patch", subject: changes.join(", ") };
      }
      case "mcp_tool_call":
        return { kind: "tool", tool: [str(item.server), str(item.tool)].filter(Boolean).join(".") || "mcp", subject: "" };
      case "web_search":
        return { kind: "tool", tool: "WebSearch", subject: str(item.query) ?? "" };
      default:
        return null;
    }
  }
  /** Why a completed tool item failed, or null when it did not. */
  failure(item) {
    const status = str(item.status);
    if (item.type === "command_execution") {
      const code = typeof item.exit_code === "number" ? item.exit_code : null;
      if (status !== "failed" && status !== "declined" && (code === null || code === 0)) return null;
      const output = lastLine(str(item.aggregated_output) ?? "");
      const what = status === "declined" ? "declined" : `exit ${code ?? "?"}`;
      return output ? `${what}: ${output}` : what;
    }
    if (status !== "failed" && status !== "declined") return null;
    const error = str(obj(item.error)?.message) ?? str(item.error);
    return error ?? status;
  }
};

// src/core/agent-stream/gemini-stream.ts
var MAX_TEXT = 16 * 1024;
var GeminiStream = class {
  sessionId;
  model;
  text = "";
  final = null;
  tools = new RecentMap(256);
  read(e) {
    if (e.type === "message") {
      if (e.role !== "assistant") return [];
      const piece = str(e.content) ?? "";
      if (e.delta === true) {
        if (this.text.length < MAX_TEXT) this.text = (this.text + piece).slice(0, MAX_TEXT);
        return [];
      }
      return [...this.flush(), ...piece.trim() ? [{ kind: "text", text: piece }] : []];
    }
    const out = this.flush();
    switch (e.type) {
      case "init":
        this.sessionId = str(e.session_id);
        this.model = str(e.model);
        out.push({ kind: "start", ...this.sessionId ? { sessionId: this.sessionId } : {}, ...this.model ? { model: this.model } : {} });
        break;
      case "tool_use": {
        const tool = str(e.tool_name) ?? "tool";
        const id = str(e.tool_id);
        if (id) this.tools.set(id, tool);
        out.push({ kind: "tool", tool, subject: toolSubject(e.parameters), ...id ? { id } : {} });
        break;
      }
      case "tool_result": {
        if (e.status !== "error") break;
        const id = str(e.tool_id);
        const tool = id ? this.tools.get(id) : void 0;
        const message = str(obj(e.error)?.message) ?? str(e.output) ?? "failed";
        out.push({ kind: "tool-error", message, ...tool ? { tool } : {}, ...id ? { id } : {} });
        break;
      }
      case "error": {
        const message = str(e.message);
        if (message) out.push({ kind: "notice", message: e.severity === "error" ? `Error: ${apiErrorText(message)}` : apiErrorText(message) });
        break;
      }
      case "result":
        out.push(this.result(e));
        break;
      default:
        break;
    }
    return out;
  }
  flush() {
    if (!this.text) return [];
    const text = this.text;
    this.text = "";
    return text.trim() ? [{ kind: "text", text }] : [];
  }
  finished() {
    return this.final !== null;
  }
  usage() {
    if (this.final) return this.final;
    return { ...emptyUsage(), ...this.model && this.model !== "auto" ? { model: this.model } : {}, ...this.sessionId ? { sessionId: this.sessionId } : {} };
  }
  result(e) {
    const stats = obj(e.stats) ?? {};
    const cached = count(stats.cached);
    const input = typeof stats.input === "number" ? count(stats.input) : Math.max(0, count(stats.input_tokens) - cached);
    const named = this.model && this.model !== "auto" ? this.model : void 0;
    const model = mainModel(stats.models, (m) => count(m.total_tokens)) ?? named;
    const isError = e.status !== "success";
    const usage = {
      ...model ? { model } : {},
      inputTokens: input,
      outputTokens: count(stats.output_tokens),
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
      ...this.sessionId ? { sessionId: this.sessionId } : {},
      isError
    };
    this.final = usage;
    const error = str(obj(e.error)?.message);
    const text = error ? apiErrorText(error) : void 0;
    return { kind: "result", ok: !isError, ...text ? { text } : {}, usage };
  }
};

// src/core/agent-stream/json-lines.ts
var DEFAULT_MAX_LINE_CHARS = 1024 * 1024;
var JsonLines = class {
  constructor(maxLineChars = DEFAULT_MAX_LINE_CHARS) {
    this.maxLineChars = maxLineChars;
  }
  maxLineChars;
  pending = "";
  /** Inside a line that passed the cap: drop everything up to its end. */
  dropping = false;
  stats = { objects: 0, skipped: 0, tooLong: 0 };
  /** The objects of every line this chunk completes. */
  push(chunk) {
    const out = [];
    let start = 0;
    for (; ; ) {
      const nl = chunk.indexOf("\n", start);
      if (nl < 0) break;
      this.take(chunk.slice(start, nl), true, out);
      start = nl + 1;
    }
    this.take(chunk.slice(start), false, out);
    return out;
  }
  /** The object of the last line when it had no line break (a stream cut short yields nothing). */
  end() {
    const out = [];
    const line = this.pending;
    this.pending = "";
    if (this.dropping) {
      this.dropping = false;
      return out;
    }
    this.parse(line, out);
    return out;
  }
  take(piece, complete, out) {
    if (this.dropping) {
      if (complete) this.dropping = false;
      return;
    }
    if (this.pending.length + piece.length > this.maxLineChars) {
      this.pending = "";
      this.stats.tooLong++;
      this.dropping = !complete;
      return;
    }
    if (!complete) {
      this.pending += piece;
      return;
    }
    const line = this.pending + piece;
    this.pending = "";
    this.parse(line, out);
  }
  parse(line, out) {
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (text.trim() === "") return;
    if (!text.trimStart().startsWith("{")) {
      this.stats.skipped++;
      return;
    }
    try {
      const value = JSON.parse(text);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        this.stats.objects++;
        out.push(value);
        return;
      }
    } catch {
    }
    this.stats.skipped++;
  }
};

// src/core/agent-stream/stream-parser.ts
function interpreterFor(agent) {
  switch (agent) {
    case "claude":
      return new ClaudeStream();
    case "codex":
      return new CodexStream();
    case "gemini":
      return new GeminiStream();
  }
}
var AgentStreamParser = class {
  constructor(agent, options = {}) {
    this.agent = agent;
    this.lines = new JsonLines(options.maxLineChars);
    this.reader = interpreterFor(agent);
  }
  agent;
  lines;
  reader;
  /** The events of the lines this chunk of stdout completes. */
  push(chunk) {
    return this.lines.push(chunk).flatMap((o) => this.reader.read(o));
  }
  /** The events of the last line, and of anything held back, when the stream has ended. */
  end() {
    return [...this.lines.end().flatMap((o) => this.reader.read(o)), ...this.reader.flush()];
  }
  /** The agent's final usage once its result was read; before that, what the stream showed so far. */
  usage() {
    return this.reader.usage();
  }
  /** Whether the agent's result was read: without it (a kill, a crash) the usage is a lower bound. */
  get finished() {
    return this.reader.finished();
  }
  get stats() {
    return { ...this.lines.stats };
  }
};

// src/engine/attempt-stream.ts
var AttemptStream = class {
  constructor(o) {
    this.o = o;
    this.parser = new AgentStreamParser(o.agent);
    this.kept = new HeadTailBuffer({ head: 2e3, tail: 4e3, ...o.logFile ? { logFile: o.logFile } : {} });
  }
  o;
  parser;
  kept;
  over = false;
  /** A chunk of stdout. */
  push(chunk) {
    this.showAll(this.parser.push(chunk));
    this.checkBudget();
  }
  /** The stream ended: the last events, then the attempt's usage (undefined when the stream showed none). */
  end() {
    this.showAll(this.parser.end());
    const u = this.parser.usage();
    const complete = this.parser.finished;
    if (!complete && totalTokens(u) === 0 && u.sessionId === void 0) return void 0;
    return { ...boundedUsage(u), source: "stream", complete };
  }
  /** Whether the budget stop was asked for. */
  get overBudget() {
    return this.over;
  }
  /** The tokens the stream has shown so far. */
  get tokens() {
    return totalTokens(this.parser.usage());
  }
  /** The shown lines' head and tail: what the state keeps of this attempt's output. */
  transcript() {
    return this.kept.toString();
  }
  showAll(events) {
    for (const event of events) {
      const line = renderEvent(this.scrubbed(event), { workspace: this.o.workspace });
      if (line === null) continue;
      this.kept.append(`${line}
`);
      this.o.show?.(line);
    }
  }
  scrubbed(e) {
    const s = this.o.secrets;
    if (!s?.needles.length) return e;
    switch (e.kind) {
      case "text":
        return { ...e, text: s.scrub(e.text) };
      case "tool":
        return { ...e, tool: s.scrub(e.tool), subject: s.scrub(e.subject) };
      case "tool-error":
        return { ...e, message: s.scrub(e.message), ...e.tool !== void 0 ? { tool: s.scrub(e.tool) } : {} };
      case "notice":
        return { ...e, message: s.scrub(e.message) };
      case "result":
        return e.text !== void 0 ? { ...e, text: s.scrub(e.text) } : e;
      case "start":
        return e;
    }
  }
  checkBudget() {
    const allowance = this.o.allowance;
    if (this.over || !allowance || this.parser.finished) return;
    const used = this.tokens;
    if (used <= allowance.left) return;
    this.over = true;
    this.o.onOverBudget?.(used);
  }
};

// src/engine/attempt-run.ts
async function runAgent(engine, state, start, watch) {
  const { deps, cfg } = engine;
  const began = deps.clock.now().getTime();
  const def = stepDef(state, start.stepId);
  const paths = attemptPaths(cfg.logDir, start.stepId, start.n);
  const policy = effectivePolicy(state.plan, start.stepId);
  const guard = {
    policyText: policyFileText(attemptId(state, start.stepId, start.n), policy),
    ...cfg.cliCommand ? { claudeSettingsText: claudeSettingsText(cfg.cliCommand) } : {}
  };
  await prepareAttempt(deps.attemptFiles, state, def, paths, guard);
  const env = attemptEnv(state, start, paths, attemptSite(engine));
  const named = fillPeople(start.prompt, { ...env.SEQUENCER_REQUESTER ? { requester: env.SEQUENCER_REQUESTER } : {}, ...env.SEQUENCER_APPROVER ? { approver: env.SEQUENCER_APPROVER } : {} });
  const prompt = policy.via === "exec" ? withExecForwarder(named, forwarder(cfg.cliCommand)) : named;
  const command = def.run !== void 0;
  const agentArgs = command ? start.argv.slice(1) : expandAgentVariables(start.argv.slice(1), env);
  const position = `(${state.currentStep + 1}/${state.stepQueue.length})`;
  const role = start.detourFor ? ` (remediation for ${start.detourFor})` : "";
  const maxAttempts = maxAttemptsFor(def, cfg.limits);
  return deps.log.group(`${position} ${start.stepId} ${def.title}: attempt ${start.n}${start.retry ? " (retry)" : ""}${role}`, async () => {
    deps.log.info(attemptHeader(start.argv, command ? null : prompt, start.timeoutMs, start.n, maxAttempts));
    const brake = new AbortController();
    const allowance = tokenAllowance(state, start.stepId, cfg.limits);
    if (allowance) deps.log.info(`Token budget: ${groupDigits(allowance.left)} tokens left (${budgetName({ ...allowance, kind: "tokens" })}, ${groupDigits(allowance.limit)}); ${start.stream === "claude" ? "followed as the agent streams" : start.stream ? "this agent reports its tokens only at the end" : "checked before each attempt"}.`);
    const echo = cfg.echoAgentOutput ? lineEcho((line) => deps.log.info(`  \u2502 ${line}`), cfg.echoCap) : null;
    const stream = start.stream ? new AttemptStream({
      agent: start.stream,
      workspace: deps.workspace.root,
      logFile: shownPath(cfg.logDir, paths.logFile),
      ...echo ? { show: (line) => echo.push(`${line}
`) } : {},
      ...cfg.secrets ? { secrets: cfg.secrets } : {},
      ...allowance ? { allowance } : {},
      onOverBudget: (used) => {
        if (brake.signal.aborted) return;
        deps.log.warn(`${start.stepId} attempt ${start.n}: ${groupDigits(used)} tokens used, past the ${groupDigits(allowance?.left ?? 0)} left of ${budgetName({ ...allowance, kind: "tokens" })}: asking the agent to stop.`);
        brake.abort(BUDGET_STOP_MESSAGE);
      }
    }) : null;
    let result;
    try {
      result = await launch(engine, command ? [start.program, ...agentArgs] : [start.program, ...agentArgs, prompt], start.timeoutMs, paths, env, watch, brake, { stream, echo }, def.maxOutputBytes);
    } finally {
      echo?.end();
    }
    const streamed = stream?.end();
    let verdict = await judge(engine, state, start, stream ? { ...result, stdout: stream.transcript() } : result);
    if (stream?.overBudget && result.cancelled && allowance) verdict = overBudget(verdict, allowance, stream.tokens, result.stoppedBy);
    const usage = streamed?.complete ? streamed : await usageFromFile(engine, paths) ?? streamed;
    if (usage) {
      verdict.usage = usage;
      const figures = usageText(usage);
      if (figures) deps.log.info(`${start.stepId} attempt ${start.n} used: ${figures}${usage.complete ? "" : " (at least: the agent ended before its totals)"}${usage.source === "file" ? " (from its usage file)" : ""}.`);
    }
    verdict.wallMs = Math.max(0, deps.clock.now().getTime() - began);
    if (verdict.outcome === "succeeded") deps.log.info(`${position} ${start.stepId} done (attempt ${start.n} of ${maxAttempts}, ${formatMs(result.durationMs)}).`);
    else deps.log.error(`${position} ${start.stepId} attempt ${start.n} ${verdict.outcome}: ${verdict.error}`);
    return verdict;
  });
}
function overBudget(verdict, allowance, used, stoppedBy) {
  const { stoppedBy: _cancel, ...rest } = verdict;
  return {
    ...rest,
    outcome: "over_budget",
    error: `stopped: its tokens passed ${budgetName({ ...allowance, kind: "tokens" })} (${groupDigits(used)} used, ${groupDigits(allowance.left)} were left of ${groupDigits(allowance.limit)}); ${stoppedText(stoppedBy)}`,
    ...stoppedBy ? { stoppedBy } : {}
  };
}
async function usageFromFile({ deps }, paths) {
  const read = await deps.attemptFiles.read(paths.usageFile, USAGE_FILE_MAX_BYTES);
  if (read.kind === "missing") return void 0;
  if (read.kind !== "text") {
    deps.log.warn(`The usage file ${paths.usageFile} was not read: ${read.kind === "too-large" ? `${read.bytes} bytes; expected at most ${USAGE_FILE_MAX_BYTES}` : read.reason}.`);
    return void 0;
  }
  const parsed = parseUsageFile(read.text);
  if (!parsed.ok) {
    deps.log.warn(`The usage file was not used: ${parsed.issues.map((i) => `${i.path} ${i.message}`).join("; ")}.`);
    return void 0;
  }
  return { ...parsed.usage, source: "file", complete: true };
}
async function launch({ deps, cfg }, argv, timeoutMs, { logFile, stopFile }, env, watch, brake, view, maxOutputBytes) {
  const stopWatching = watch(brake);
  const { stream, echo } = view;
  const output = stream ? { onStdout: (chunk) => stream.push(chunk), ...echo ? { onStderr: (chunk) => echo.push(chunk) } : {} } : echo ? { onOutput: (chunk) => echo.push(chunk) } : {};
  try {
    return await deps.agent.run({
      argv,
      cwd: deps.workspace.root,
      env,
      timeoutMs,
      graceMs: cfg.graceMs,
      logFile,
      signal: brake.signal,
      // A timeout and an output limit brake as softly as a cancel: the stop file, its grace, then the signals.
      stop: { file: stopFile, message: STOP_MESSAGE, timeoutMessage: TIMEOUT_STOP_MESSAGE, overflowMessage: OVERFLOW_STOP_MESSAGE, graceMs: cfg.stopGraceMs ?? 0 },
      ...maxOutputBytes !== void 0 ? { maxOutputBytes } : {},
      ...output
    });
  } finally {
    stopWatching();
  }
}
function attemptHeader(argv, prompt, timeoutMs, n, of) {
  const shown = [...argv, ...prompt === null ? [] : [shortPrompt(prompt)]].map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)).join(" ");
  return `Runs: ${shown} (timeout ${formatMs(timeoutMs)}, attempt ${n} of ${of})`;
}
function shortPrompt(prompt) {
  const firstLine = prompt.split("\n", 1)[0] ?? "";
  return firstLine.length <= 60 && firstLine.length === prompt.length ? prompt : `${firstLine.slice(0, 60)}\u2026 (prompt, ${prompt.length} characters)`;
}
function formatMs(ms) {
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 12e4) return `${Math.round(ms / 1e3)} s`;
  return `${Math.round(ms / 6e4)} min`;
}

// src/engine/done-outputs.ts
async function missingDoneOutputs(state, upTo, { workspace, log }) {
  const wanted = [];
  for (const id of state.stepQueue.slice(0, upTo)) {
    const outputs = state.plan.steps[id]?.requiredOutputs;
    if (outputs?.length && state.stepRuns[id]?.status === "DONE") wanted.push([id, outputs]);
  }
  if (!wanted.length) return /* @__PURE__ */ new Map();
  const missing = new Set(await workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
  if (!missing.size) return /* @__PURE__ */ new Map();
  const tolerated = (id, m) => m.length <= allowedMissing(state.plan.steps[id]?.outputTolerance, state.plan.steps[id]?.requiredOutputs?.length ?? 0);
  const byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))]).filter(([id, m]) => m.length && !tolerated(id, m)));
  for (const [id, m] of byStep) log.warn(`${id} was done but its outputs are missing (${m.join(", ")}); running it again.`);
  return byStep;
}

// src/core/tick/budget-raise.ts
var refuse = (state, reply) => ({ state, changed: false, reply, notices: [], refused: true });
function spentNow(state, scope, stepId, kind) {
  const spent = scope === "plan" ? planSpent(state) : stepSpent(state, stepId);
  return kind === "costUsd" ? spent.costUsd : spent.tokens;
}
function raiseBudget(state, cmd, now) {
  const blocked = state.budgetBlock;
  if (state.status !== "BLOCKED" || !blocked) return refuse(state, `Nothing to raise: the plan is ${state.status}, not blocked by a spent budget.`);
  const values = cmd.budgets ?? [];
  const spentName = budgetName(blocked);
  if (!values.some((v) => (v.kind ?? blocked.kind) === blocked.kind)) {
    return refuse(state, `The plan is blocked because ${spentName} is spent (${budgetAmount(blocked.kind, blocked.spent)} of ${budgetAmount(blocked.kind, blocked.limit)}); raise that one: /approve budget=${blocked.kind === "costUsd" ? "$<dollars>" : "<tokens>"}.`);
  }
  const raises = [];
  for (const v of values) {
    const kind = v.kind ?? blocked.kind;
    const name = budgetName({ ...blocked, kind });
    if (kind === "tokens" && !Number.isInteger(v.amount)) return refuse(state, `${name} counts whole tokens, got ${v.amount}.`);
    if (v.amount > MAX_RAISE[kind]) return refuse(state, `${name} can be raised to at most ${budgetAmount(kind, MAX_RAISE[kind])}, got ${budgetAmount(kind, v.amount)}.`);
    const spent = spentNow(state, blocked.scope, blocked.stepId, kind);
    if (v.amount <= spent) return refuse(state, `${name} must be raised above what was spent (${budgetAmount(kind, spent)}), got ${budgetAmount(kind, v.amount)}.`);
    raises.push({
      scope: blocked.scope,
      ...blocked.scope === "step" ? { stepId: blocked.stepId } : {},
      kind,
      limit: v.amount,
      by: cmd.by,
      at: now.toISOString(),
      ...cmd.commentId !== void 0 ? { commentId: cmd.commentId } : {}
    });
  }
  const queued = currentStepId(state);
  const { budgetBlock: _spent, ...rest } = state;
  const next = {
    ...rest,
    status: "IN_PROGRESS",
    blockers: (state.blockers ?? []).filter((b) => queued === void 0 || !b.startsWith(`${queued}: `)),
    budgetRaises: [...state.budgetRaises ?? [], ...raises]
  };
  const said = raises.map((r) => `${budgetName({ ...blocked, kind: r.kind })} is now ${budgetAmount(r.kind, r.limit)} (${budgetAmount(r.kind, spentNow(state, blocked.scope, blocked.stepId, r.kind))} spent)`);
  return { state: next, changed: true, reply: `Budget raised by @${cmd.by}: ${said.join("; ")}. Continuing.`, notices: [] };
}

// src/core/tick/gates.ts
function gateOf(def) {
  const gate = def.gate;
  if (gate === true) return {};
  if (gate && typeof gate === "object" && typeof gate.reason === "string") return { reason: gate.reason };
  return null;
}
function gateClosed(state, stepId, def) {
  if (!gateOf(def)) return false;
  return stepRun(state, stepId).gatePassed?.planHash !== (state.planHash ?? "");
}
function pauseAtGate(state, stepId, def, now) {
  const reason = gateOf(def)?.reason;
  const gate = { stepId, planHash: state.planHash ?? "", at: now.toISOString(), ...reason !== void 0 ? { reason } : {} };
  return { state: { ...state, status: "AWAITING_APPROVAL", gate }, notices: [{ kind: "gate", stepId }] };
}
function passGate(state, cmd, now) {
  const gate = state.gate;
  const refuse4 = (reply) => ({ state, changed: false, reply, notices: [], refused: true });
  if (state.status !== "AWAITING_APPROVAL") return refuse4(`Nothing to approve: the plan is ${state.status}.`);
  const pausedAt = Math.floor(Date.parse(gate.at) / 1e3) * 1e3;
  if (cmd.at && !Number.isNaN(pausedAt) && Date.parse(cmd.at) < pausedAt) {
    return refuse4(`This approval was written before the plan paused at the gate of ${gate.stepId} (${gate.at}). Review what ran and approve again.`);
  }
  const planHash = state.planHash ?? "";
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, gate.planHash) || gate.planHash !== planHash) {
    return refuse4(`This approval is for plan ${cmd.planHash ?? planHash}, but the gate of ${gate.stepId} was reached under plan ${gate.planHash}. Review the plan and approve again.`);
  }
  const run = stepRun(state, gate.stepId);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    gate: null,
    stepRuns: { ...state.stepRuns, [gate.stepId]: { ...run, gatePassed: { by: cmd.by, at: now.toISOString(), planHash } } }
  };
  return { state: next, changed: true, reply: `Gate of ${gate.stepId} passed by @${cmd.by}. Starting ${gate.stepId}.`, notices: [] };
}

// src/core/tick/restart.ts
var MAX_RESTARTS_KEPT = 20;
function restartPlan(state, by, named, now) {
  const running = activeStepId(state);
  if (running !== void 0 && stepRun(state, running).status === "IN_PROGRESS") {
    return { ok: false, reply: `Cannot restart while an attempt of ${running} is running; /cancel it first or wait.` };
  }
  const queue = state.stepQueue;
  const from = named ?? queue[0];
  const index = from === void 0 ? -1 : queue.indexOf(from);
  if (from === void 0 || index < 0) {
    return { ok: false, reply: `Cannot restart: "${from ?? ""}" is not a step of the plan's queue (${queue.slice(0, 10).join(", ")}${queue.length > 10 ? ", \u2026" : ""}).` };
  }
  for (const id of queue.slice(0, index)) {
    const status2 = stepRun(state, id).status;
    if (status2 !== "DONE" && status2 !== "SKIPPED") {
      return { ok: false, reply: `Cannot restart from ${from}: step ${id} before it is not done (${status2}), and no step is skipped; restart from ${id} or earlier.` };
    }
  }
  const again = new Set(queue.slice(index));
  for (const id of queue.slice(index)) for (const fixer of remediationTargets(state.plan, id)) again.add(fixer);
  const stepRuns = { ...state.stepRuns };
  const outputsAgain = /* @__PURE__ */ new Set();
  for (const id of again) {
    for (const o of state.plan.steps[id]?.requiredOutputs ?? []) outputsAgain.add(o);
    const run = stepRuns[id];
    if (run) Object.defineProperty(stepRuns, id, { value: fresh(run), enumerable: true, writable: true, configurable: true });
  }
  const record = { at: now.toISOString(), by, from, previous: { status: state.status, currentStep: state.currentStep, ...state.planHash ? { planHash: state.planHash } : {} } };
  const status = state.status === "AWAITING_APPROVAL" && !state.gate ? "AWAITING_APPROVAL" : "IN_PROGRESS";
  const next = {
    ...state,
    status,
    currentStep: index,
    stepRuns,
    artifacts: (state.artifacts ?? []).filter((o) => !outputsAgain.has(o)),
    blockers: [],
    notBefore: null,
    cancelRequested: null,
    gate: null,
    restarts: [...Array.isArray(state.restarts) ? state.restarts : [], record].slice(-MAX_RESTARTS_KEPT),
    // Group passes and route counts belong to a run: the new run starts with every budget whole.
    groupRuns: {},
    routeCounts: {}
  };
  const count2 = queue.length - index;
  return { ok: true, state: next, reply: `Restarted from ${from} (${index + 1}/${queue.length}) by @${by}: ${countOf(count2, "step")} run again; the earlier run stays in the state.` };
}
function fresh(run) {
  const { payload: _payload, remediation: _remediation, gatePassed: _gate, ...rest } = run;
  return { ...rest, status: "PENDING", tries: 0, error: null, firstStartedAt: null };
}

// src/core/tick/apply-command.ts
var refuse2 = (state, reply) => ({ state, changed: false, reply, notices: [], refused: true });
var answer = (state, reply) => ({ state, changed: false, reply, notices: [] });
function applyCommand(state, cmd, now) {
  switch (cmd.kind) {
    case "approve":
      return approve(state, cmd, now);
    case "cancel":
      return requestCancel(state, cmd, now);
    case "retry":
      return unblock(state, cmd.step, "retry");
    case "skip":
      return skip(state, cmd.step, now);
    case "resume":
      return resume(state);
    case "status":
      return answer(state, statusLine(state));
    case "restart": {
      const r = restartPlan(state, cmd.by, cmd.step, now);
      return r.ok ? { state: r.state, changed: true, reply: r.reply, notices: [] } : refuse2(state, r.reply);
    }
  }
}
function approve(state, cmd, now) {
  if (cmd.budgets?.length) return raiseBudget(state, cmd, now);
  if (state.gate) return passGate(state, cmd, now);
  if (state.status !== "AWAITING_APPROVAL") return refuse2(state, `Nothing to approve: the plan is ${state.status}.`);
  const current = state.planHash;
  if (cmd.commentId !== void 0 || cmd.at !== void 0) {
    const proposal = state.proposal;
    if (typeof proposal?.postedAt !== "string" || typeof proposal.planHash !== "string") {
      return refuse2(state, `Nothing shown to approve yet: no proposal of this plan has been posted on the issue (plan ${current ?? "without a hash"}). Wait for the proposal comment, review it, then approve.`);
    }
    if (proposal.planHash !== current) {
      return refuse2(state, `The latest posted proposal shows plan ${proposal.planHash}, but the plan is now ${current ?? "without a hash"}. Wait for the proposal of the current plan, review it, then approve again.`);
    }
    const writtenAt = Math.floor(Date.parse(cmd.at ?? "") / 1e3);
    if (!(writtenAt >= Math.floor(Date.parse(proposal.postedAt) / 1e3))) {
      return refuse2(state, `This approval was written before the proposal of plan ${current} was posted (${proposal.postedAt}). Review the plan as proposed now and approve again.`);
    }
    const superseded = proposal.supersededAt;
    if (cmd.planHash === void 0 && typeof superseded === "string" && !(secondOf(cmd.previousCommentAt) > secondOf(superseded))) {
      return refuse2(
        state,
        `This issue has had more than one proposal, and the earlier ones were replaced after your last comment here (${superseded}), so a bare /approve could mean one of them. Review the proposal of plan ${current} and reply "/approve ${hashPrefix(current ?? "")}" to approve it.`
      );
    }
  }
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, current)) {
    return refuse2(state, `This approval names plan ${cmd.planHash}, but the proposed plan is ${current ?? "without a hash"}. Review the proposal and approve again.`);
  }
  const digests = stepDigests(state.plan);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    approval: {
      by: cmd.by,
      at: now.toISOString(),
      planHash: current ?? "",
      ...cmd.commentId !== void 0 ? { commentId: cmd.commentId } : {},
      ...digests ? { stepDigests: digests } : {}
    },
    ...cmd.delayMinutes !== void 0 ? { stepDelayMinutes: cmd.delayMinutes } : {}
  };
  const delay = cmd.delayMinutes ? ` with ${cmd.delayMinutes} min between steps` : "";
  return { state: next, changed: true, reply: `Approved plan ${current ?? "(no hash)"} by @${cmd.by}${delay}. Starting.`, notices: [] };
}
function secondOf(iso) {
  return Math.floor(Date.parse(iso ?? "") / 1e3);
}
function requestCancel(state, cmd, now) {
  if (state.status === "DONE" || state.status === "CANCELLED") return refuse2(state, `Nothing to cancel: the plan is ${state.status}.`);
  if (state.cancelRequested) return refuse2(state, "A cancel is already requested.");
  const request = { by: cmd.by, at: now.toISOString(), ...cmd.reason ? { reason: cmd.reason } : {} };
  const stepId = activeStepId(state);
  const inFlight = stepId !== void 0 && stepRun(state, stepId).status === "IN_PROGRESS";
  if (inFlight) {
    return { state: { ...state, cancelRequested: request }, changed: true, reply: `Cancel requested by @${cmd.by}; stopping ${stepId}.`, notices: [] };
  }
  const ended = cancel({ ...state, cancelRequested: request });
  return { state: ended.state, changed: true, reply: `Cancelled by @${cmd.by}.`, notices: ended.notices };
}
function targetStep(state, named) {
  const stepId = currentStepId(state);
  if (stepId === void 0) return { error: "every step has finished" };
  if (named !== void 0 && named !== stepId) {
    return { error: `only the current step (${stepId}) can be targeted, got "${named}"` };
  }
  return { stepId };
}
function clearBlockers(state, stepId) {
  return (state.blockers ?? []).filter((b) => !b.startsWith(`${stepId}: `));
}
function unblock(state, named, verb) {
  if (state.status !== "BLOCKED") return refuse2(state, `Nothing to ${verb}: the plan is ${state.status}, not BLOCKED.`);
  if (!state.approval && state.planHash !== void 0) {
    const next2 = { ...state, status: "AWAITING_APPROVAL", blockers: [], notBefore: null };
    return { state: next2, changed: true, reply: `This plan (${state.planHash}) was never approved: it now awaits approval. Review its proposal, then /approve it.`, notices: [] };
  }
  const target = targetStep(state, named);
  if ("error" in target) return refuse2(state, `Cannot ${verb}: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const neverRan = run.status === "PENDING" && (run.attempts?.length ?? 0) === 0;
  const status = run.status === "DONE" ? "DONE" : neverRan ? "PENDING" : "FAILED";
  const stepRuns = { ...state.stepRuns, [stepId]: { ...run, status, tries: 0, firstStartedAt: null } };
  for (const fixer of remediationTargets(state.plan, stepId)) {
    const r = stepRuns[fixer];
    if (r && r.status !== "IN_PROGRESS") stepRuns[fixer] = { ...r, tries: 0, firstStartedAt: null };
  }
  const next = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    notBefore: null,
    stepRuns
  };
  return { state: next, changed: true, reply: `Retrying ${stepId} with a fresh set of attempts.`, notices: [] };
}
function skip(state, named, now) {
  if (state.status !== "BLOCKED" && state.status !== "IN_PROGRESS" && !state.gate) return refuse2(state, `Nothing to skip: the plan is ${state.status}.`);
  const target = targetStep(state, named);
  if ("error" in target) return refuse2(state, `Cannot skip: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const running = activeStepId(state);
  if (running !== void 0 && stepRun(state, running).status === "IN_PROGRESS") {
    return refuse2(state, `Cannot skip ${stepId} while an attempt${running === stepId ? "" : ` of its remediation step ${running}`} is running; /cancel it first or wait.`);
  }
  const skipped = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    ...state.gate ? { gate: null } : {},
    stepRuns: { ...state.stepRuns, [stepId]: { ...run, status: "SKIPPED" } }
  };
  const moved = advance(skipped, now);
  return { state: moved.state, changed: true, reply: `Skipped ${stepId}.`, notices: moved.notices };
}
function resume(state) {
  if (state.status === "BLOCKED") return unblock(state, void 0, "resume");
  if (state.status === "CANCELLED" || state.cancelRequested) {
    const stepId = currentStepId(state);
    const stepRuns = { ...state.stepRuns };
    const run = stepId !== void 0 ? stepRuns[stepId] : void 0;
    if (stepId !== void 0 && run && run.status !== "DONE" && run.status !== "SKIPPED" && run.status !== "IN_PROGRESS") {
      stepRuns[stepId] = { ...run, status: "PENDING", tries: 0, firstStartedAt: null };
    }
    const status = state.stepQueue.length === state.currentStep ? "DONE" : "IN_PROGRESS";
    return { state: { ...state, status, cancelRequested: null, stepRuns }, changed: true, reply: "Resumed.", notices: [] };
  }
  return refuse2(state, `Nothing to resume: the plan is ${state.status}.`);
}
function statusLine(state) {
  const stepId = currentStepId(state);
  const run = stepId !== void 0 ? stepRun(state, stepId) : void 0;
  const where = stepId !== void 0 && state.status !== "DONE" ? `; current step ${stepId} (${run?.status ?? "PENDING"}, ${countOf(run?.tries ?? 0, "try", "tries")})` : "";
  const wait = state.status === "IN_PROGRESS" && state.notBefore ? `; next step not before ${state.notBefore}` : "";
  const gate = state.status === "AWAITING_APPROVAL" && state.gate ? `; paused at the gate of ${state.gate.stepId}: /approve to run it` : "";
  const blockers = state.status === "BLOCKED" && state.blockers?.length ? `; blocked: ${state.blockers[state.blockers.length - 1]}` : "";
  return `Plan is ${state.status}: ${stepProgress(state, "present")}${where}${wait}${gate}${blockers}.`;
}

// src/engine/inbox-session.ts
var InboxSession = class {
  constructor(deps, ledger, gate) {
    this.deps = deps;
    this.ledger = ledger;
    this.gate = gate;
  }
  deps;
  ledger;
  gate;
  /** What answering people without permission has cost this tick. */
  refusals = { answered: /* @__PURE__ */ new Set(), reactions: 0 };
  /** Reads the inbox and applies what it holds; a batch that changes the state is one write. */
  async apply() {
    const { inbox, log } = this.deps;
    if (!inbox) return;
    const { items, memo } = await inbox.read(this.ledger.state.inbox ?? {});
    if (memo) this.ledger.remember(memo);
    if (!items.length) return;
    let state = this.ledger.state;
    let changed = false;
    const notices = [];
    const replies = [];
    for (const item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, true]);
        log.warn(`Command /${item.command.kind} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      const outcome = await this.gate.confirm(state, applyCommand(state, item.command, this.deps.clock.now()));
      state = outcome.state;
      changed ||= outcome.changed;
      notices.push(...outcome.notices);
      replies.push([item, outcome.reply, outcome.refused === true]);
      log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      const checked = this.gate.transition(state);
      if (checked) {
        state = checked.state;
        notices.push(...checked.notices);
      }
    }
    const cursors = {};
    for (const item of items) {
      const key = item.cursorKey ?? inbox.cursorKey;
      cursors[key] = Math.max(cursors[key] ?? 0, item.cursor);
    }
    if (changed) {
      state = { ...state, inbox: { ...state.inbox, ...cursors } };
      await this.ledger.commit({ state, notices }, { kind: "update", message: `commands: ${items.map((i) => `/${i.command.kind}`).join(" ")}` });
    } else {
      for (const [key, last] of Object.entries(cursors)) {
        const seen = Number(this.ledger.remembered?.[key] ?? 0);
        this.ledger.remember({ [key]: Math.max(seen, last) });
      }
    }
    for (const [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    const { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (const [i, [item, text, refused]] of replies.entries()) {
      const answer2 = answers[i] === "reply" || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === "react" ? inbox.react(item) : void 0;
      await answer2?.catch((err) => log.warn(`Could not reply: ${describeError(err)}`));
    }
  }
};
function inboxCursor(ledger) {
  return { ...ledger.state.inbox, ...ledger.remembered };
}
function pollForCancel({ inbox, cursor, pollMs, stopGraceMs, log }) {
  return (brake) => {
    if (!inbox || !pollMs) return () => {
    };
    const memo = { ...cursor };
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      inbox.read(memo).then(({ items }) => {
        if (items.some((i) => i.command.kind === "cancel" && !i.refusal)) {
          log.warn(`Cancel requested: asking the agent to stop (${Math.round(stopGraceMs / 1e3)} s to exit on its own).`);
          brake.abort();
        }
      }).catch((err) => log.debug(`Inbox poll failed: ${describeError(err)}`)).finally(() => {
        busy = false;
      });
    }, pollMs);
    timer.unref();
    return () => clearInterval(timer);
  };
}

// src/engine/step-preflight.ts
var OUTPUT_QUOTE = 300;
async function stepRequirements(engine, state, def, stepId) {
  const { deps } = engine;
  const problems = engine.cfg.handOff ? [] : [...await configuredChecks(engine, state, def, stepId)];
  const rules = def.validate ?? [];
  const dbRule = rules.findIndex((rule) => "db_query" in rule);
  if (dbRule >= 0) {
    const problem = deps.verifier.databaseProblem?.() ?? null;
    if (problem) problems.push(`plan.steps.${stepId}.validate[${dbRule}].db_query: ${problem}`);
  }
  return problems;
}
async function configuredChecks({ deps, cfg }, state, def, stepId) {
  const checks = preflightOf(state.plan, stepId);
  const problems = [];
  for (const tool of checks.tools) {
    if (!await deps.agent.resolve(tool)) problems.push(`preflight: the tool "${tool}" is not on PATH`);
  }
  const given = { ...cfg.agentEnv, ...def.env };
  for (const name of checks.env) {
    const set = (given[name] ?? "") !== "" || deps.agent.hasEnv?.(name) === true;
    if (!set) problems.push(`preflight: the environment variable ${name} is not set`);
  }
  const env = { ...cfg.agentEnv, ...def.env, SEQUENCER_PLAN_ID: state.planId ?? "plan", SEQUENCER_STEP_ID: stepId, SEQUENCER_WORKSPACE: deps.workspace.root };
  for (const argv of checks.commands) {
    const r = await deps.verifier.runCheck(argv, { timeoutMs: PREFLIGHT_COMMAND_SECONDS * 1e3, env });
    if (r.exitCode === 0 && !r.timedOut && !r.spawnError) continue;
    const how = r.spawnError ? `could not start (${r.spawnError})` : r.timedOut ? `took longer than ${PREFLIGHT_COMMAND_SECONDS} s` : r.exitCode === null ? "was killed by a signal" : `exited with code ${r.exitCode}`;
    const said = (r.stderr.trim() || r.stdout.trim()).slice(-OUTPUT_QUOTE);
    problems.push(`preflight: the command ${commandLine(argv)} ${how}${said ? `: ${said}` : ""}`);
  }
  return problems;
}

// src/engine/attempt.ts
async function runAttempt(engine, ledger, baseSync, d, report) {
  const prepared = await prepare(engine, ledger, baseSync, d, report);
  if (prepared.kind === "budget") return "budget";
  if (prepared.kind === "not-started") return "next";
  if (engine.cfg.handOff) return { handOff: prepared.start };
  const { deps, cfg } = engine;
  const watch = pollForCancel({ inbox: deps.inbox, cursor: inboxCursor(ledger), pollMs: cfg.inboxPollMs, stopGraceMs: cfg.stopGraceMs ?? 0, log: deps.log });
  const verdict = await runAgent(engine, ledger.state, prepared.start, watch);
  await finish(engine, ledger, prepared.start, verdict);
  return "next";
}
async function prepare(engine, ledger, baseSync, d, report) {
  const { deps, cfg } = engine;
  const def = stepDef(ledger.state, d.stepId);
  const pre = await preflight(engine, ledger.state, def, d.stepId);
  if (!pre.ok) {
    await refuse3(engine, ledger, d, pre.problems, report);
    return { kind: "not-started" };
  }
  const now = deps.clock.now();
  const timeoutMs = attemptTimeoutMs(def, stepRun(ledger.state, d.stepId), cfg.limits, now);
  if (!fitsTimeBudget(now, timeoutMs, cfg.deadline)) {
    deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 6e4)} min); a later run continues.`);
    return { kind: "budget" };
  }
  if (!await baseSync.beforeAttempt(ledger, d)) return { kind: "not-started" };
  const start = {
    stepId: d.stepId,
    n: d.n,
    prompt: d.prompt,
    retry: d.retry,
    ...d.detourFor ? { detourFor: d.detourFor } : {},
    argv: pre.argv,
    program: pre.program,
    timeoutMs,
    ...pre.stream ? { stream: pre.stream } : {}
  };
  await checkpoint(engine, ledger, start, now);
  return { kind: "started", start };
}
async function preflight(engine, state, def, stepId) {
  const { deps, cfg } = engine;
  if (def.run !== void 0) {
    const source2 = `plan.steps.${stepId}.run`;
    const program2 = def.run[0] !== void 0 ? await deps.agent.resolve(def.run[0]) : null;
    const problems2 = program2 ? [...await deps.workspace.preflight(def.requiredOutputs ?? []), ...await stepRequirements(engine, state, def, stepId)] : [`${source2}: "${def.run[0] ?? ""}" not found on PATH (command: ${JSON.stringify(def.run)})`];
    return problems2.length || !program2 ? { ok: false, problems: problems2 } : { ok: true, argv: [...def.run], program: program2 };
  }
  const command = def.agent ?? cfg.agentCommand;
  const source = def.agent ? `plan.steps.${stepId}.agent` : cfg.agentSource ?? "STEP_AGENT_CMD";
  const argv = command ? parseAgentCommand(command, source) : [];
  const program = argv[0] !== void 0 ? await deps.agent.resolve(argv[0]) : null;
  const problems = !command ? [noAgentCommandText(stepId, cfg.agentSurface ?? "cli")] : program ? [...await deps.workspace.preflight(def.requiredOutputs ?? []), ...await stepRequirements(engine, state, def, stepId)] : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`];
  if (problems.length || !program) return { ok: false, problems };
  const stream = streamCommand(argv);
  return { ok: true, argv: stream?.argv ?? argv, program, ...stream?.parse ? { stream: stream.agent } : {} };
}
async function refuse3({ deps, cfg }, ledger, d, problems, report) {
  const reason = `preflight failed: ${problems.join("; ")}`;
  if (cfg.preflight !== "block") throw new ConfigError(problems.join("\n"));
  deps.log.error(`${d.stepId} ${reason}`);
  report(`${d.stepId} ${reason}`);
  const blocked = blockedStepId(ledger.state, d);
  await ledger.commit(block(ledger.state, blocked, reason), { kind: "update", message: `${blocked} blocked: preflight failed` });
}
async function checkpoint({ cfg }, ledger, start, now) {
  const logFile = shownPath(cfg.logDir, attemptPaths(cfg.logDir, start.stepId, start.n).logFile);
  await ledger.commit(startAttempt(ledger.state, { stepId: start.stepId, n: start.n, owner: cfg.owner, now, leaseMs: start.timeoutMs + cfg.leaseMarginMs, logFile }), {
    kind: "checkpoint",
    message: `${start.stepId} attempt ${start.n} started`
  });
}
async function finish({ deps, cfg }, ledger, attempt, verdict) {
  const state = ledger.state;
  const done = verdict.outcome === "succeeded" || verdict.outcome === "recovered";
  const retry = retryAt(verdict, { def: stepDef(state, attempt.stepId), run: stepRun(state, attempt.stepId), limits: cfg.limits, now: deps.clock.now(), random: cfg.random ?? Math.random });
  if (retry) deps.log.info(`${attempt.stepId} will be retried after ${retry.at} (retry backoff, ${Math.round(retry.waitMs / 1e3)} s).`);
  const last = !attempt.detourFor && done && state.currentStep === state.stepQueue.length - 1;
  const reopen = last ? await missingDoneOutputs(state, state.currentStep, deps) : /* @__PURE__ */ new Map();
  const records = await keptCommandLog({ deps, cfg }, attempt);
  await ledger.commit(finishAttempt(state, attempt.stepId, verdict, deps.clock.now(), { ...attempt.detourFor ? { detourFor: attempt.detourFor } : {}, ...reopen.size ? { reopen } : {}, ...retry ? { retryAt: retry.at } : {} }), {
    kind: done ? "completion" : "update",
    message: `${attempt.stepId} attempt ${attempt.n} ${verdict.outcome}`,
    ...records.length ? { records } : {}
  });
}
async function keptCommandLog({ deps, cfg }, attempt) {
  const read = await deps.attemptFiles.read(attemptPaths(cfg.logDir, attempt.stepId, attempt.n).commandLog, 32 * 1024 * 1024);
  if (read.kind !== "text" || read.text === "") return [];
  return [{ path: commandLogRecord(attempt.stepId, attempt.n), text: boundedCommandLog(read.text) }];
}

export {
  gateOf,
  gateClosed,
  pauseAtGate,
  attemptPaths,
  judge,
  runAgent,
  missingDoneOutputs,
  InboxSession,
  runAttempt,
  preflight,
  finish
};
