import {
  claudeSettingsText,
  toolSubject
} from "./chunk-FQEWC6NM.js";
import {
  dashPromptPlace,
  stepDigests,
  streamAgentOf,
  streamCommand
} from "./chunk-ANOSUW4P.js";
import {
  MAX_RAISE,
  hashPrefix,
  namesPlanHash
} from "./chunk-L5MZAUVI.js";
import {
  activeStepId,
  advance,
  attemptOfRound,
  attemptsText,
  block,
  budgetAmount,
  budgetFlag,
  budgetName,
  cancel,
  emptyUsage,
  finishAttempt,
  groupDigits,
  planTotals,
  remediationTargets,
  renderEvent,
  routeOf,
  startAttempt,
  stepProgress,
  stepTotals,
  tokenAllowance,
  totalTokens,
  usageText,
  withExecForwarder
} from "./chunk-J73L5JYA.js";
import {
  boundedCommandLog,
  commandLogRecord,
  policyFileText,
  summarizeCommandLog
} from "./chunk-7JTDDRLV.js";
import {
  lineEcho
} from "./chunk-XI2UETZT.js";
import {
  refusalAnswers
} from "./chunk-PSDTEU6M.js";
import {
  oneLine
} from "./chunk-NEPVVNT5.js";
import {
  HeadTailBuffer,
  USAGE_FILE_MAX_BYTES,
  boundedUsage,
  parseUsageFile
} from "./chunk-H3KJFUGS.js";
import {
  PREFLIGHT_COMMAND_SECONDS,
  commitSelection,
  expandAgentVariables,
  noAgentCommandText,
  parseAgentCommand,
  preflightOf
} from "./chunk-O2X2K62E.js";
import {
  commandLine,
  effectivePolicy,
  toolBudgetProblem
} from "./chunk-PY777ZN4.js";
import {
  attemptId,
  attemptTimeoutMsFor,
  currentStepId,
  maxAttemptsFor,
  nextAttemptNumber,
  retryBackoffSecondsFor,
  roundOf,
  runAgain,
  stepDef,
  stepRun,
  stepTimeLeftMs,
  withNewRound
} from "./chunk-IU6TIPQF.js";
import {
  OVERFLOW_STOP_MESSAGE,
  STOP_MESSAGE,
  TIMEOUT_STOP_MESSAGE,
  budgetStopMessage,
  stoppedText
} from "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  DEFAULT_PAYLOAD_MAX_BYTES,
  evaluateRules,
  inheritedPayloads,
  interpretPayload,
  validationFailure
} from "./chunk-IYAFPMAX.js";
import {
  ConfigError,
  describeError,
  exactDuration,
  nearestName,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/engine/step-contract.ts
import path from "node:path";

// src/core/tick/declared-result.ts
var DECLARED_STATUSES = ["completed", "cancelled", "overflow", "failed"], RESULT_MAX_BYTES = 16 * 1024, REASON_MAX_CHARS = 500, WHERE = "$SEQUENCER_RESULT_FILE";
function interpretResult(read) {
  if (read.kind === "missing") return { ok: !0 };
  if (read.kind === "too-large") return { ok: !1, error: `the result in ${WHERE} is ${read.bytes} bytes, more than ${RESULT_MAX_BYTES}; expected {"status": \u2026, "reason": \u2026}` };
  if (read.kind === "unreadable") return { ok: !1, error: `could not read the result in ${WHERE}: ${read.reason}` };
  let value;
  try {
    value = JSON.parse(read.text.replace(/^\uFEFF/, ""));
  } catch {
    return { ok: !1, error: `the result in ${WHERE} is not valid JSON; expected {"status": "${DECLARED_STATUSES.join('" | "')}", "reason": "\u2026"}` };
  }
  if (value === null || typeof value != "object" || Array.isArray(value))
    return { ok: !1, error: `the result in ${WHERE} must be a JSON object with "status", got ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}` };
  let { status, reason } = value;
  if (typeof status != "string" || !DECLARED_STATUSES.includes(status))
    return { ok: !1, error: `the result in ${WHERE} has status ${shortJson(status)}; expected one of ${DECLARED_STATUSES.join(", ")}` };
  if (reason != null && typeof reason != "string") return { ok: !1, error: `the result in ${WHERE} has a reason that is not a string (${shortJson(reason)})` };
  let text = typeof reason == "string" ? oneLine(reason, REASON_MAX_CHARS, { squeezeSpaces: !0 }) : "";
  return { ok: !0, declared: { status, ...text ? { reason: text } : {} } };
}
function declaredText(d) {
  return `the agent declared the attempt ${d.status}${d.reason ? `: ${d.reason}` : " (no reason given)"}`;
}
function shortJson(value) {
  let text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// src/core/tick/people.ts
function peopleOf(state, localUser) {
  let requester = nonEmpty(state.requestedBy) ?? localUser, approver = nonEmpty(state.approval?.by) ?? localUser;
  return { ...requester ? { requester } : {}, ...approver ? { approver } : {} };
}
function peopleEnv(p) {
  return { ...p.requester ? { SEQUENCER_REQUESTER: p.requester } : {}, ...p.approver ? { SEQUENCER_APPROVER: p.approver } : {} };
}
function fillPeople(text, p) {
  return text.includes("{{") ? text.replace(/\{\{\s*(requester|approver)\s*\}\}/g, (whole, who) => p[who] ?? whole) : text;
}
function nonEmpty(value) {
  return typeof value == "string" && value.trim() !== "" ? value : void 0;
}

// src/engine/step-contract.ts
var STDOUT_COPY = ".stdout";
function isStdoutCopy(file) {
  return file.endsWith(STDOUT_COPY);
}
function attemptPaths(logDir, stepId, n) {
  let base = `${logDir}/${stepId}/attempt-${n}`;
  return {
    logFile: `${base}.log`,
    stdoutFile: `${base}${STDOUT_COPY}`,
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
  await files.remove(paths.payloadFile), await files.remove(paths.resultFile), await files.remove(paths.stopFile), await files.remove(paths.commandLog), await files.remove(paths.usageFile), await files.remove(paths.logFile), await files.remove(paths.stdoutFile), guard && (await files.write(paths.policyFile, guard.policyText), guard.claudeSettingsText !== void 0 && await files.write(paths.claudeSettings, guard.claudeSettingsText)), def.inheritPayload === !0 && await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}
`);
}
function forwarder(cliCommand) {
  return cliCommand ? commandLine([...cliCommand, "exec"]) : "agent-step-sequencer exec";
}
function attemptEnv(state, { stepId, n }, paths, site) {
  let def = stepDef(state, stepId);
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
    ...def.inheritPayload === !0 ? { SEQUENCER_INPUT_FILE: paths.inputFile } : {}
  };
}
function contractChecks(deps, state, def, paths, env, signal) {
  let maxBytes = deps.payloadMaxBytes, rules = def.validate ?? [];
  return {
    readPayload: async () => interpretPayload(await deps.files.read(paths.payloadFile, maxBytes), { maxBytes, expected: def.expectPayload === !0 }),
    readResult: async () => interpretResult(await deps.files.read(paths.resultFile, RESULT_MAX_BYTES)),
    ...rules.length ? {
      checkRules: (payload) => evaluateRules(rules, {
        verifier: deps.verifier,
        payload,
        payloadOf: (id) => state.stepRuns[id]?.payload,
        env,
        logFileFor: paths.checkLog,
        ...deps.now ? { now: deps.now() } : {},
        ...signal ? { signal } : {}
      }),
      ...signal ? { signal } : {}
    } : {}
  };
}

// src/engine/attempt-judge.ts
import path2 from "node:path";

// src/core/tick/output-tolerance.ts
function allowedMissing(tolerance, total) {
  return !tolerance || tolerance <= 0 || total <= 0 ? 0 : Math.min(total - 1, Math.floor(tolerance * total + 1e-9));
}
function missingOutputsText(missing, total, tolerance) {
  let allowance = tolerance ? ` (${missing.length} of ${total}; outputTolerance ${tolerance} allows ${allowedMissing(tolerance, total)})` : "";
  return `Missing required outputs: ${missing.join(", ")}${allowance}`;
}

// src/core/tick/judge-attempt.ts
var ERROR_TAIL = 1500, CHECKS_CANCELLED = "stopped by a cancel request while its validation rules were checked (the agent had exited with code 0): the checks were ended, so the attempt has no verdict";
async function judgeAttempt(result, ctx) {
  let base = { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, durationMs: result.durationMs, outputs: [] };
  if (result.spawnError) return { ...base, outcome: "failed", error: `could not start the agent: ${result.spawnError}` };
  if (result.cancelled) return { ...base, outcome: "cancelled", error: `stopped by a cancel request: ${stoppedText(result.stoppedBy)}`, ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {} };
  if (result.overflowed) {
    let limit = ctx.maxOutputBytes !== void 0 ? `the step's limit of ${ctx.maxOutputBytes} bytes` : "the step's limit";
    return {
      ...base,
      outcome: "overflow",
      error: `the agent's output passed ${limit} (maxOutputBytes): it printed at least ${result.outputBytes} bytes and was stopped`,
      ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}
    };
  }
  if (result.timedOut) {
    let how = result.stoppedBy === "agent" ? "the agent stopped by itself after its stop file appeared" : "process group terminated";
    return {
      ...base,
      outcome: "timed_out",
      timeoutMinutes: ctx.timeoutMs / 6e4,
      error: `timed out after ${exactDuration(ctx.timeoutMs, "min")} (${how})${detail(result, ctx.logFile)}`,
      ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}
    };
  }
  let said = ctx.readResult ? await ctx.readResult() : { ok: !0 };
  if (!said.ok && result.exitCode === 0) return { ...base, outcome: "failed", error: said.error };
  let word = said.ok ? said.declared : void 0, declared = word ? { declared: word } : {};
  if (word && word.status !== "completed") {
    let code = result.exitCode !== 0 ? ` (${result.exitCode === null ? `killed by ${result.signal ?? "a signal"}` : `exit code ${result.exitCode}`})` : "";
    return { ...base, ...declared, outcome: word.status === "overflow" ? "overflow" : "failed", error: `${declaredText(word)}${code}` };
  }
  if (result.exitCode !== 0) {
    let how = result.exitCode === null ? `was killed by ${result.signal ?? "a signal"}` : `exited with code ${result.exitCode}`;
    return { ...base, ...declared, outcome: "failed", error: `agent ${how}${detail(result, ctx.logFile)}` };
  }
  let missing = await ctx.missingOutputs(ctx.requiredOutputs), total = ctx.requiredOutputs.length;
  if (missing.length > allowedMissing(ctx.outputTolerance, total)) return { ...base, ...declared, outcome: "failed", error: missingOutputsText(missing, total, ctx.outputTolerance) };
  let tolerated = missing.length ? { missingOutputs: missing } : {}, present = missing.length ? ctx.requiredOutputs.filter((o) => !missing.includes(o)) : ctx.requiredOutputs, read = ctx.readPayload ? await ctx.readPayload() : { ok: !0, payload: void 0 };
  if (!read.ok) return { ...base, ...declared, outcome: "failed", error: read.error };
  let payload = read.payload !== void 0 ? { payload: read.payload } : {}, results = ctx.checkRules ? await ctx.checkRules(read.payload) : [];
  if (ctx.signal?.aborted) return { ...base, ...declared, outcome: "cancelled", error: CHECKS_CANCELLED, stoppedBy: "agent" };
  let failure = validationFailure(results);
  return failure ? { ...base, ...declared, outcome: "failed", error: failure, failedRules: results.filter((r) => !r.ok).map((r) => r.rule) } : { ...base, ...declared, ...payload, ...tolerated, outcome: "succeeded", error: null, outputs: present };
}
function judgeToolBudget(verdict, problem) {
  if (!problem) return verdict;
  if (verdict.outcome === "succeeded" || verdict.outcome === "recovered") {
    let { payload: _dropped, ...rest } = verdict;
    return { ...rest, outcome: "failed", error: problem, outputs: [] };
  }
  return verdict.outcome === "failed" ? { ...verdict, error: `${problem}; also: ${verdict.error ?? "failed"}` } : verdict;
}
function detail(result, logFile) {
  let text = (result.stderr.trim() || result.stdout.trim()).slice(-ERROR_TAIL), where = ` (full log: ${logFile})`;
  return text ? `: ${text}${where}` : where;
}

