import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  LocalOwnerProbe,
  baseConflictReport,
  gateReport,
  localOwner
} from "./chunk-PDTINHGB.js";
import {
  COMMAND_KINDS,
  createEngine,
  workingFilesOf
} from "./chunk-5X5WQJM4.js";
import {
  blockerReport,
  finalSummary
} from "./chunk-7E2BVGWF.js";
import {
  stepProgress
} from "./chunk-HBPE4V7O.js";
import {
  acquireLock,
  createPlanStore
} from "./chunk-PK4HEZIW.js";
import {
  guardWorkflowCommands,
  mayHoldWorkflowCommand
} from "./chunk-A7XPLWEY.js";
import {
  writeFileAtomic
} from "./chunk-CQCEFVFH.js";
import {
  terminalText
} from "./chunk-SY3ESOGT.js";
import {
  NO_SECRETS,
  createScrubber
} from "./chunk-BURUKDR2.js";
import {
  DEFAULT_WORK_BRANCHES,
  PLAN_BRANCH_PREFIX,
  posixPath,
  stateFileIn,
  stateFileRel,
  workBranch
} from "./chunk-YX2CLHBO.js";
import {
  stoppedText
} from "./chunk-ZIC6WJ5X.js";
import {
  lastAttempt,
  stepRun
} from "./chunk-K6PSMX6F.js";
import {
  ConfigError,
  describeError,
  showValue
} from "./chunk-XDUK4LLW.js";

// src/adapters/console-log.ts
import { randomBytes } from "node:crypto";
var ConsoleLog = class {
  constructor(opts = {}) {
    this.opts = opts;
    const out = opts.out ?? ((line) => process.stdout.write(`${line}
`));
    const err = opts.err ?? ((line) => process.stderr.write(`${line}
`));
    const secrets = opts.secrets ?? NO_SECRETS;
    const safe = (text) => {
      const clean = terminalText(secrets.scrub(text));
      return opts.guardCommands && mayHoldWorkflowCommand(clean) ? guardWorkflowCommands(clean, randomBytes(16).toString("hex")) : clean;
    };
    this.out = (line) => out(safe(line));
    this.err = (line) => err(safe(line));
  }
  opts;
  out;
  err;
  info(message) {
    if (!this.opts.quiet) this.out(message);
  }
  warn(message) {
    this.err(`warning: ${message}`);
  }
  error(message) {
    this.err(`error: ${message}`);
  }
  debug(message) {
    if (this.opts.debug) this.err(`debug: ${message}`);
  }
  async group(title, fn) {
    this.info(`\u25B6 ${title}`);
    return fn();
  }
};
var ConsoleNotifier = class {
  constructor(log) {
    this.log = log;
  }
  log;
  async notify(notice, state) {
    switch (notice.kind) {
      case "blocked":
        this.log.error(blockerReport(state, notice.stepId, notice.reason));
        break;
      case "done":
        this.log.info(finalSummary(state));
        break;
      case "cancelled":
        this.log.warn(`Plan cancelled${notice.runningStep ? ` while ${notice.runningStep} was running (${stoppedText(lastAttempt(stepRun(state, notice.runningStep))?.stoppedBy)})` : ""}; ${stepProgress(state)}.`);
        break;
      case "gate":
        this.log.warn(gateReport(state, notice.stepId));
        break;
      case "base-conflict":
        this.log.error(baseConflictReport(notice));
        break;
      case "reopened":
        this.log.warn(`${notice.stepId} reopened: required outputs missing (${notice.missing.join(", ")}).`);
        break;
      default:
        break;
    }
  }
};

// src/cli/local-user.ts
import os from "node:os";
function localUserName() {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || "local";
  }
}

