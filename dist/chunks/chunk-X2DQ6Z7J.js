import {
  LocalOwnerProbe,
  baseConflictReport,
  gateReport,
  localOwner
} from "./chunk-RDXXX3FV.js";
import {
  COMMAND_KINDS,
  createEngine,
  workingFilesOf
} from "./chunk-L5MZAUVI.js";
import {
  blockerReport,
  finalSummary
} from "./chunk-6MTQECTV.js";
import {
  stepProgress
} from "./chunk-J73L5JYA.js";
import {
  acquireLock,
  createPlanStore
} from "./chunk-BYHQDYH5.js";
import {
  guardWorkflowCommands,
  mayHoldWorkflowCommand
} from "./chunk-S6K3D646.js";
import {
  writeFileAtomic
} from "./chunk-IU7JM5AZ.js";
import {
  terminalText
} from "./chunk-A35T5UHC.js";
import {
  NO_SECRETS,
  createScrubber
} from "./chunk-FOVAUIMP.js";
import {
  DEFAULT_WORK_BRANCHES,
  PLAN_BRANCH_PREFIX,
  posixPath,
  stateFileIn,
  stateFileRel,
  workBranch
} from "./chunk-6ECGHLWA.js";
import {
  lastAttempt,
  stepRun
} from "./chunk-IU6TIPQF.js";
import {
  stoppedText
} from "./chunk-RK2TRGWS.js";
import {
  ConfigError,
  describeError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/adapters/console-log.ts
import { randomBytes } from "node:crypto";
var ConsoleLog = class {
  constructor(opts = {}) {
    this.opts = opts;
    let out = opts.out ?? ((line) => process.stdout.write(`${line}
`)), err = opts.err ?? ((line) => process.stderr.write(`${line}
`)), secrets = opts.secrets ?? NO_SECRETS, safe = (text) => {
      let clean = terminalText(secrets.scrub(text));
      return opts.guardCommands && mayHoldWorkflowCommand(clean) ? guardWorkflowCommands(clean, randomBytes(16).toString("hex")) : clean;
    };
    this.out = (line) => out(safe(line)), this.err = (line) => err(safe(line));
  }
  opts;
  out;
  err;
  info(message) {
    this.opts.quiet || this.out(message);
  }
  warn(message) {
    this.err(`warning: ${message}`);
  }
  error(message) {
    this.err(`error: ${message}`);
  }
  debug(message) {
    this.opts.debug && this.err(`debug: ${message}`);
  }
  async group(title, fn) {
    return this.info(`\u25B6 ${title}`), fn();
  }
}, ConsoleNotifier = class {
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
        this.log.warn(
          `Plan cancelled${notice.runningStep ? ` while ${notice.runningStep} was running (${stoppedText(lastAttempt(stepRun(state, notice.runningStep))?.stoppedBy)})` : ""}; ${stepProgress(state)}.`
        );
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
var FILE_INBOX_CURSOR_KEY = "lastFileCursor", FILE_PATTERN = /^(\d{1,16})-([a-z]+)\.json$/, POST_LOCK = ".post.lock", HIGH_WATER = ".cursor", STEP_ID = /^[A-Za-z0-9._-]{1,100}$/;
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
    let checked = parseInboxCommand(command);
    if (typeof checked == "string") throw new ConfigError(`Cannot post command ${showValue(command)}: ${checked}`);
    await mkdir(dir, { recursive: !0 });
    let lockPath = path.join(dir, POST_LOCK), deadline = Date.now() + (options.timeoutMs ?? 1e4);
    for (; ; ) {
      let lock = await acquireLock(lockPath, { command: `post ${checked.kind}` });
      if (lock.ok)
        try {
          let cursor = Math.max(await readHighWater(dir), await maxCursorIn(dir), Date.now() * 1e3) + 1;
          return await writeFileAtomic(path.join(dir, HIGH_WATER), `${cursor}
`), await writeFileAtomic(path.join(dir, `${cursor}-${checked.kind}.json`), `${JSON.stringify(checked, null, 2)}
`), { cursor, command: checked };
        } finally {
          await lock.release();
        }
      if (Date.now() > deadline)
        throw new ConfigError(`Cannot post to inbox ${dir}: ${lockPath} is held by ${lock.holder}`, `If that process is gone, delete ${lockPath} and post again.`);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
  async read(memo) {
    return { items: await this.readAfter(Number(memo[this.cursorKey] ?? 0)) };
  }
  async readAfter(afterCursor) {
    let items = [];
    for (let { name, cursor, kind } of await listCommandFiles(this.dir)) {
      if (cursor <= afterCursor) continue;
      let file = path.join(this.dir, name), text;
      try {
        text = await readFile(file, "utf8");
      } catch (err) {
        if (errorCode(err) === "ENOENT") continue;
        throw err;
      }
      let problem;
      try {
        let parsed = parseInboxCommand(JSON.parse(text));
        if (typeof parsed != "string" && parsed.kind === kind) {
          items.push({ cursor, command: parsed });
          continue;
        }
        problem = typeof parsed == "string" ? parsed : `file name says "${kind}" but the command is "${parsed.kind}"`;
      } catch (err) {
        problem = `not valid JSON (${describeError(err)})`;
      }
      await this.setAside(file, problem);
    }
    return items.sort((a, b) => a.cursor - b.cursor);
  }
  async acknowledge(cursor) {
    for (let entry of await listCommandFiles(this.dir))
      entry.cursor > cursor || await unlink(path.join(this.dir, entry.name)).catch((err) => {
        if (errorCode(err) !== "ENOENT") throw err;
      });
  }
  async reply(item, text, refused = !1) {
    await this.options.onReply?.(item, text, refused);
  }
  // A bad file is kept for the person who wrote it, under a name read() no longer matches.
  async setAside(file, problem) {
    let target = `${file}.bad`;
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
  if (typeof value != "object" || value === null || Array.isArray(value)) return `expected a JSON object, got ${showValue(value)}`;
  let v = value;
  if (typeof v.kind != "string" || !COMMAND_KINDS.includes(v.kind))
    return `kind is ${showValue(v.kind)}; expected one of ${COMMAND_KINDS.join(", ")}`;
  let kind = v.kind;
  if (typeof v.by != "string" || v.by.trim() === "") return `by is ${showValue(v.by)}; expected the name of who sent the command`;
  let by = v.by, optionalString = (key) => {
    let field = v[key];
    if (field != null)
      return typeof field == "string" ? field : new Error(`${key} is ${showValue(field)}; expected a string`);
  };
  switch (kind) {
    case "approve": {
      let command = { kind, by };
      if (v.delayMinutes !== void 0 && v.delayMinutes !== null) {
        let d = v.delayMinutes;
        if (typeof d != "number" || !Number.isInteger(d) || d < 0 || d > 1440)
          return `delayMinutes is ${showValue(d)}; expected an integer 0-1440`;
        command.delayMinutes = d;
      }
      let planHash = optionalString("planHash");
      if (planHash instanceof Error) return planHash.message;
      if (planHash !== void 0 && (command.planHash = planHash), v.commentId !== void 0 && v.commentId !== null) {
        if (typeof v.commentId != "number" || !Number.isSafeInteger(v.commentId)) return `commentId is ${showValue(v.commentId)}; expected an integer`;
        command.commentId = v.commentId;
      }
      if (v.budgets !== void 0 && v.budgets !== null) {
        let budgets = budgetValues(v.budgets);
        if (typeof budgets == "string") return budgets;
        command.budgets = budgets;
      }
      let note = optionalString("note");
      return note instanceof Error ? note.message : (note !== void 0 && (command.note = note), command);
    }
    case "cancel": {
      let reason = optionalString("reason");
      return reason instanceof Error ? reason.message : reason !== void 0 ? { kind, by, reason } : { kind, by };
    }
    case "retry":
    case "skip":
    case "restart": {
      let step = optionalString("step");
      if (step instanceof Error) return step.message;
      if (step !== void 0 && !STEP_ID.test(step)) return `step is ${showValue(step)}; expected a step id (letters, digits, ".", "_", "-")`;
      let note = kind === "retry" ? optionalString("note") : void 0;
      return note instanceof Error ? note.message : { kind, by, ...step !== void 0 ? { step } : {}, ...note !== void 0 ? { note } : {} };
    }
    case "resume": {
      let note = optionalString("note");
      return note instanceof Error ? note.message : note !== void 0 ? { kind, by, note } : { kind, by };
    }
    case "status":
      return { kind, by };
  }
}
function budgetValues(value) {
  let expected = 'expected a list of {"kind": "costUsd" or "tokens" (optional), "amount": a number > 0}';
  if (!Array.isArray(value) || value.length === 0 || value.length > 2) return `budgets is ${showValue(value)}; ${expected}`;
  let out = [];
  for (let item of value) {
    let b = item;
    if (typeof item != "object" || item === null || typeof b.amount != "number" || !Number.isFinite(b.amount) || b.amount <= 0) return `budgets holds ${showValue(item)}; ${expected}`;
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
  let files = [];
  for (let name of names) {
    let match = FILE_PATTERN.exec(name);
    if (!match) continue;
    let cursor = Number(match[1]);
    Number.isSafeInteger(cursor) && files.push({ name, cursor, kind: match[2] ?? "" });
  }
  return files;
}
async function maxCursorIn(dir) {
  let max = 0;
  for (let name of await readdir(dir)) {
    let match = /^(\d{1,16})-/.exec(name), cursor = Number(match?.[1] ?? 0);
    Number.isSafeInteger(cursor) && cursor > max && (max = cursor);
  }
  return max;
}
async function readHighWater(dir) {
  try {
    let value = Number((await readFile(path.join(dir, HIGH_WATER), "utf8")).trim());
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
import path2 from "node:path";
function planLocation(s, command) {
  let { planId, workspace } = s;
  if (s.store === "file") return { planId, workspace, store: { kind: "file", stateFile: s.statePath, command } };
  let stateRel = posixPath(s.statePath);
  return s.store === "cache" ? { planId, workspace, store: { kind: "cache", stateRel } } : {
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
  let { stateFile, inboxDir, logDir } = workingFilesOf(planLocation(s, s.command));
  return { stateFile, inboxDir, logDir };
}
function branchOf(s) {
  return workBranch(s.branches, s.planId);
}
function fleetBranches(s) {
  return s.branches.kind === "per-plan" ? s.branches : { kind: "per-plan", prefix: PLAN_BRANCH_PREFIX };
}
function forPlan(s, planId) {
  let statePath = s.store === "file" ? stateFileIn(s.workspace, planId) : stateFileRel(planId);
  return { ...s, planId, statePath, branches: s.branches.kind === "fixed" ? DEFAULT_WORK_BRANCHES : s.branches };
}
function cliSecrets(s) {
  return createScrubber(s.secrets ?? []);
}
function consoleLog(s, secrets = cliSecrets(s)) {
  return new ConsoleLog({ quiet: s.quiet, secrets, guardCommands: s.actionsLog ?? !1 });
}
function createStore(s, command) {
  return createPlanStore(planLocation(s, command), cliSecrets(s), consoleLog(s));
}
async function createEngine2(s, command, opts = {}) {
  let plan = planLocation(s, command), paths = workingFilesOf(plan), log = consoleLog(s), { deps, cfg } = await createEngine(
    {
      plan,
      secrets: cliSecrets(s),
      run: {
        ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
        agentSource: s.agentSource,
        limits: {
          maxAttempts: s.maxAttempts,
          attemptTimeoutMinutes: s.attemptTimeoutMinutes,
          retryBackoffSeconds: s.retryBackoffSeconds
        },
        // Kept in the plan's state once given (approve: the raise, not a default).
        ...s.spendBudget && s.command !== "approve" ? { stickyBudget: s.spendBudget } : {},
        owner: localOwner(),
        leaseMarginMs: 5 * 6e4,
        graceMs: s.graceSeconds * 1e3,
        stopGraceMs: s.stopGraceSeconds * 1e3,
        inboxPollMs: 1e3,
        echoAgentOutput: !s.quiet,
        localUser: localUserName(),
        // A path that opens from where the command ran: relative when that is the workspace (the
        // agent's folder too, for the retry prompt), else absolute.
        attemptFileText: (relative) => {
          let file = path2.join(paths.logDir, relative);
          return path2.resolve(process.cwd()) === path2.resolve(s.workspace) ? path2.relative(s.workspace, file) : file;
        },
        ...s.budgetMinutes ? { deadline: new Date(Date.now() + s.budgetMinutes * 6e4) } : {}
      }
    },
    { log, notifier: new ConsoleNotifier(log), owners: new LocalOwnerProbe(), inbox: new FileInbox(paths.inboxDir, { log: (m) => log.warn(m), ...opts.onReply ? { onReply: opts.onReply } : {} }) }
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