// src/engine/attempt-judge.ts
var COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;
async function judge(engine, state, subject, result, signal) {
  let { deps, cfg } = engine, def = stepDef(state, subject.stepId), paths = attemptPaths(cfg.logDir, subject.stepId, subject.n), env = attemptEnv(state, subject, paths, attemptSite(engine)), contract = { verifier: deps.verifier, files: deps.attemptFiles, payloadMaxBytes: cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES, now: () => deps.clock.now() }, verdict = withShownPaths(
    await judgeAttempt(result, {
      requiredOutputs: def.requiredOutputs ?? [],
      ...def.outputTolerance ? { outputTolerance: def.outputTolerance } : {},
      ...def.maxOutputBytes !== void 0 ? { maxOutputBytes: def.maxOutputBytes } : {},
      missingOutputs: (outputs) => deps.workspace.missingOutputs(outputs),
      timeoutMs: subject.timeoutMs,
      logFile: shownAttemptFile(cfg, paths.logFile),
      ...contractChecks(contract, state, def, paths, env, signal)
    }),
    cfg
  ), toolCalls = await countToolCalls(engine, paths);
  toolCalls && (verdict.toolCalls = toolCalls, deps.log.info(`${subject.stepId} attempt ${subject.n}: ${countOf(toolCalls.calls, "tool call")}, ${toolCalls.denied} denied (${shownAttemptFile(cfg, paths.commandLog)}).`)), verdict.missingOutputs?.length && deps.log.warn(
    `${subject.stepId} attempt ${subject.n} is done without ${verdict.missingOutputs.length} of its ${def.requiredOutputs?.length ?? 0} required outputs (outputTolerance ${def.outputTolerance}): ${verdict.missingOutputs.join(", ")}.`
  );
  let judged = judgeToolBudget(verdict, toolBudgetProblem(effectivePolicy(state.plan, subject.stepId), toolCalls));
  return (judged.outcome === "succeeded" || judged.outcome === "recovered") && Object.assign(judged, await changedFiles(engine, state, subject)), judged;
}
async function changedFiles({ deps, cfg }, state, subject) {
  let started = stepRun(state, subject.stepId).attempts?.find((a) => a.n === subject.n)?.startedAt;
  if (!deps.workspace.changedFiles || !started) return {};
  let stateFile = cfg.logDir.replace(/\.logs$/, ""), rel = path2.relative(deps.workspace.root, stateFile).split(path2.sep).join("/"), exclude = [".sequencer/", ...rel && !rel.startsWith("..") && !path2.isAbsolute(rel) ? [rel] : []];
  try {
    let found = await deps.workspace.changedFiles(new Date(started), { exclude, limit: 100 });
    return { ...found.files.length ? { changedFiles: found.files } : {}, ...found.more ? { changedFilesMore: found.more } : {} };
  } catch (err) {
    return deps.log.warn(`The files ${subject.stepId} attempt ${subject.n} changed could not be listed: ${err instanceof Error ? err.message : String(err)}.`), {};
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
  let read = await deps.attemptFiles.read(paths.commandLog, COMMAND_LOG_MAX_BYTES);
  if (read.kind === "text") return summarizeCommandLog(read.text);
  read.kind !== "missing" && deps.log.warn(`The command log ${paths.commandLog} was not counted: ${read.kind === "too-large" ? `${read.bytes} bytes, more than ${COMMAND_LOG_MAX_BYTES}` : read.reason}.`);
}
function shownAttemptFile(cfg, file) {
  return cfg.attemptFileText ? cfg.attemptFileText(path2.relative(cfg.logDir, file)) : shownPath(cfg.logDir, file);
}
function withShownPaths(value, cfg) {
  let escape = (text) => JSON.stringify(text).slice(1, -1), json = JSON.stringify(value);
  if (cfg.attemptFileText) {
    let [first = "", ...rest] = json.split(escape(`${cfg.logDir}${path2.sep}`));
    json = first + rest.map((piece) => {
      let relative = /^[^"\s)\]\\]+/.exec(piece)?.[0] ?? "";
      return escape(cfg.attemptFileText(relative)) + piece.slice(relative.length);
    }).join("");
  }
  let prefix = `${path2.dirname(cfg.logDir)}${path2.sep}`;
  return prefix.length > 1 && (json = json.split(escape(prefix)).join("")), JSON.parse(json);
}

// src/core/agent-stream/fields.ts
function obj(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value) ? value : void 0;
}
function arr(value) {
  return Array.isArray(value) ? value : [];
}
function str(value) {
  return typeof value == "string" ? value : void 0;
}
function num(value) {
  return typeof value == "number" && Number.isFinite(value) && value >= 0 ? value : void 0;
}
function count(value) {
  let n = num(value);
  return n === void 0 ? 0 : Math.floor(n);
}
function contentText(value) {
  return typeof value == "string" ? value : arr(value).map((block2) => str(obj(block2)?.text) ?? "").filter((t) => t !== "").join(`
`);
}
function apiErrorText(text) {
  let m = /^(\[?API Error: )?(\{.*\})\]?$/s.exec(text.trim());
  if (!m) return text;
  try {
    let doc = obj(JSON.parse(m[2])), error = obj(doc?.error), message = str(error?.message) ?? str(doc?.message);
    if (!message) return text;
    let status = [num(error?.code), str(error?.status)].filter((x) => x !== void 0).join(" ");
    return `${m[1] ? "API Error: " : ""}${message}${status ? ` (${status})` : ""}`;
  } catch {
    return text;
  }
}
function mainModel(table, tokens) {
  let best, most = -1;
  for (let [name, entry] of Object.entries(obj(table) ?? {})) {
    let n = tokens(obj(entry) ?? {});
    n > most && (best = name, most = n);
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
    if (this.map.delete(key), this.map.set(key, value), this.map.size > this.max) {
      let oldest = this.map.keys().next().value;
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
        return this.partial(e), [];
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
    let sum = { ...this.older };
    for (let m of this.messages.values())
      sum.input += m.input, sum.cacheRead += m.cacheRead, sum.cacheWrite += m.cacheWrite, sum.output += m.output;
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
    if (e.subtype === "init")
      return this.sessionId = str(e.session_id) ?? this.sessionId, this.model = str(e.model) ?? this.model, [{ kind: "start", ...this.sessionId ? { sessionId: this.sessionId } : {}, ...this.model ? { model: this.model } : {} }];
    if (e.subtype === "api_retry") {
      let status = num(e.error_status), why = [status !== void 0 ? String(status) : "", str(e.error) ?? ""].filter(Boolean).join(" ");
      return [{ kind: "notice", message: `API retry ${count(e.attempt)}/${count(e.max_retries)}${why ? ` (${why})` : ""}` }];
    }
    return e.subtype === "compact_boundary" ? [{ kind: "notice", message: "Context compacted" }] : [];
  }
  assistant(e) {
    let message = obj(e.message) ?? {};
    if (e.is_api_error_message === !0 || message.model === "<synthetic>") return [];
    this.countMessage(str(message.id), obj(message.usage));
    let out = [];
    for (let block2 of arr(message.content)) {
      let b = obj(block2);
      if (b) {
        if (b.type === "text") {
          let text = str(b.text);
          text && text.trim() !== "" && out.push({ kind: "text", text });
        } else if (b.type === "tool_use") {
          let tool = str(b.name) ?? "tool", id = str(b.id);
          id && this.tools.set(id, tool), out.push({ kind: "tool", tool, subject: toolSubject(b.input), ...id ? { id } : {} });
        }
      }
    }
    return out;
  }
  toolResults(e) {
    let out = [];
    for (let block2 of arr(obj(e.message)?.content)) {
      let b = obj(block2);
      if (!b || b.type !== "tool_result" || b.is_error !== !0) continue;
      let id = str(b.tool_use_id), tool = id ? this.tools.get(id) : void 0, message = contentText(b.content).replace(/<\/?tool_use_error>/g, "");
      out.push({ kind: "tool-error", message, ...tool ? { tool } : {}, ...id ? { id } : {} });
    }
    return out;
  }
  /** --include-partial-messages: message_start and message_delta carry the message's usage as it grows. */
  partial(e) {
    let event = obj(e.event) ?? {};
    if (event.type === "message_start") {
      let message = obj(event.message) ?? {};
      this.countMessage(str(message.id), obj(message.usage));
    } else if (event.type === "message_delta") {
      let id = str(e.api_message_id), m = id ? this.messages.get(id) : void 0;
      m && (m.output = Math.max(m.output, count(obj(event.usage)?.output_tokens)));
    }
  }
  countMessage(id, usage) {
    if (!id || !usage) return;
    let known = this.messages.get(id), tokens = {
      input: count(usage.input_tokens),
      cacheRead: count(usage.cache_read_input_tokens),
      cacheWrite: count(usage.cache_creation_input_tokens),
      output: Math.max(known?.output ?? 0, count(usage.output_tokens))
    };
    if (known) {
      Object.assign(known, tokens);
      return;
    }
    if (this.messages.set(id, tokens), this.messages.size > 64) {
      let [oldest, m] = this.messages.entries().next().value;
      this.older.input += m.input, this.older.cacheRead += m.cacheRead, this.older.cacheWrite += m.cacheWrite, this.older.output += m.output, this.messages.delete(oldest);
    }
  }
  result(e) {
    let u = obj(e.usage), running = this.usage(), sessionId = str(e.session_id) ?? this.sessionId, model = mainModel(e.modelUsage, (m) => count(m.inputTokens) + count(m.outputTokens) + count(m.cacheReadInputTokens) + count(m.cacheCreationInputTokens)) ?? this.model, cost = num(e.total_cost_usd), turns = num(e.num_turns), apiMs = num(e.duration_api_ms), isError = e.is_error === !0 || typeof e.subtype == "string" && e.subtype !== "success", usage = {
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
    let text = str(e.result) ?? (arr(e.errors).filter((x) => typeof x == "string").join("; ") || void 0);
    return { kind: "result", ok: !isError, ...text ? { text } : {}, usage };
  }
};

// src/core/agent-stream/codex-stream.ts
function unwrapShell(command) {
  let m = /^(?:\S*\/)?(?:bash|sh|zsh|dash) -l?c (.+)$/s.exec(command);
  if (!m) return command;
  let arg = m[1];
  return /^'.*'$/s.test(arg) ? arg.slice(1, -1).replace(/'\\''/g, "'") : arg;
}
function lastLine(text) {
  return text.split(`
`).filter((l) => l.trim() !== "").at(-1) ?? "";
}
var CodexStream = class {
  threadId;
  total = emptyUsage();
  done = !1;
  /** Items whose tool event was already shown at item.started. */
  started = new RecentMap(256);
  read(e) {
    switch (e.type) {
      case "thread.started":
        return this.threadId = str(e.thread_id), this.total.sessionId = this.threadId, [{ kind: "start", ...this.threadId ? { sessionId: this.threadId } : {} }];
      case "item.started":
        return this.item(obj(e.item), !1);
      case "item.completed":
        return this.item(obj(e.item), !0);
      case "turn.completed":
        return this.addUsage(obj(e.usage)), this.done = !0, [{ kind: "result", ok: !this.total.isError, usage: { ...this.total } }];
      case "turn.failed":
        return this.total.isError = !0, this.done = !0, [{ kind: "result", ok: !1, text: apiErrorText(str(obj(e.error)?.message) ?? "the turn failed"), usage: { ...this.total } }];
      case "error": {
        let message = str(e.message);
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
    let cached = count(u.cached_input_tokens), written = count(u.cache_write_input_tokens);
    this.total.inputTokens += Math.max(0, count(u.input_tokens) - cached - written), this.total.cacheReadTokens += cached, this.total.cacheWriteTokens += written, this.total.outputTokens += count(u.output_tokens);
  }
  item(item, completed) {
    if (!item) return [];
    let id = str(item.id), call = this.toolCall(item), out = [];
    if (call && (id && this.started.has(id) || out.push({ ...call, ...id ? { id } : {} }), id && !completed && this.started.set(id, !0)), !completed) return out;
    if (item.type === "agent_message") {
      let text = str(item.text);
      text && text.trim() !== "" && out.push({ kind: "text", text });
    } else if (item.type === "error") {
      let message = str(item.message);
      message && out.push({ kind: "notice", message: apiErrorText(message) });
    } else if (call) {
      let failure = this.failure(item);
      failure && out.push({ kind: "tool-error", tool: call.tool, message: failure, ...id ? { id } : {} });
    }
    return out;
  }
  toolCall(item) {
    switch (item.type) {
      case "command_execution":
        return { kind: "tool", tool: "Shell", subject: unwrapShell(str(item.command) ?? "") };
      case "file_change":
        return { kind: "tool", tool: "Patch", subject: arr(item.changes).map((c) => `${str(obj(c)?.kind) ?? "change"} ${str(obj(c)?.path) ?? "?"}`).join(", ") };
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
    let status = str(item.status);
    if (item.type === "command_execution") {
      let code = typeof item.exit_code == "number" ? item.exit_code : null;
      if (status !== "failed" && status !== "declined" && (code === null || code === 0)) return null;
      let output = lastLine(str(item.aggregated_output) ?? ""), what = status === "declined" ? "declined" : `exit ${code ?? "?"}`;
      return output ? `${what}: ${output}` : what;
    }
    return status !== "failed" && status !== "declined" ? null : str(obj(item.error)?.message) ?? str(item.error) ?? status;
  }
};

// src/core/agent-stream/gemini-stream.ts
var MAX_TEXT = 16 * 1024, GeminiStream = class {
  sessionId;
  model;
  text = "";
  final = null;
  tools = new RecentMap(256);
  read(e) {
    if (e.type === "message") {
      if (e.role !== "assistant") return [];
      let piece = str(e.content) ?? "";
      return e.delta === !0 ? (this.text.length < MAX_TEXT && (this.text = (this.text + piece).slice(0, MAX_TEXT)), []) : [...this.flush(), ...piece.trim() ? [{ kind: "text", text: piece }] : []];
    }
    let out = this.flush();
    switch (e.type) {
      case "init":
        this.sessionId = str(e.session_id), this.model = str(e.model), out.push({ kind: "start", ...this.sessionId ? { sessionId: this.sessionId } : {}, ...this.model ? { model: this.model } : {} });
        break;
      case "tool_use": {
        let tool = str(e.tool_name) ?? "tool", id = str(e.tool_id);
        id && this.tools.set(id, tool), out.push({ kind: "tool", tool, subject: toolSubject(e.parameters), ...id ? { id } : {} });
        break;
      }
      case "tool_result": {
        if (e.status !== "error") break;
        let id = str(e.tool_id), tool = id ? this.tools.get(id) : void 0, message = str(obj(e.error)?.message) ?? str(e.output) ?? "failed";
        out.push({ kind: "tool-error", message, ...tool ? { tool } : {}, ...id ? { id } : {} });
        break;
      }
      case "error": {
        let message = str(e.message);
        message && out.push({ kind: "notice", message: e.severity === "error" ? `Error: ${apiErrorText(message)}` : apiErrorText(message) });
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
    let text = this.text;
    return this.text = "", text.trim() ? [{ kind: "text", text }] : [];
  }
  finished() {
    return this.final !== null;
  }
  usage() {
    return this.final ? this.final : { ...emptyUsage(), ...this.model && this.model !== "auto" ? { model: this.model } : {}, ...this.sessionId ? { sessionId: this.sessionId } : {} };
  }
  result(e) {
    let stats = obj(e.stats) ?? {}, cached = count(stats.cached), input = typeof stats.input == "number" ? count(stats.input) : Math.max(0, count(stats.input_tokens) - cached), named = this.model && this.model !== "auto" ? this.model : void 0, model = mainModel(stats.models, (m) => count(m.total_tokens)) ?? named, isError = e.status !== "success", usage = {
      ...model ? { model } : {},
      inputTokens: input,
      outputTokens: count(stats.output_tokens),
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
      ...this.sessionId ? { sessionId: this.sessionId } : {},
      isError
    };
    this.final = usage;
    let error = str(obj(e.error)?.message), text = error ? apiErrorText(error) : void 0;
    return { kind: "result", ok: !isError, ...text ? { text } : {}, usage };
  }
};

// src/core/agent-stream/json-lines.ts
var JsonLines = class {
  constructor(maxLineChars = 1048576) {
    this.maxLineChars = maxLineChars;
  }
  maxLineChars;
  pending = "";
  /** Inside a line that passed the cap: drop everything up to its end. */
  dropping = !1;
  stats = { objects: 0, skipped: 0, tooLong: 0 };
  /** The objects of every line this chunk completes. */
  push(chunk) {
    let out = [], start = 0;
    for (; ; ) {
      let nl = chunk.indexOf(`
`, start);
      if (nl < 0) break;
      this.take(chunk.slice(start, nl), !0, out), start = nl + 1;
    }
    return this.take(chunk.slice(start), !1, out), out;
  }
  /** The object of the last line when it had no line break (a stream cut short yields nothing). */
  end() {
    let out = [], line = this.pending;
    return this.pending = "", this.dropping ? (this.dropping = !1, out) : (this.parse(line, out), out);
  }
  take(piece, complete, out) {
    if (this.dropping) {
      complete && (this.dropping = !1);
      return;
    }
    if (this.pending.length + piece.length > this.maxLineChars) {
      this.pending = "", this.stats.tooLong++, this.dropping = !complete;
      return;
    }
    if (!complete) {
      this.pending += piece;
      return;
    }
    let line = this.pending + piece;
    this.pending = "", this.parse(line, out);
  }
  parse(line, out) {
    let text = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (text.trim() !== "") {
      if (!text.trimStart().startsWith("{")) {
        this.stats.skipped++;
        return;
      }
      try {
        let value = JSON.parse(text);
        if (typeof value == "object" && value !== null && !Array.isArray(value)) {
          this.stats.objects++, out.push(value);
          return;
        }
      } catch {
      }
      this.stats.skipped++;
    }
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
    this.lines = new JsonLines(options.maxLineChars), this.reader = interpreterFor(agent);
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
function streamUsage(parser, source) {
  let u = parser.usage(), complete = parser.finished;
  if (!(!complete && totalTokens(u) === 0 && u.sessionId === void 0))
    return { ...boundedUsage(u), source, complete };
}
var AttemptStream = class {
  constructor(o) {
    this.o = o;
    this.parser = new AgentStreamParser(o.agent), this.kept = new HeadTailBuffer({ head: 2e3, tail: 4e3, ...o.logFile ? { logFile: o.logFile } : {} });
  }
  o;
  parser;
  kept;
  over = !1;
  /** A chunk of stdout. */
  push(chunk) {
    this.showAll(this.parser.push(chunk)), this.checkBudget();
  }
  /** The stream ended: the last events, then the attempt's usage (undefined when the stream showed none). */
  end() {
    return this.showAll(this.parser.end()), streamUsage(this.parser, "stream");
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
    for (let event of events) {
      let line = renderEvent(this.scrubbed(event), { workspace: this.o.workspace });
      line !== null && (this.kept.append(`${line}
`), this.o.show?.(line));
    }
  }
  scrubbed(e) {
    let s = this.o.secrets;
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
    let allowance = this.o.allowance;
    if (this.over || !allowance || this.parser.finished) return;
    let used = this.tokens;
    used <= allowance.left || (this.over = !0, this.o.onOverBudget?.(used));
  }
};

// src/engine/attempt-usage.ts
var LOG_USAGE_MAX_BYTES = 256 * 1024 * 1024, STDOUT_KEPT_BYTES = LOG_USAGE_MAX_BYTES + 1;
async function chooseUsage(engine, paths, streamed) {
  return streamed?.complete ? streamed : await usageFromFile(engine, paths) ?? streamed;
}
function logUsage({ deps }, stepId, n, usage) {
  let figures = usageText(usage);
  if (!figures) return;
  let from = usage.source === "file" ? " (from its usage file)" : usage.source === "log" ? " (read back from its log)" : "";
  deps.log.info(`${stepId} attempt ${n} used: ${figures}${usage.complete ? "" : " (at least: the agent ended before its totals)"}${from}.`);
}
async function recoveredUsage(engine, state, stepId, n) {
  let paths = attemptPaths(engine.cfg.logDir, stepId, n), agent = loggedStream(stepDef(state, stepId), engine.cfg), streamed = agent ? await usageFromLog(engine, agent, paths, `${stepId} attempt ${n}`) : void 0, usage = await chooseUsage(engine, paths, streamed);
  return usage && logUsage(engine, stepId, n, usage), usage;
}
function loggedStream(def, cfg) {
  if (def.run !== void 0) return;
  let command = def.agent ?? cfg.agentCommand;
  return command ? streamAgentOf(command) : void 0;
}
async function usageFromLog({ deps, cfg }, agent, paths, label) {
  let own = await readStream(deps, agent, paths.stdoutFile), { file, parser, read } = own.read.kind === "missing" ? await readStream(deps, agent, paths.logFile) : own, what = `its ${file === paths.logFile ? "log" : "stdout"} ${shownAttemptFile(cfg, file)}`;
  if (read.kind !== "read") {
    deps.log.info(`${label}: no usage read back, ${what} is ${read.kind === "missing" ? "gone" : `unreadable (${read.reason})`}.`);
    return;
  }
  parser.end(), read.truncated && deps.log.warn(`${label}: only the first ${LOG_USAGE_MAX_BYTES} bytes of ${what} were read back; its usage is at least what they show.`);
  let usage = streamUsage(parser, "log");
  return usage || deps.log.info(`${label}: ${what} shows no usage.`), usage;
}
async function readStream(deps, agent, file) {
  let parser = new AgentStreamParser(agent), read = await deps.attemptFiles.readPieces(file, LOG_USAGE_MAX_BYTES, (text) => {
    parser.push(text);
  });
  return { file, parser, read };
}
async function usageFromFile({ deps }, paths) {
  let read = await deps.attemptFiles.read(paths.usageFile, USAGE_FILE_MAX_BYTES);
  if (read.kind === "missing") return;
  if (read.kind !== "text") {
    deps.log.warn(`The usage file ${paths.usageFile} was not read: ${read.kind === "too-large" ? `${read.bytes} bytes; expected at most ${USAGE_FILE_MAX_BYTES}` : read.reason}.`);
    return;
  }
  let parsed = parseUsageFile(read.text);
  if (!parsed.ok) {
    deps.log.warn(`The usage file was not used: ${parsed.issues.map((i) => `${i.path} ${i.message}`).join("; ")}.`);
    return;
  }
  return { ...parsed.usage, source: "file", complete: !0 };
}

// src/engine/attempt-run.ts
async function runAgent(engine, state, start, watch) {
  let { deps, cfg } = engine, began = deps.clock.now().getTime(), def = stepDef(state, start.stepId), paths = attemptPaths(cfg.logDir, start.stepId, start.n), policy = effectivePolicy(state.plan, start.stepId), guard = {
    policyText: policyFileText(attemptId(state, start.stepId, start.n), policy),
    ...cfg.cliCommand ? { claudeSettingsText: claudeSettingsText(cfg.cliCommand) } : {}
  };
  await prepareAttempt(deps.attemptFiles, state, def, paths, guard);
  let env = attemptEnv(state, start, paths, attemptSite(engine)), named = fillPeople(start.prompt, { ...env.SEQUENCER_REQUESTER ? { requester: env.SEQUENCER_REQUESTER } : {}, ...env.SEQUENCER_APPROVER ? { approver: env.SEQUENCER_APPROVER } : {} }), prompt = policy.via === "exec" ? withExecForwarder(named, forwarder(cfg.cliCommand)) : named, command = def.run !== void 0, agentArgs = command ? start.argv.slice(1) : expandAgentVariables(start.argv.slice(1), env), place = command ? null : dashPromptPlace(start.argv, prompt), placed = (words, last) => place ? [...words.slice(0, words.length - place.drop), ...place.before, place.option ? `${place.option}=${last}` : last] : [...words], position = `(${state.currentStep + 1}/${state.stepQueue.length})`, role = start.detourFor ? ` (remediation for ${start.detourFor})` : "", run = stepRun(state, start.stepId), which = attemptOfRound(start.n, run.tries, maxAttemptsFor(def, cfg.limits), roundOf(run));
  return deps.log.group(`${position} ${start.stepId} ${def.title}: attempt ${start.n}${start.retry ? " (retry)" : ""}${role}`, async () => {
    deps.log.info(attemptHeader(place ? placed(start.argv, shortPrompt(prompt)) : start.argv, start.timeoutMs, which));
    let brake = new AbortController(), allowance = tokenAllowance(state, start.stepId, cfg.limits);
    allowance && deps.log.info(
      `Token budget: ${groupDigits(allowance.left)} tokens left (${budgetName({ ...allowance, kind: "tokens" })}, ${groupDigits(allowance.limit)}); ${start.stream === "claude" ? "followed as the agent streams" : start.stream ? "this agent reports its tokens only at the end" : "checked before each attempt"}.`
    );
    let echo = cfg.echoAgentOutput ? lineEcho((line) => deps.log.info(`  \u2502 ${line}`), cfg.echoCap) : null, stream = start.stream ? new AttemptStream({
      agent: start.stream,
      workspace: deps.workspace.root,
      logFile: shownPath(cfg.logDir, paths.logFile),
      ...echo ? { show: (line) => echo.push(`${line}
`) } : {},
      ...cfg.secrets ? { secrets: cfg.secrets } : {},
      ...allowance ? { allowance } : {},
      onOverBudget: (used) => {
        brake.signal.aborted || (deps.log.warn(
          `${start.stepId} attempt ${start.n}: ${groupDigits(used)} tokens used, past the ${groupDigits(allowance?.left ?? 0)} left of ${budgetName({ ...allowance, kind: "tokens" })}: asking the agent to stop.`
        ), brake.abort(budgetStopMessage(allowance?.scope ?? "step")));
      }
    }) : null, result;
    try {
      let argv = place ? placed([start.program, ...agentArgs], prompt) : [start.program, ...agentArgs];
      result = await launch(engine, { argv, role: command ? "command" : "agent" }, start.timeoutMs, paths, env, watch, brake, { stream, echo }, def.maxOutputBytes);
    } finally {
      echo?.end();
    }
    let streamed = stream?.end(), checks = new AbortController(), stopWatching = result.cancelled || !def.validate?.length ? () => {
    } : watch(checks, "checks"), verdict;
    try {
      verdict = await judge(engine, state, start, stream ? { ...result, stdout: stream.transcript() } : result, checks.signal);
    } finally {
      stopWatching();
    }
    stream?.overBudget && result.cancelled && allowance && (verdict = overBudget(verdict, allowance, stream.tokens, result.stoppedBy));
    let usage = await chooseUsage(engine, paths, streamed);
    return usage && (verdict.usage = usage, logUsage(engine, start.stepId, start.n, usage)), verdict.wallMs = Math.max(0, deps.clock.now().getTime() - began), verdict.outcome === "succeeded" ? deps.log.info(`${position} ${start.stepId} done (${which}, ${formatMs(result.durationMs)}).`) : deps.log.error(`${position} ${start.stepId} attempt ${start.n} ${verdict.outcome}: ${verdict.error}`), verdict;
  });
}
function overBudget(verdict, allowance, used, stoppedBy) {
  let { stoppedBy: _cancel, ...rest } = verdict;
  return {
    ...rest,
    outcome: "over_budget",
    error: `stopped: its tokens passed ${budgetName({ ...allowance, kind: "tokens" })} (${groupDigits(used)} used, ${groupDigits(allowance.left)} were left of ${groupDigits(allowance.limit)}); ${stoppedText(stoppedBy)}`,
    ...stoppedBy ? { stoppedBy } : {}
  };
}
async function launch({ deps, cfg }, { argv, role }, timeoutMs, { logFile, stdoutFile, stopFile }, env, watch, brake, view, maxOutputBytes) {
  let stopWatching = watch(brake), { stream, echo } = view, output = stream ? {
    onStdout: (chunk) => stream.push(chunk),
    ...echo ? { onStderr: (chunk) => echo.push(chunk) } : {},
    stdoutFile: { file: stdoutFile, maxBytes: STDOUT_KEPT_BYTES }
  } : echo ? { onOutput: (chunk) => echo.push(chunk) } : {};
  try {
    return await deps.agent.run({
      argv,
      role,
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
function attemptHeader(argv, timeoutMs, which) {
  return `Runs: ${argv.map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)).join(" ")} (timeout ${exactDuration(timeoutMs, "min")}; ${which})`;
}
function shortPrompt(prompt) {
  let firstLine = prompt.split(`
`, 1)[0] ?? "";
  return firstLine.length <= 60 && firstLine.length === prompt.length ? prompt : `${firstLine.slice(0, 60)}\u2026 (prompt, ${prompt.length} characters)`;
}
function formatMs(ms) {
  return ms < 1e3 ? `${Math.round(ms)} ms` : ms < 12e4 ? `${Math.round(ms / 1e3)} s` : `${Math.round(ms / 6e4)} min`;
}

// src/core/tick/retry-backoff.ts
function retryDelayMs(failures, baseSeconds, random) {
  if (baseSeconds <= 0 || failures < 1) return 0;
  let raw = baseSeconds * 1e3 * 4 ** Math.min(failures - 1, 12), jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(raw, 144e5) * jitter);
}

// src/core/tick/attempt-policy.ts
var MIN_ATTEMPT_TIMEOUT_MS = 1e3;
function attemptTimeoutMs(def, run, limits, now) {
  return Math.max(MIN_ATTEMPT_TIMEOUT_MS, Math.min(attemptTimeoutMsFor(def, limits), stepTimeLeftMs(def, run, now)));
}
function fitsTimeBudget(now, timeoutMs, deadline) {
  return !deadline || now.getTime() + timeoutMs <= deadline.getTime();
}
function blockedStepId(state, attempt) {
  return attempt.detourFor ? currentStepId(state) ?? attempt.stepId : attempt.stepId;
}
function retryAt(verdict, ctx) {
  if (verdict.outcome === "overflow" && routeOf(ctx.def, "onOverflow").kind === "detour" || verdict.outcome === "succeeded" || verdict.outcome === "recovered" || verdict.outcome === "cancelled" || verdict.outcome === "over_budget") return;
  let tries = ctx.run.tries;
  if (tries >= maxAttemptsFor(ctx.def, ctx.limits) || verdict.failedRules?.length && routeOf(ctx.def).kind === "detour") return;
  let waitMs = retryDelayMs(tries, retryBackoffSecondsFor(ctx.def, ctx.limits), ctx.random());
  if (!(waitMs <= 0))
    return { at: new Date(ctx.now.getTime() + waitMs).toISOString(), waitMs };
}

// src/engine/done-outputs.ts
async function missingDoneOutputs(state, upTo, { workspace, log }) {
  let wanted = [];
  for (let id of state.stepQueue.slice(0, upTo)) {
    let outputs = state.plan.steps[id]?.requiredOutputs;
    outputs?.length && state.stepRuns[id]?.status === "DONE" && wanted.push([id, outputs]);
  }
  if (!wanted.length) return /* @__PURE__ */ new Map();
  let missing = new Set(await workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
  if (!missing.size) return /* @__PURE__ */ new Map();
  let tolerated = (id, m) => m.length <= allowedMissing(state.plan.steps[id]?.outputTolerance, state.plan.steps[id]?.requiredOutputs?.length ?? 0), byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))]).filter(([id, m]) => m.length && !tolerated(id, m)));
  for (let [id, m] of byStep) log.warn(`${id} was done but its outputs are missing (${m.join(", ")}); running it again.`);
  return byStep;
}

// src/core/tick/budget-raise.ts
var refuse = (state, reply) => ({ state, changed: !1, reply, notices: [], refused: !0 });
function spentNow(state, scope, stepId, kind) {
  let spent = scope === "plan" ? planTotals(state) : stepTotals(state, stepId);
  return kind === "costUsd" ? spent.costUsd : spent.tokens;
}
function raiseBudget(state, cmd, now) {
  let blocked = state.budgetBlock;
  if (state.status !== "BLOCKED" || !blocked) return refuse(state, `Nothing to raise: the plan is ${state.status}, not blocked by a spent budget.`);
  let values = cmd.budgets ?? [], spentName = budgetName(blocked);
  if (!values.some((v) => (v.kind ?? blocked.kind) === blocked.kind))
    return refuse(
      state,
      `The plan is blocked because ${spentName} is spent (${budgetAmount(blocked.kind, blocked.spent)} of ${budgetAmount(blocked.kind, blocked.limit)}); raise that one: ${// A comment is answered in the issue's words, the CLI in its own.
      cmd.commentId !== void 0 ? `/approve budget=${blocked.kind === "costUsd" ? "$<dollars>" : "<tokens>"}` : `approve ${budgetFlag(blocked.kind)} N`}.`
    );
  let raises = [];
  for (let v of values) {
    let kind = v.kind ?? blocked.kind, name = budgetName({ ...blocked, kind });
    if (kind === "tokens" && !Number.isInteger(v.amount)) return refuse(state, `${name} counts whole tokens, got ${v.amount}.`);
    if (v.amount > MAX_RAISE[kind]) return refuse(state, `${name} can be raised to at most ${budgetAmount(kind, MAX_RAISE[kind])}, got ${budgetAmount(kind, v.amount)}.`);
    let spent = spentNow(state, blocked.scope, blocked.stepId, kind);
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
  let queued = currentStepId(state), { budgetBlock: _spent, ...rest } = state, next = {
    ...rest,
    status: "IN_PROGRESS",
    blockers: (state.blockers ?? []).filter((b) => queued === void 0 || !b.startsWith(`${queued}: `)),
    budgetRaises: [...state.budgetRaises ?? [], ...raises]
  }, said = raises.map(
    (r) => `${budgetName({ ...blocked, kind: r.kind })} is now ${budgetAmount(r.kind, r.limit)} (${budgetAmount(r.kind, spentNow(state, blocked.scope, blocked.stepId, r.kind))} spent)`
  );
  return { state: next, changed: !0, reply: `Budget raised by @${cmd.by}: ${said.join("; ")}. Continuing.`, notices: [] };
}

// src/core/tick/gates.ts
function gateOf(def) {
  let gate = def.gate;
  return gate === !0 ? {} : gate && typeof gate == "object" && typeof gate.reason == "string" ? { reason: gate.reason } : null;
}
function gateClosed(state, stepId, def) {
  return gateOf(def) ? stepRun(state, stepId).gatePassed?.planHash !== (state.planHash ?? "") : !1;
}
function pauseAtGate(state, stepId, def, now) {
  let reason = gateOf(def)?.reason, gate = { stepId, planHash: state.planHash ?? "", at: now.toISOString(), ...reason !== void 0 ? { reason } : {} };
  return { state: { ...state, status: "AWAITING_APPROVAL", gate }, notices: [{ kind: "gate", stepId }] };
}
function passGate(state, cmd, now) {
  let gate = state.gate, refuse4 = (reply) => ({ state, changed: !1, reply, notices: [], refused: !0 });
  if (state.status !== "AWAITING_APPROVAL") return refuse4(`Nothing to approve: the plan is ${state.status}.`);
  let pausedAt = Math.floor(Date.parse(gate.at) / 1e3) * 1e3;
  if (cmd.at && !Number.isNaN(pausedAt) && Date.parse(cmd.at) < pausedAt)
    return refuse4(`This approval was written before the plan paused at the gate of ${gate.stepId} (${gate.at}). Review what ran and approve again.`);
  let planHash = state.planHash ?? "";
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, gate.planHash) || gate.planHash !== planHash)
    return refuse4(
      `This approval is for plan ${hashPrefix(cmd.planHash ?? planHash ?? "")}, but the gate of ${gate.stepId} was reached under plan ${hashPrefix(gate.planHash)}. Review the plan and approve again.`
    );
  let run = stepRun(state, gate.stepId);
  return { state: {
    ...state,
    status: "IN_PROGRESS",
    gate: null,
    stepRuns: { ...state.stepRuns, [gate.stepId]: { ...run, gatePassed: { by: cmd.by, at: now.toISOString(), planHash } } }
  }, changed: !0, reply: `Gate of ${gate.stepId} passed by @${cmd.by}. Starting ${gate.stepId}.`, notices: [] };
}

// src/core/tick/restart.ts
var MAX_RESTARTS_KEPT = 20;
function restartPlan(state, by, named, now) {
  let running = activeStepId(state);
  if (running !== void 0 && stepRun(state, running).status === "IN_PROGRESS")
    return { ok: !1, reply: `Cannot restart while an attempt of ${running} is running; /cancel it first or wait.` };
  let queue = state.stepQueue, from = named ?? queue[0], index = from === void 0 ? -1 : queue.indexOf(from);
  if (from === void 0 || index < 0)
    return { ok: !1, reply: `Cannot restart: "${from ?? ""}" is not a step of the plan's queue (${queue.slice(0, 10).join(", ")}${queue.length > 10 ? ", \u2026" : ""}).` };
  for (let id of queue.slice(0, index)) {
    let status2 = stepRun(state, id).status;
    if (status2 !== "DONE" && status2 !== "SKIPPED")
      return { ok: !1, reply: `Cannot restart from ${from}: step ${id} before it is not done (${status2}), and no step is skipped; restart from ${id} or earlier.` };
  }
  let again = new Set(queue.slice(index));
  for (let id of queue.slice(index)) for (let fixer of remediationTargets(state.plan, id)) again.add(fixer);
  let record = { at: now.toISOString(), by, from, previous: { status: state.status, currentStep: state.currentStep, ...state.planHash ? { planHash: state.planHash } : {} } }, status = state.status === "AWAITING_APPROVAL" && !state.gate ? "AWAITING_APPROVAL" : "IN_PROGRESS", next = {
    ...state,
    status,
    currentStep: index,
    ...runAgain(state, again),
    blockers: [],
    notBefore: null,
    cancelRequested: null,
    gate: null,
    restarts: [...Array.isArray(state.restarts) ? state.restarts : [], record].slice(-MAX_RESTARTS_KEPT),
    // Group passes and route counts belong to a run: the new run starts with every budget whole.
    groupRuns: {},
    routeCounts: {}
  }, count2 = queue.length - index;
  return { ok: !0, state: next, reply: `Restarted from ${from} (${index + 1}/${queue.length}) by @${by}: ${countOf(count2, "step")} run again; the earlier run stays in the state.` };
}

// src/core/tick/apply-command.ts
var refuse2 = (state, reply) => ({ state, changed: !1, reply, notices: [], refused: !0 }), answer = (state, reply) => ({ state, changed: !1, reply, notices: [] });
function applyCommand(state, cmd, now) {
  let outcome = commandOutcome(state, cmd, now);
  if (outcome.state.status === "BLOCKED" || outcome.state.budgetBlock === void 0) return outcome;
  let { budgetBlock: _lifted, ...rest } = outcome.state;
  return { ...outcome, state: rest };
}
function commandOutcome(state, cmd, now) {
  switch (cmd.kind) {
    case "approve":
      return approve(state, cmd, now);
    case "cancel":
      return requestCancel(state, cmd, now);
    case "retry": {
      let target = retryTarget(state, cmd);
      return "error" in target ? refuse2(state, `Cannot retry: ${target.error}.`) : unblock(state, target.step, "retry", noteOf(cmd.by, target.note));
    }
    case "skip":
      return skip(state, cmd.step, now);
    case "resume":
      return resume(state, noteOf(cmd.by, cmd.note));
    case "status":
      return answer(state, statusLine(state));
    case "restart": {
      let r = restartPlan(state, cmd.by, cmd.step, now);
      return r.ok ? { state: r.state, changed: !0, reply: r.reply, notices: [] } : refuse2(state, r.reply);
    }
  }
}
function approve(state, cmd, now) {
  if (cmd.budgets?.length) return raiseBudget(state, cmd, now);
  if (state.gate) return passGate(state, cmd, now);
  if (state.status !== "AWAITING_APPROVAL") return refuse2(state, `Nothing to approve: the plan is ${state.status}.`);
  let current = state.planHash;
  if (cmd.commentId !== void 0 || cmd.at !== void 0) {
    let proposal = state.proposal;
    if (typeof proposal?.postedAt != "string" || typeof proposal.planHash != "string")
      return refuse2(state, `Nothing shown to approve yet: no proposal of this plan has been posted on the issue (plan ${short(current)}). Wait for the proposal comment, review it, then approve.`);
    if (proposal.planHash !== current)
      return refuse2(
        state,
        `The latest posted proposal shows plan ${short(proposal.planHash)}, but the plan is now ${short(current)}. Wait for the proposal of the current plan, review it, then approve again.`
      );
    if (!(Math.floor(Date.parse(cmd.at ?? "") / 1e3) >= Math.floor(Date.parse(proposal.postedAt) / 1e3)))
      return refuse2(state, `This approval was written before the proposal of plan ${short(current)} was posted (${proposal.postedAt}). Review the plan as proposed now and approve again.`);
    let superseded = proposal.supersededAt;
    if (cmd.planHash === void 0 && typeof superseded == "string" && !(secondOf(cmd.previousCommentAt) > secondOf(superseded)))
      return refuse2(
        state,
        `This issue has had more than one proposal, and the earlier ones were replaced after your last comment here (${superseded}), so a bare /approve could mean one of them. Review the proposal of plan ${short(current)} and reply "/approve ${hashPrefix(current ?? "")}" to approve it.`
      );
  }
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, current))
    return refuse2(state, `This approval names plan ${short(cmd.planHash)}, but the proposed plan is ${short(current)}. Review the proposal and approve again.`);
  let digests = stepDigests(state.plan), next = {
    ...state,
    status: "IN_PROGRESS",
    approval: {
      by: cmd.by,
      at: now.toISOString(),
      planHash: current ?? "",
      ...cmd.commentId !== void 0 ? { commentId: cmd.commentId } : {},
      ...digests ? { stepDigests: digests } : {},
      ...cmd.note ? { note: cmd.note } : {}
    },
    ...cmd.delayMinutes !== void 0 ? { stepDelayMinutes: cmd.delayMinutes } : {}
  }, delay = cmd.delayMinutes ? ` with ${cmd.delayMinutes} min between steps` : "", note = cmd.note ? ` Note kept with the approval: "${cmd.note}".` : "";
  return { state: next, changed: !0, reply: `Approved plan ${short(current)} by @${cmd.by}${delay}. Starting.${note}`, notices: [] };
}
function short(planHash) {
  return planHash ? hashPrefix(planHash) : "without a hash";
}
function secondOf(iso) {
  return Math.floor(Date.parse(iso ?? "") / 1e3);
}
function requestCancel(state, cmd, now) {
  if (state.status === "DONE" || state.status === "CANCELLED") return refuse2(state, `Nothing to cancel: the plan is ${state.status}.`);
  if (state.cancelRequested) return refuse2(state, "A cancel is already requested.");
  let request = { by: cmd.by, at: now.toISOString(), ...cmd.reason ? { reason: cmd.reason } : {} }, stepId = activeStepId(state);
  if (stepId !== void 0 && stepRun(state, stepId).status === "IN_PROGRESS")
    return { state: { ...state, cancelRequested: request }, changed: !0, reply: `Cancel requested by @${cmd.by}${cmd.reason ? ` ("${cmd.reason}")` : ""}; stopping ${stepId}.`, notices: [] };
  let ended = cancel({ ...state, cancelRequested: request });
  return { state: ended.state, changed: !0, reply: `Cancelled by @${cmd.by}${cmd.reason ? `: "${cmd.reason}"` : ""}.`, notices: ended.notices };
}
function targetStep(state, named, verb) {
  let stepId = currentStepId(state);
  if (named !== void 0 && !Object.hasOwn(state.plan.steps, named)) {
    let near = nearestName(named, Object.keys(state.plan.steps));
    return { error: `the plan has no step "${named}"${near ? `; did you mean ${near}?` : ""}${stepId !== void 0 ? `; the current step is ${stepId}` : ""}` };
  }
  return stepId === void 0 ? { error: "every step has finished" } : named !== void 0 && named !== stepId ? { error: `only the current step (${stepId}) can be ${verb === "skip" ? "skipped" : verb === "retry" ? "retried" : "resumed"}, got "${named}"` } : { stepId };
}
function clearBlockers(state, stepId) {
  return (state.blockers ?? []).filter((b) => !b.startsWith(`${stepId}: `));
}
function noteOf(by, text) {
  let trimmed = text?.trim();
  return trimmed ? { by, text: trimmed } : void 0;
}
function retryTarget(state, cmd) {
  if (cmd.text === void 0) return { ...cmd.step !== void 0 ? { step: cmd.step } : {}, ...cmd.note !== void 0 ? { note: cmd.note } : {} };
  let [first = "", ...more] = cmd.text.trim().split(/\s+/);
  return Object.hasOwn(state.plan.steps, first) ? { step: first, note: cmd.text.trim().slice(first.length).trim() } : more.length ? { note: cmd.text } : { step: first };
}
function withNote(run, note) {
  return note ? { ...run, maintainerNote: { ...note, forAttempt: nextAttemptNumber(run) } } : run;
}
function noteReply(note) {
  return note ? ` The agent's next prompt says: A maintainer (@${note.by}) says: "${note.text}".` : "";
}
function unblock(state, named, verb, note) {
  if (state.status !== "BLOCKED") return refuse2(state, `Nothing to ${verb}: the plan is ${state.status}, not BLOCKED.`);
  if (!state.approval && state.planHash !== void 0)
    return { state: { ...state, status: "AWAITING_APPROVAL", blockers: [], notBefore: null }, changed: !0, reply: `This plan (${state.planHash}) was never approved: it now awaits approval. Review its proposal, then /approve it.`, notices: [] };
  let target = targetStep(state, named, verb);
  if ("error" in target) return refuse2(state, `Cannot ${verb}: ${target.error}.`);
  let { stepId } = target, run = stepRun(state, stepId), neverRan = run.status === "PENDING" && (run.attempts?.length ?? 0) === 0, status = run.status === "DONE" ? "DONE" : neverRan ? "PENDING" : "FAILED", stepRuns = { ...state.stepRuns, [stepId]: withNote({ ...withNewRound(run), status }, note) };
  for (let fixer of remediationTargets(state.plan, stepId)) {
    let r = stepRuns[fixer];
    r && r.status !== "IN_PROGRESS" && (stepRuns[fixer] = withNewRound(r));
  }
  return { state: {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    notBefore: null,
    stepRuns
  }, changed: !0, reply: `Retrying ${stepId} with a new round of attempts (round ${roundOf(stepRuns[stepId])}).${noteReply(note)}`, notices: [] };
}
function skip(state, named, now) {
  if (state.status !== "BLOCKED" && state.status !== "IN_PROGRESS" && !state.gate) return refuse2(state, `Nothing to skip: the plan is ${state.status}.`);
  let target = targetStep(state, named, "skip");
  if ("error" in target) return refuse2(state, `Cannot skip: ${target.error}.`);
  let { stepId } = target, run = stepRun(state, stepId), running = activeStepId(state);
  if (running !== void 0 && stepRun(state, running).status === "IN_PROGRESS")
    return refuse2(state, `Cannot skip ${stepId} while an attempt${running === stepId ? "" : ` of its remediation step ${running}`} is running; /cancel it first or wait.`);
  let skipped = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    ...state.gate ? { gate: null } : {},
    stepRuns: { ...state.stepRuns, [stepId]: { ...run, status: "SKIPPED" } }
  }, moved = advance(skipped, now);
  return { state: moved.state, changed: !0, reply: `Skipped ${stepId}.`, notices: moved.notices };
}
function resume(state, note) {
  if (state.status === "BLOCKED") return unblock(state, void 0, "resume", note);
  if (state.status === "CANCELLED" || state.cancelRequested) {
    let stepId = currentStepId(state), stepRuns = { ...state.stepRuns }, run = stepId !== void 0 ? stepRuns[stepId] : void 0, noted = "";
    stepId !== void 0 && run && run.status !== "DONE" && run.status !== "SKIPPED" && run.status !== "IN_PROGRESS" && (stepRuns[stepId] = withNote({ ...withNewRound(run), status: "PENDING" }, note), noted = noteReply(note));
    let status = state.stepQueue.length === state.currentStep ? "DONE" : "IN_PROGRESS";
    return { state: { ...state, status, cancelRequested: null, stepRuns }, changed: !0, reply: `Resumed.${noted}`, notices: [] };
  }
  return refuse2(state, `Nothing to resume: the plan is ${state.status}.`);
}
function approvalWait(state) {
  return `; waiting for approval: /approve${state.planHash ? ` ${hashPrefix(state.planHash)}` : ""} runs it`;
}
function statusLine(state) {
  let stepId = currentStepId(state), run = stepId !== void 0 ? stepRun(state, stepId) : void 0, where = stepId !== void 0 && state.status !== "DONE" ? `; current step ${stepId} (${run?.status ?? "PENDING"}, ${attemptsText(run)})` : "", wait = state.status === "IN_PROGRESS" && state.notBefore ? `; next step not before ${state.notBefore}` : "", gate = state.status === "AWAITING_APPROVAL" ? state.gate ? `; paused at the gate of ${state.gate.stepId}: /approve to run it` : approvalWait(state) : "", blockers = state.status === "BLOCKED" && state.blockers?.length ? `; blocked: ${state.blockers[state.blockers.length - 1]}` : "";
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
  /** Reads the inbox and applies what it holds; a batch that holds any command is one write. */
  async apply() {
    let { inbox, log } = this.deps;
    if (!inbox) return;
    let { items, memo } = await inbox.read(this.ledger.state.inbox ?? {});
    if (memo && this.ledger.remember(memo), !items.length) return;
    let state = this.ledger.state, changed = !1, notices = [], replies = [];
    for (let item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, !0]), log.warn(`Command ${item.label ?? `/${item.command.kind}`} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      let outcome = await this.gate.confirm(state, applyCommand(state, item.command, this.deps.clock.now()));
      state = outcome.changed ? withRecentCommand(outcome.state, item.command, outcome.reply, this.deps.clock.now()) : outcome.state, changed ||= outcome.changed, notices.push(...outcome.notices), replies.push([item, outcome.reply, outcome.refused === !0]), log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      let checked = this.gate.transition(state);
      checked && (state = checked.state, notices.push(...checked.notices));
    }
    let cursors = {};
    for (let item of items) {
      let key = item.cursorKey ?? inbox.cursorKey;
      cursors[key] = Math.max(cursors[key] ?? 0, item.cursor);
    }
    for (let [key, last] of Object.entries(cursors)) {
      let seen = Number(this.ledger.remembered?.[key] ?? 0);
      this.ledger.remember({ [key]: Math.max(seen, last) });
    }
    let names = replies.map(([item, , refused]) => `${item.label ?? `/${item.command.kind}`}${refused ? " (refused)" : ""}`);
    await this.ledger.commit({ state, notices }, { kind: "update", message: `commands: ${names.join(", ")}` }, changed);
    for (let [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    let { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (let [i, [item, text, refused]] of replies.entries())
      await (!refused && !item.refusal && item.command.kind !== "status" && inbox.react !== void 0 ? inbox.react(item) : answers[i] === "reply" || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === "react" ? inbox.react(item) : void 0)?.catch((err) => log.warn(`Could not reply: ${describeError(err)}`));
  }
}, RECENT_COMMANDS = 5;
function withRecentCommand(state, command, outcome, now) {
  let entry = { at: now.toISOString(), by: command.by, command: `/${command.kind}`, outcome };
  return { ...state, recentCommands: [...state.recentCommands ?? [], entry].slice(-RECENT_COMMANDS) };
}
function inboxCursor(ledger) {
  return { ...ledger.state.inbox, ...ledger.remembered };
}
function pollForCancel({ inbox, cursor, pollMs, stopGraceMs, log }) {
  return (brake, during = "agent") => {
    if (!inbox || !pollMs) return () => {
    };
    let memo = { ...cursor }, busy = !1, timer = setInterval(() => {
      busy || brake.signal.aborted || (busy = !0, inbox.read(memo).then(({ items }) => {
        !brake.signal.aborted && items.some((i) => i.command.kind === "cancel" && !i.refusal) && (clearInterval(timer), log.warn(
          during === "agent" ? `Cancel requested: asking the agent to stop (${Math.round(stopGraceMs / 1e3)} s to exit on its own).` : "Cancel requested: stopping the checks of the attempt's validation rules."
        ), brake.abort());
      }).catch((err) => log.debug(`Inbox poll failed: ${describeError(err)}`)).finally(() => {
        busy = !1;
      }));
    }, pollMs);
    return timer.unref(), () => clearInterval(timer);
  };
}

// src/engine/step-preflight.ts
var OUTPUT_QUOTE = 300;
async function stepRequirements(engine, state, def, stepId) {
  let { deps } = engine, problems = engine.cfg.handOff ? [] : [...await configuredChecks(engine, state, def, stepId)], rules = def.validate ?? [], dbRule = rules.findIndex((rule) => "db_query" in rule);
  if (dbRule >= 0) {
    let problem = deps.verifier.databaseProblem?.() ?? null;
    problem && problems.push(`plan.steps.${stepId}.validate[${dbRule}].db_query: ${problem}`);
  }
  let contentRule = rules.findIndex((rule) => "file_contains" in rule || "json_schema" in rule);
  if (contentRule >= 0) {
    let problem = deps.verifier.contentRuleProblem?.() ?? null, rule = rules[contentRule];
    problem && problems.push(`plan.steps.${stepId}.validate[${contentRule}].${"json_schema" in rule ? "json_schema" : "file_contains"}: ${problem}`);
  }
  return problems;
}
async function configuredChecks({ deps, cfg }, state, def, stepId) {
  let checks = preflightOf(state.plan, stepId), problems = [];
  for (let tool of checks.tools)
    await deps.agent.resolve(tool) || problems.push(`preflight: the tool "${tool}" is not on PATH`);
  let given = { ...cfg.agentEnv, ...def.env };
  for (let name of checks.env)
    (given[name] ?? "") !== "" || deps.agent.hasEnv?.(name) === !0 || problems.push(`preflight: the environment variable ${name} is not set`);
  let env = { ...cfg.agentEnv, ...def.env, SEQUENCER_PLAN_ID: state.planId ?? "plan", SEQUENCER_STEP_ID: stepId, SEQUENCER_WORKSPACE: deps.workspace.root };
  for (let argv of checks.commands) {
    let r = await deps.verifier.runCheck(argv, { timeoutMs: PREFLIGHT_COMMAND_SECONDS * 1e3, env });
    if (r.exitCode === 0 && !r.timedOut && !r.spawnError) continue;
    let how = r.spawnError ? `could not start (${r.spawnError})` : r.timedOut ? `took longer than ${PREFLIGHT_COMMAND_SECONDS} s` : r.exitCode === null ? "was killed by a signal" : `exited with code ${r.exitCode}`, said = (r.stderr.trim() || r.stdout.trim()).slice(-OUTPUT_QUOTE);
    problems.push(`preflight: the command ${commandLine(argv)} ${how}${said ? `: ${said}` : ""}`);
  }
  return problems;
}

// src/engine/attempt.ts
async function runAttempt(engine, ledger, baseSync, d, report) {
  let prepared = await prepare(engine, ledger, baseSync, d, report);
  if (prepared.kind === "budget") return "budget";
  if (prepared.kind === "not-started") return "next";
  if (engine.cfg.handOff) return { handOff: prepared.start };
  let { deps, cfg } = engine, watch = pollForCancel({ inbox: deps.inbox, cursor: inboxCursor(ledger), pollMs: cfg.inboxPollMs, stopGraceMs: cfg.stopGraceMs ?? 0, log: deps.log }), verdict = await runAgent(engine, ledger.state, prepared.start, watch);
  return await finish(engine, ledger, prepared.start, verdict), "next";
}
async function prepare(engine, ledger, baseSync, d, report) {
  let { deps, cfg } = engine, def = stepDef(ledger.state, d.stepId), pre = await preflight(engine, ledger.state, def, d.stepId);
  if (!pre.ok)
    return await refuse3(engine, ledger, d, pre.problems, report), { kind: "not-started" };
  let now = deps.clock.now(), timeoutMs = attemptTimeoutMs(def, stepRun(ledger.state, d.stepId), cfg.limits, now);
  if (!fitsTimeBudget(now, timeoutMs, cfg.deadline))
    return deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 6e4)} min); a later run continues.`), { kind: "budget" };
  if (!await baseSync.beforeAttempt(ledger, d)) return { kind: "not-started" };
  let start = {
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
  return await checkpoint(engine, ledger, start, now), { kind: "started", start };
}
async function preflight(engine, state, def, stepId) {
  let { deps, cfg } = engine;
  if (def.run !== void 0) {
    let source2 = `plan.steps.${stepId}.run`, program2 = def.run[0] !== void 0 ? await deps.agent.resolve(def.run[0]) : null, problems2 = program2 ? [...await deps.workspace.preflight(def.requiredOutputs ?? []), ...await stepRequirements(engine, state, def, stepId)] : [`${source2}: "${def.run[0] ?? ""}" not found on PATH (command: ${JSON.stringify(def.run)})`];
    return problems2.length || !program2 ? { ok: !1, problems: problems2 } : { ok: !0, argv: [...def.run], program: program2 };
  }
  let command = def.agent ?? cfg.agentCommand, source = def.agent ? `plan.steps.${stepId}.agent` : cfg.agentSource ?? "STEP_AGENT_CMD", argv = command ? parseAgentCommand(command, source) : [], program = argv[0] !== void 0 ? await deps.agent.resolve(argv[0]) : null, problems = command ? program ? [...await deps.workspace.preflight(def.requiredOutputs ?? []), ...await stepRequirements(engine, state, def, stepId)] : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`] : [noAgentCommandText(stepId, cfg.agentSurface ?? "cli")];
  if (problems.length || !program) return { ok: !1, problems };
  let stream = streamCommand(argv, { hook: cfg.cliCommand !== void 0 }), unwired = stream?.ownSettings !== void 0 ? unwiredPolicy(state, stepId, source, stream.ownSettings) : null;
  return unwired ? { ok: !1, problems: [unwired] } : { ok: !0, argv: stream?.argv ?? argv, program, ...stream?.parse ? { stream: stream.agent } : {} };
}
function unwiredPolicy(state, stepId, source, settings) {
  let policy = effectivePolicy(state.plan, stepId);
  if (policy.via !== "hook" || policy.maxCalls === null && !policy.allow.length && !policy.block.length) return null;
  let field = state.plan.steps[stepId]?.tools !== void 0 ? `plan.steps.${stepId}.tools` : "plan.tools";
  return `${source}: gives Claude Code its own --settings (${showValue(settings)}), so the sequencer cannot add the attempt's settings file that wires its tool hook, and ${field} (via: hook) would not be enforced; leave --settings out (Claude Code still reads ~/.claude/settings.json and the project's .claude/settings.json) or pass --settings $SEQUENCER_CLAUDE_SETTINGS, or set ${field}.via to "exec"`;
}
async function refuse3({ deps, cfg }, ledger, d, problems, report) {
  let reason = `preflight failed: ${problems.join("; ")}`;
  if (cfg.preflight !== "block") throw new ConfigError(problems.join(`
`));
  deps.log.error(`${d.stepId} ${reason}`), report(`${d.stepId} ${reason}`);
  let blocked = blockedStepId(ledger.state, d);
  await ledger.commit(block(ledger.state, blocked, reason), { kind: "update", message: `${blocked} blocked: preflight failed` });
}
async function checkpoint({ cfg }, ledger, start, now) {
  let logFile = shownPath(cfg.logDir, attemptPaths(cfg.logDir, start.stepId, start.n).logFile);
  await ledger.commit(startAttempt(ledger.state, { stepId: start.stepId, n: start.n, owner: cfg.owner, now, leaseMs: start.timeoutMs + cfg.leaseMarginMs, logFile }), {
    kind: "checkpoint",
    message: `${start.stepId} attempt ${start.n} started`
  });
}
async function finish({ deps, cfg }, ledger, attempt, verdict) {
  let state = ledger.state, done = verdict.outcome === "succeeded" || verdict.outcome === "recovered", retry = retryAt(verdict, { def: stepDef(state, attempt.stepId), run: stepRun(state, attempt.stepId), limits: cfg.limits, now: deps.clock.now(), random: cfg.random ?? Math.random });
  retry && deps.log.info(`${attempt.stepId} will be retried after ${retry.at} (retry backoff, ${Math.round(retry.waitMs / 1e3)} s).`);
  let reopen = !attempt.detourFor && done && state.currentStep === state.stepQueue.length - 1 ? await missingDoneOutputs(state, state.currentStep, deps) : /* @__PURE__ */ new Map(), records = await keptCommandLog({ deps, cfg }, attempt);
  await ledger.commit(
    finishAttempt(state, attempt.stepId, verdict, deps.clock.now(), {
      ...attempt.detourFor ? { detourFor: attempt.detourFor } : {},
      ...reopen.size ? { reopen } : {},
      ...retry ? { retryAt: retry.at } : {}
    }),
    {
      kind: done ? "completion" : "update",
      message: `${attempt.stepId} attempt ${attempt.n} ${verdict.outcome}`,
      ...done ? { select: commitSelection(state.plan, attempt.stepId) } : {},
      ...records.length ? { records } : {}
    }
  );
}
async function keptCommandLog({ deps, cfg }, attempt) {
  let read = await deps.attemptFiles.read(attemptPaths(cfg.logDir, attempt.stepId, attempt.n).commandLog, 33554432);
  return read.kind !== "text" || read.text === "" ? [] : [{ path: commandLogRecord(attempt.stepId, attempt.n), text: boundedCommandLog(read.text) }];
}

export {
  gateOf,
  gateClosed,
  pauseAtGate,
  blockedStepId,
  isStdoutCopy,
  attemptPaths,
  judge,
  recoveredUsage,
  runAgent,
  missingDoneOutputs,
  InboxSession,
  runAttempt,
  preflight,
  finish
};