// src/adapters/fs/file-inbox.ts
import { readdirSync } from "node:fs";
import { mkdir, readFile, readdir, rename, unlink } from "node:fs/promises";
import path from "node:path";
var FILE_INBOX_CURSOR_KEY = "lastFileCursor";
var FILE_PATTERN = /^(\d{1,16})-([a-z]+)\.json$/;
var POST_LOCK = ".post.lock";
var HIGH_WATER = ".cursor";
var STEP_ID = /^[A-Za-z0-9._-]{1,100}$/;
var FileInbox = class {
  constructor(dir, options = {}) {
    this.dir = dir;
    this.options = options;
  }
  dir;
  options;
  cursorKey = FILE_INBOX_CURSOR_KEY;
  /** Writes `command` as the newest inbox file and returns it with its cursor. */
  static async post(dir, command, options = {}) {
    const checked = parseInboxCommand(command);
    if (typeof checked === "string") throw new ConfigError(`Cannot post command ${showValue(command)}: ${checked}`);
    await mkdir(dir, { recursive: true });
    const lockPath = path.join(dir, POST_LOCK);
    const deadline = Date.now() + (options.timeoutMs ?? 1e4);
    for (; ; ) {
      const lock = await acquireLock(lockPath, { command: `post ${checked.kind}` });
      if (lock.ok) {
        try {
          const cursor = Math.max(await readHighWater(dir), await maxCursorIn(dir), Date.now() * 1e3) + 1;
          await writeFileAtomic(path.join(dir, HIGH_WATER), `${cursor}
`);
          await writeFileAtomic(path.join(dir, `${cursor}-${checked.kind}.json`), `${JSON.stringify(checked, null, 2)}
`);
          return { cursor, command: checked };
        } finally {
          await lock.release();
        }
      }
      if (Date.now() > deadline) {
        throw new ConfigError(
          `Cannot post to inbox ${dir}: ${lockPath} is held by ${lock.holder}`,
          `If that process is gone, delete ${lockPath} and post again.`
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
  async read(memo) {
    return { items: await this.readAfter(Number(memo[this.cursorKey] ?? 0)) };
  }
  async readAfter(afterCursor) {
    const items = [];
    for (const { name, cursor, kind } of await listCommandFiles(this.dir)) {
      if (cursor <= afterCursor) continue;
      const file = path.join(this.dir, name);
      let text;
      try {
        text = await readFile(file, "utf8");
      } catch (err) {
        if (errorCode(err) === "ENOENT") continue;
        throw err;
      }
      let problem;
      try {
        const parsed = parseInboxCommand(JSON.parse(text));
        if (typeof parsed !== "string" && parsed.kind === kind) {
          items.push({ cursor, command: parsed });
          continue;
        }
        problem = typeof parsed === "string" ? parsed : `file name says "${kind}" but the command is "${parsed.kind}"`;
      } catch (err) {
        problem = `not valid JSON (${describeError(err)})`;
      }
      await this.setAside(file, problem);
    }
    return items.sort((a, b) => a.cursor - b.cursor);
  }
  async acknowledge(cursor) {
    for (const entry of await listCommandFiles(this.dir)) {
      if (entry.cursor > cursor) continue;
      await unlink(path.join(this.dir, entry.name)).catch((err) => {
        if (errorCode(err) !== "ENOENT") throw err;
      });
    }
  }
  async reply(item, text) {
    await this.options.onReply?.(item, text);
  }
  // A bad file is kept for the person who wrote it, under a name read() no longer matches.
  async setAside(file, problem) {
    const target = `${file}.bad`;
    try {
      await rename(file, target);
    } catch (err) {
      if (errorCode(err) === "ENOENT") return;
      throw err;
    }
    this.options.log?.(`Skipped inbox file ${file}: ${problem}; renamed it to ${path.basename(target)}`);
  }
};
function parseInboxCommand(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected a JSON object, got ${showValue(value)}`;
  const v = value;
  if (typeof v.kind !== "string" || !COMMAND_KINDS.includes(v.kind)) {
    return `kind is ${showValue(v.kind)}; expected one of ${COMMAND_KINDS.join(", ")}`;
  }
  const kind = v.kind;
  if (typeof v.by !== "string" || v.by.trim() === "") return `by is ${showValue(v.by)}; expected the name of who sent the command`;
  const by = v.by;
  const optionalString = (key) => {
    const field = v[key];
    if (field === void 0 || field === null) return void 0;
    return typeof field === "string" ? field : new Error(`${key} is ${showValue(field)}; expected a string`);
  };
  switch (kind) {
    case "approve": {
      const command = { kind, by };
      if (v.delayMinutes !== void 0 && v.delayMinutes !== null) {
        const d = v.delayMinutes;
        if (typeof d !== "number" || !Number.isInteger(d) || d < 0 || d > 1440) {
          return `delayMinutes is ${showValue(d)}; expected an integer 0-1440`;
        }
        command.delayMinutes = d;
      }
      const planHash = optionalString("planHash");
      if (planHash instanceof Error) return planHash.message;
      if (planHash !== void 0) command.planHash = planHash;
      if (v.commentId !== void 0 && v.commentId !== null) {
        if (typeof v.commentId !== "number" || !Number.isSafeInteger(v.commentId)) return `commentId is ${showValue(v.commentId)}; expected an integer`;
        command.commentId = v.commentId;
      }
      if (v.budgets !== void 0 && v.budgets !== null) {
        const budgets = budgetValues(v.budgets);
        if (typeof budgets === "string") return budgets;
        command.budgets = budgets;
      }
      return command;
    }
    case "cancel": {
      const reason = optionalString("reason");
      if (reason instanceof Error) return reason.message;
      return reason !== void 0 ? { kind, by, reason } : { kind, by };
    }
    case "retry":
    case "skip":
    case "restart": {
      const step = optionalString("step");
      if (step instanceof Error) return step.message;
      if (step !== void 0 && !STEP_ID.test(step)) return `step is ${showValue(step)}; expected a step id (letters, digits, ".", "_", "-")`;
      return step !== void 0 ? { kind, by, step } : { kind, by };
    }
    case "resume":
    case "status":
      return { kind, by };
  }
}
function budgetValues(value) {
  const expected = 'expected a list of {"kind": "costUsd" or "tokens" (optional), "amount": a number > 0}';
  if (!Array.isArray(value) || value.length === 0 || value.length > 2) return `budgets is ${showValue(value)}; ${expected}`;
  const out = [];
  for (const item of value) {
    const b = item;
    if (typeof item !== "object" || item === null || typeof b.amount !== "number" || !Number.isFinite(b.amount) || b.amount <= 0) return `budgets holds ${showValue(item)}; ${expected}`;
    if (b.kind !== void 0 && b.kind !== "costUsd" && b.kind !== "tokens") return `budgets holds ${showValue(item)}; ${expected}`;
    out.push(b.kind !== void 0 ? { kind: b.kind, amount: b.amount } : { amount: b.amount });
  }
  return out;
}
async function listCommandFiles(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (err) {
    if (errorCode(err) === "ENOENT") return [];
    throw err;
  }
  const files = [];
  for (const name of names) {
    const match = FILE_PATTERN.exec(name);
    if (!match) continue;
    const cursor = Number(match[1]);
    if (Number.isSafeInteger(cursor)) files.push({ name, cursor, kind: match[2] ?? "" });
  }
  return files;
}
async function maxCursorIn(dir) {
  let max = 0;
  for (const name of await readdir(dir)) {
    const match = /^(\d{1,16})-/.exec(name);
    const cursor = Number(match?.[1] ?? 0);
    if (Number.isSafeInteger(cursor) && cursor > max) max = cursor;
  }
  return max;
}
async function readHighWater(dir) {
  try {
    const value = Number((await readFile(path.join(dir, HIGH_WATER), "utf8")).trim());
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch (err) {
    if (errorCode(err) === "ENOENT") return 0;
    throw err;
  }
}
function errorCode(err) {
  return err?.code;
}

// src/cli/plan-settings.ts
function planLocation(s, command) {
  const { planId, workspace } = s;
  if (s.store === "file") return { planId, workspace, store: { kind: "file", stateFile: s.statePath, command } };
  const stateRel = posixPath(s.statePath);
  if (s.store === "cache") return { planId, workspace, store: { kind: "cache", stateRel } };
  return {
    planId,
    workspace,
    store: {
      kind: "git",
      remote: s.remote,
      branches: s.branches,
      stateRel,
      // Null: the branch the remote's HEAD names, read in the same request as its tip.
      ...s.syncBase === "merge" ? { syncBase: { base: s.baseBranch ?? null } } : {}
    }
  };
}
function localPaths(s) {
  const { stateFile, inboxDir, logDir } = workingFilesOf(planLocation(s, s.command));
  return { stateFile, inboxDir, logDir };
}
function branchOf(s) {
  return workBranch(s.branches, s.planId);
}
function fleetBranches(s) {
  return s.branches.kind === "per-plan" ? s.branches : { kind: "per-plan", prefix: PLAN_BRANCH_PREFIX };
}
function forPlan(s, planId) {
  const statePath = s.store === "file" ? stateFileIn(s.workspace, planId) : stateFileRel(planId);
  return { ...s, planId, statePath, branches: s.branches.kind === "fixed" ? DEFAULT_WORK_BRANCHES : s.branches };
}
function cliSecrets(s) {
  return createScrubber(s.secrets ?? []);
}
function consoleLog(s, secrets = cliSecrets(s)) {
  return new ConsoleLog({ quiet: s.quiet, secrets, guardCommands: s.actionsLog ?? false });
}
function createStore(s, command) {
  return createPlanStore(planLocation(s, command), cliSecrets(s), consoleLog(s));
}
async function createEngine2(s, command) {
  const plan = planLocation(s, command);
  const paths = workingFilesOf(plan);
  const log = consoleLog(s);
  const { deps, cfg } = await createEngine(
    {
      plan,
      secrets: cliSecrets(s),
      run: {
        ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
        agentSource: s.agentSource,
        limits: { maxAttempts: s.maxAttempts, attemptTimeoutMinutes: s.attemptTimeoutMinutes, retryBackoffSeconds: s.retryBackoffSeconds, ...s.spendBudget && s.command !== "approve" ? { budget: s.spendBudget } : {} },
        owner: localOwner(),
        leaseMarginMs: 5 * 6e4,
        graceMs: s.graceSeconds * 1e3,
        stopGraceMs: s.stopGraceSeconds * 1e3,
        inboxPollMs: 1e3,
        echoAgentOutput: !s.quiet,
        localUser: localUserName(),
        ...s.budgetMinutes ? { deadline: new Date(Date.now() + s.budgetMinutes * 6e4) } : {}
      }
    },
    { log, notifier: new ConsoleNotifier(log), owners: new LocalOwnerProbe(), inbox: new FileInbox(paths.inboxDir, { log: (m) => log.warn(m) }) }
  );
  return { deps, cfg, paths: { stateFile: paths.stateFile, inboxDir: paths.inboxDir, logDir: paths.logDir } };
}

export {
  ConsoleLog,
  localUserName,
  FileInbox,
  localPaths,
  branchOf,
  fleetBranches,
  forPlan,
  cliSecrets,
  createStore,
  createEngine2 as createEngine
};
