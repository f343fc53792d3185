#!/usr/bin/env node
import {
  terminalText
} from "./chunks/chunk-A35T5UHC.js";
import {
  SYNC_BASE_MODES,
  VERSION,
  readReleaseStamp,
  versionLine
} from "./chunks/chunk-N2H2U5B4.js";
import "./chunks/chunk-3M3F447X.js";
import {
  BUILD_ID,
  createScrubber,
  environmentSecrets
} from "./chunks/chunk-FOVAUIMP.js";
import {
  DEFAULT_WORK_BRANCHES,
  checkBranchName,
  checkOneOf,
  checkPlanId,
  cliOption,
  parseBudget,
  parseNumber,
  parseWorkBranches,
  planIdOfFile,
  stateFileIn,
  stateFileRel
} from "./chunks/chunk-6ECGHLWA.js";
import {
  ConfigError,
  EXIT,
  PlanError,
  SequencerError,
  describeError,
  nearestName
} from "./chunks/chunk-UZTB5BNK.js";
import "./chunks/chunk-27FUKKN2.js";

// src/cli/options.ts
import { parseArgs as parseArgs2 } from "node:util";
import path from "node:path";

// src/cli/usage.ts
var PLAN_OPTIONS = ["plan-id", "workspace", "state", "store", "remote", "branch", "quiet"], RUN_OPTIONS = ["agent", "max-attempts", "attempt-timeout", "retry-backoff", "budget", "budget-usd", "budget-tokens", "stop-grace", "grace", "sync-base", "base-branch"], COMMANDS = {
  check: {
    usage: "check [STATE] | check --all",
    summary: "one heartbeat: run steps until done, blocked, waiting or out of budget (--all: every active plan)",
    details: [
      "With STATE (the original sequencer's state.json), the state file's folder is the workspace and a missing file is nothing to do.",
      "--all: one heartbeat over every active plan (--store git: of the remote, as the scheduled Action does)."
    ],
    options: [...PLAN_OPTIONS, ...RUN_OPTIONS, "all", "max-wait"]
  },
  run: {
    usage: "run --plan FILE",
    summary: "create the plan (approved) if needed, then run it to the end",
    details: [`The plan id is the file's name (plans/slow.yaml is "slow") unless --plan-id names another.`],
    options: ["plan", ...PLAN_OPTIONS, ...RUN_OPTIONS]
  },
  init: { usage: "init --plan FILE", summary: "create the plan's state; without --approve it awaits approval", options: ["plan", "approve", "delay", ...PLAN_OPTIONS] },
  plan: {
    usage: "plan --request TEXT",
    summary: "propose a plan for a request: one step, or drafted by the agent when it needs several; the plan awaits approval",
    details: ["The plan is written to --out (default .sequencer/<plan-id>/plan.json) so you can read and edit it before `approve`."],
    options: ["request", "request-file", "out", "agent", "attempt-timeout", ...PLAN_OPTIONS]
  },
  status: { usage: "status", summary: "show the step table, the last error and what to do next [--json]", options: ["json", ...PLAN_OPTIONS] },
  usage: { usage: "usage", summary: "tokens, cost and time per plan, step and attempt [--json]", options: ["json", ...PLAN_OPTIONS] },
  approve: {
    usage: "approve",
    summary: "approve a plan that awaits approval (or pass its gate); with --budget-usd/--budget-tokens, raise the budget that blocked it",
    options: ["delay", "note", "budget-usd", "budget-tokens", ...PLAN_OPTIONS]
  },
  cancel: { usage: "cancel", summary: "stop the plan (a running agent finds $SEQUENCER_STOP_FILE, then SIGTERM, grace, SIGKILL)", options: ["reason", ...PLAN_OPTIONS] },
  retry: {
    usage: "retry [STEP]",
    summary: "give the blocked step a new round of attempts",
    details: [`--note TEXT goes into the agent's next prompt as "A maintainer (@you) says: TEXT".`],
    options: ["note", ...PLAN_OPTIONS]
  },
  skip: { usage: "skip [STEP]", summary: "mark the current step skipped and move on", options: PLAN_OPTIONS },
  resume: { usage: "resume", summary: "continue a blocked or cancelled plan", options: ["note", ...PLAN_OPTIONS] },
  restart: { usage: "restart [STEP]", summary: "run the plan again from its first step (or STEP), keeping the earlier run in the state", options: PLAN_OPTIONS },
  validate: { usage: "validate FILE", summary: "check a plan file without running it", options: [] },
  list: { usage: "list", summary: "all plans of the workspace (--store git: of the remote); --json: the active ids for a matrix", options: ["json", "workspace", "store", "remote", "branch"] },
  audit: { usage: "audit", summary: "what needs attention: expired leases, stale blocks, invalid states, ...", options: ["json", "stale-days", "workspace", "store", "remote", "branch"] },
  maintenance: {
    usage: "maintenance",
    summary: "finish stuck cancellations, prune finished plans",
    options: ["apply", "prune-days", "archive", "delete", "json", "workspace", "store", "remote", "branch"]
  },
  demo: { usage: "demo", summary: "run a 4-step demo plan with a sample agent in a temporary folder", options: [] },
  hook: { usage: "hook claude|codex|gemini", summary: "a tool hook: applies the attempt's tool policy to the call on stdin and logs it", options: [] },
  exec: { usage: "exec -- PROGRAM ARGS", summary: "run one command (no shell) under the attempt's tool policy; exit 126 when refused", options: [] },
  help: { usage: "help [COMMAND]", summary: "this text, or one command's", options: [] }
}, OPTION_HELP = {
  plan: ["--plan FILE", "the plan file (JSON or YAML); its name is the plan id"],
  "plan-id": ["--plan-id ID", "the plan (default: the plan file's name; else the only plan in the workspace)"],
  state: ["--state PATH", "state file (file store; default .sequencer/<plan-id>/state.json in the workspace)"],
  workspace: ["--workspace DIR", "the agent's working directory (default: the state file's folder for check STATE, else .)"],
  store: ["--store file|git|cache", "where state lives (default file; cache only inside GitHub Actions)"],
  remote: ["--remote NAME", "git remote for --store git (default origin)"],
  branch: ["--branch NAME", "work branch for --store git (default sequencer/<plan-id>); a name that ends in <plan-id> names every plan's branch"],
  "sync-base": ["--sync-base merge|off", "--store git: merge the base branch into the work branch before a tick's first attempt (default merge)"],
  "base-branch": ["--base-branch NAME", "the base branch --sync-base merges (default: the remote's HEAD, e.g. main)"],
  agent: ["--agent CMD", "agent command (default $STEP_AGENT_CMD); never run through a shell"],
  request: ["--request TEXT", "plan: the work to plan, in words"],
  "request-file": ["--request-file FILE", "plan: read the request from FILE instead"],
  out: ["--out FILE", "plan: where to write the plan (default .sequencer/<plan-id>/plan.json in the workspace)"],
  "max-attempts": ["--max-attempts N", "attempts per round of a step (default $STEP_MAX_RETRIES or 3); retry starts a new round"],
  "attempt-timeout": ["--attempt-timeout MIN", "minutes per attempt (default 60)"],
  "retry-backoff": ["--retry-backoff SEC", "seconds before a failed step's first retry, 4x longer each time (or STEP_RETRY_BACKOFF; default 0)"],
  budget: ["--budget MIN", "stop starting attempts after this many minutes (default: no limit)"],
  "budget-usd": ["--budget-usd N", "the cost budget of a plan that sets none, in US dollars, over all its runs (approve: raise a spent one to N)"],
  "budget-tokens": ["--budget-tokens N", "the token budget of a plan that sets none, over all its runs (approve: raise a spent one to N)"],
  "stop-grace": ["--stop-grace SEC", "on cancel, seconds the agent has to exit on its own after its stop file appears (default 10)"],
  grace: ["--grace SEC", "seconds between SIGTERM and SIGKILL when an attempt is stopped (default 5)"],
  "max-wait": ["--max-wait MIN", "check: wait out a step delay shorter than this many minutes, then run on (e.g. the heartbeat's interval; default 0: the next heartbeat runs it)"],
  delay: ["--delay N", "minutes between steps"],
  approve: ["--approve", "init: approve the plan at once"],
  reason: ["--reason TEXT", "cancel: why, kept with the cancel"],
  note: ["--note TEXT", "approve: kept with the approval; retry, resume: said to the agent in its next prompt"],
  all: ["--all", "check: every active plan"],
  json: ["--json", "machine-readable output (status, usage, list, audit, maintenance)"],
  "stale-days": ["--stale-days N", "audit: report plans blocked or awaiting approval longer (default 14)"],
  "prune-days": ["--prune-days N", "maintenance: prune DONE/CANCELLED plans unchanged this long (default 7)"],
  archive: ["--archive", "maintenance: keep a pruned plan's record aside (default)"],
  delete: ["--delete", "maintenance: remove a pruned plan's record"],
  apply: ["--apply", "maintenance: do it (without it, only print what it would do)"],
  quiet: ["--quiet", "only warnings and errors"],
  help: ["--help, -h", "this text (after a command: that command's)"],
  version: ["--version", "the version, and the commit it was built from when that is known"]
}, EXIT_CODE_LINES = [
  [EXIT.ok, "done what was asked; check: the plan moved on, waits, or there is no plan to tick"],
  [EXIT.notDone, "the plan needs a person: run ended without finishing, check left it BLOCKED, or the command was refused (the message says why)"],
  [EXIT.config, "usage or configuration: a bad flag or value, a refused plan file or agent command, no plan by that id, several plans and no --plan-id"],
  [EXIT.state, "the state file is invalid; it was left untouched"]
], pad = (text, width) => text.length >= width ? `${text}  ` : text.padEnd(width);
function optionLines(names) {
  return names.map((n) => {
    let [label, text] = OPTION_HELP[n] ?? [`--${n}`, ""];
    return `  ${pad(label, 23)}${text}`;
  });
}
var exitCodes = ["Exit codes:", ...EXIT_CODE_LINES.map(([code, text]) => `  ${code}  ${text}`)], USAGE = [
  "Usage: agent-step-sequencer <command> [options]",
  "",
  "Commands:",
  ...Object.values(COMMANDS).map((c) => `  ${pad(c.usage, 23)}${c.summary}`),
  "",
  "Options:",
  ...optionLines(Object.keys(OPTION_HELP)),
  "",
  "Run `agent-step-sequencer help COMMAND` (or `COMMAND --help`) for one command.",
  "",
  ...exitCodes
].join(`
`);
function commandUsage(name) {
  let c = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : void 0;
  if (c)
    return [
      `Usage: agent-step-sequencer ${c.usage} [options]`,
      "",
      `${c.summary[0]?.toUpperCase() ?? ""}${c.summary.slice(1)}.`,
      ...c.details ?? [],
      ...c.options.length ? ["", "Options:", ...optionLines(c.options)] : [],
      "",
      ...exitCodes
    ].join(`
`);
}

// src/cli/option-errors.ts
import { parseArgs } from "node:util";
function optionError(err, argv2, options) {
  let message = err instanceof Error ? err.message : String(err), code = err?.code, command = commandOf(argv2, options), hint = command ? `\`agent-step-sequencer ${command} --help\` lists its options.` : "`agent-step-sequencer --help` lists the commands and their options.", forCommand = command ? ` for ${command}` : "", unknown = /^Unknown option '([^']+)'/.exec(message);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown?.[1]) {
    let given = unknown[1], known = command ? [...COMMANDS[command]?.options ?? [], "help"] : Object.keys(options), near = given.startsWith("--") ? nearestName(given.slice(2), known) : void 0;
    return new ConfigError(`unknown option ${given}${forCommand}${near ? `; did you mean --${near}?` : ""}`, hint);
  }
  let option = /^Option '(-[\w-]+|--[\w-]+)/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    let form = OPTION_HELP[option.replace(/^-+/, "")]?.[0] ?? option;
    if (/argument missing/.test(message)) return new ConfigError(`${option}${forCommand}: expected a value, as in ${form}`, hint);
    if (/does not take an argument/.test(message)) return new ConfigError(`${option}${forCommand} takes no value`, hint);
    if (/ambiguous/.test(message)) return new ConfigError(`${option}${forCommand}: expected a value, got an option; to give a value that starts with "-", write ${option}=VALUE`, hint);
  }
  return new ConfigError(message, hint);
}
function commandOf(argv2, options) {
  let first;
  try {
    first = parseArgs({ args: argv2, allowPositionals: !0, strict: !1, options }).positionals[0];
  } catch {
    first = argv2[0];
  }
  return first !== void 0 && Object.hasOwn(COMMANDS, first) ? first : void 0;
}

// src/cli/options.ts
var CLI_OPTIONS = {
  state: { type: "string" },
  workspace: { type: "string" },
  "plan-id": { type: "string" },
  plan: { type: "string" },
  store: { type: "string" },
  remote: { type: "string" },
  branch: { type: "string" },
  "sync-base": { type: "string" },
  "base-branch": { type: "string" },
  agent: { type: "string" },
  "max-attempts": { type: "string" },
  "attempt-timeout": { type: "string" },
  budget: { type: "string" },
  "budget-usd": { type: "string" },
  "budget-tokens": { type: "string" },
  delay: { type: "string" },
  reason: { type: "string" },
  note: { type: "string" },
  grace: { type: "string" },
  "stop-grace": { type: "string" },
  "max-wait": { type: "string" },
  request: { type: "string" },
  "request-file": { type: "string" },
  out: { type: "string" },
  "stale-days": { type: "string" },
  "prune-days": { type: "string" },
  archive: { type: "boolean", default: !1 },
  delete: { type: "boolean", default: !1 },
  apply: { type: "boolean", default: !1 },
  approve: { type: "boolean", default: !1 },
  json: { type: "boolean", default: !1 },
  all: { type: "boolean", default: !1 },
  "retry-backoff": { type: "string" },
  quiet: { type: "boolean", default: !1 },
  help: { type: "boolean", short: "h", default: !1 },
  version: { type: "boolean", default: !1 }
};
function parseCli(argv2, env, cwd) {
  let parsed;
  try {
    parsed = parseArgs2({
      args: argv2,
      allowPositionals: !0,
      strict: !0,
      options: CLI_OPTIONS
    });
  } catch (err) {
    throw optionError(err, argv2, CLI_OPTIONS);
  }
  let { values: v, positionals } = parsed, [command = "help", ...rest] = positionals;
  if (v.version) return { ...defaults(cwd), command: "version", positionals: [] };
  if (v.help) return { ...defaults(cwd), command: "help", positionals: command === "help" ? rest : positionals.slice(0, 1) };
  let store = checkOneOf(v.store ?? "file", ["file", "git", "cache"], cliOption("--store")), planFile = v.plan ? path.resolve(cwd, v.plan) : void 0, planId = checkPlanId(v["plan-id"] ?? (planFile ? planIdOfFile(planFile) : "plan"), cliOption("--plan-id")), positionalState = command === "check" && rest[0] ? path.resolve(cwd, rest[0]) : void 0, explicitState = v.state ? path.resolve(cwd, v.state) : positionalState, workspace = path.resolve(cwd, v.workspace ?? (explicitState && store === "file" ? path.dirname(explicitState) : ".")), statePath = store === "file" ? explicitState ?? stateFileIn(workspace, planId) : v.state ?? stateFileRel(planId), syncBase = checkOneOf(v["sync-base"] ?? "merge", SYNC_BASE_MODES, cliOption("--sync-base")), baseBranch = v["base-branch"] === void 0 ? void 0 : checkBranchName(v["base-branch"], cliOption("--base-branch")), branches = v.branch ? parseWorkBranches(v.branch, cliOption("--branch"), { onePlan: planId, setting: "--branch" }) : DEFAULT_WORK_BRANCHES;
  if (v.archive && v.delete) throw new ConfigError("--archive and --delete: give one of them, not both");
  let agentFromFlag = v.agent, agentFromEnv = env.STEP_AGENT_CMD?.trim() ? env.STEP_AGENT_CMD : void 0, planFrom = v["plan-id"] !== void 0 ? "plan-id" : planFile ? "plan" : explicitState && store === "file" ? "state" : "default";
  return {
    command,
    positionals: rest,
    store,
    statePath,
    workspace,
    planId,
    planFrom,
    ...planFile ? { planFile } : {},
    ...(agentFromFlag ?? agentFromEnv) !== void 0 ? { agentCommand: agentFromFlag ?? agentFromEnv } : {},
    agentSource: agentFromFlag !== void 0 ? "--agent" : "STEP_AGENT_CMD",
    maxAttempts: intOption(v["max-attempts"] ?? env.STEP_MAX_RETRIES, v["max-attempts"] !== void 0 ? "--max-attempts" : "STEP_MAX_RETRIES", 3, 1, 100),
    attemptTimeoutMinutes: intOption(v["attempt-timeout"], "--attempt-timeout", 60, 1, 10080),
    retryBackoffSeconds: intOption(v["retry-backoff"] ?? env.STEP_RETRY_BACKOFF, v["retry-backoff"] !== void 0 ? "--retry-backoff" : "STEP_RETRY_BACKOFF", 0, 0, 3600),
    ...v.budget !== void 0 ? { budgetMinutes: intOption(v.budget, "--budget", 0, 1, 1e5) } : {},
    ...v.delay !== void 0 ? { delayMinutes: intOption(v.delay, "--delay", 0, 0, 1440) } : {},
    ...spendBudgetOf(v["budget-usd"], v["budget-tokens"]),
    approve: v.approve ?? !1,
    all: v.all ?? !1,
    json: v.json ?? !1,
    quiet: v.quiet ?? !1,
    remote: v.remote ?? "origin",
    branches,
    syncBase,
    ...baseBranch ? { baseBranch } : {},
    ...v.reason ? { reason: v.reason } : {},
    ...v.note?.trim() ? { note: v.note.trim() } : {},
    graceSeconds: intOption(v.grace, "--grace", 5, 0, 600),
    stopGraceSeconds: intOption(v["stop-grace"], "--stop-grace", 10, 0, 3600),
    ...v["max-wait"] !== void 0 ? {
      maxWaitMinutes: parseNumber(v["max-wait"], cliOption("--max-wait"), {
        fallback: 0,
        min: 0,
        max: 1440,
        fractions: !0,
        expected: "a number of minutes from 0 to 1440 (e.g. 5 for a heartbeat every 5 minutes)"
      })
    } : {},
    ...v.request !== void 0 ? { request: v.request } : {},
    ...v["request-file"] !== void 0 ? { requestFile: path.resolve(cwd, v["request-file"]) } : {},
    ...v.out !== void 0 ? { outFile: path.resolve(cwd, v.out) } : {},
    staleDays: intOption(v["stale-days"], "--stale-days", 14, 1, 3650),
    pruneDays: intOption(v["prune-days"], "--prune-days", 7, 0, 3650),
    pruneMode: v.delete ? "delete" : "archive",
    apply: v.apply ?? !1,
    secrets: environmentSecrets(env),
    actionsLog: env.GITHUB_ACTIONS === "true"
  };
}
function defaults(cwd) {
  return {
    command: "help",
    positionals: [],
    store: "file",
    statePath: path.join(cwd, "state.json"),
    workspace: cwd,
    planId: "plan",
    planFrom: "default",
    agentSource: "STEP_AGENT_CMD",
    maxAttempts: 3,
    attemptTimeoutMinutes: 60,
    retryBackoffSeconds: 0,
    approve: !1,
    all: !1,
    json: !1,
    quiet: !1,
    remote: "origin",
    branches: DEFAULT_WORK_BRANCHES,
    syncBase: "merge",
    graceSeconds: 5,
    stopGraceSeconds: 10,
    staleDays: 14,
    pruneDays: 7,
    pruneMode: "archive",
    apply: !1
  };
}
function spendBudgetOf(usd, tokens) {
  let budget = parseBudget({ raw: usd, field: cliOption("--budget-usd") }, { raw: tokens, field: cliOption("--budget-tokens") });
  return budget ? { spendBudget: budget } : {};
}
function intOption(raw, name, fallback, min, max) {
  return parseNumber(raw, cliOption(name), { fallback, min, max });
}

// src/cli/closed-output.ts
var CLOSED = /* @__PURE__ */ new Set(["EPIPE", "ERR_STREAM_DESTROYED", "ECONNRESET"]);
function tolerateClosedOutput(stream, name, report) {
  let reported = !1;
  stream.on("error", (err) => {
    CLOSED.has(err.code ?? "") || (reported || report(`warning: cannot write to ${name} (${err.code ?? err.message}); continuing without it`), reported = !0);
  });
}

// src/cli/index.ts
var heartbeat = () => import("./chunks/heartbeat-5P2AFUML.js"), fleet = () => import("./chunks/fleet-L2FXYGVT.js"), setup = () => import("./chunks/setup-QHUIHDC5.js"), interruptible = async (command) => (await import("./chunks/interrupt-DWN3Y3OZ.js")).untilInterrupted(command(), (line) => printError(`${line}
`));
tolerateClosedOutput(process.stdout, "stdout", (line) => process.stderr.write(`${line}
`));
tolerateClosedOutput(process.stderr, "stderr", () => {
});
var secrets = createScrubber(environmentSecrets(process.env)), print = (line) => process.stdout.write(`${terminalText(secrets.scrub(line))}
`), printError = (text) => process.stderr.write(terminalText(secrets.scrub(text)));
async function main(argv2) {
  if (argv2[0] === "demo-agent") return (await import("./chunks/demo-agent-U4KFMP22.js")).demoAgent(argv2.slice(1).join(" "), process.env, print);
  if ((argv2[0] === "hook" || argv2[0] === "exec") && (argv2[1] === "--help" || argv2[1] === "-h"))
    return print(commandUsage(argv2[0]) ?? USAGE), 0;
  if (argv2[0] === "hook" || argv2[0] === "exec") {
    let io = { env: process.env, stdin: process.stdin, out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(terminalText(secrets.scrub(t))) }, guard = await import("./chunks/guard-27JQRE3H.js");
    return argv2[0] === "hook" ? guard.hookCommand(argv2.slice(1), io) : guard.execCommand(argv2.slice(1), io);
  }
  let parsed = parseCli(argv2, process.env, process.cwd()), s = parsed.command === "help" || parsed.command === "version" ? parsed : await (await import("./chunks/plan-choice-ABBCQ6D5.js")).resolvePlan(parsed);
  switch (s.command) {
    case "check":
      return interruptible(async () => (await heartbeat()).checkCommand(s));
    case "run":
      return interruptible(async () => (await heartbeat()).runCommand(s, print));
    case "init":
      return (await setup()).initCommand(s, print);
    case "plan":
      return interruptible(async () => (await import("./chunks/plan-request-ZHGMPTXS.js")).planCommand(s, print));
    case "status":
      return (await import("./chunks/status-ANOPFKZW.js")).statusCommand(s, print);
    case "usage":
      return (await import("./chunks/usage-ZFXVZWBU.js")).usageCommand(s, print);
    case "approve":
    case "cancel":
    case "retry":
    case "skip":
    case "resume":
    case "restart":
      return (await import("./chunks/steer-ER7VDIF5.js")).steerCommand(s, print);
    case "validate":
      return (await setup()).validateCommand(s, print);
    case "list":
      return (await fleet()).listCommand(s, print);
    case "audit":
      return (await fleet()).auditCommand(s, print);
    case "maintenance":
      return (await fleet()).maintenanceCommand(s, print);
    case "demo":
      return (await import("./chunks/demo-4ZDBGNXB.js")).demoCommand(print);
    case "help": {
      let topic = s.positionals[0];
      if (topic === void 0)
        return print(USAGE), 0;
      let usage = commandUsage(topic);
      return usage === void 0 ? (printError(`Unknown command "${topic}".

${USAGE}
`), EXIT.config) : (print(usage), 0);
    }
    case "version":
      return print(versionLine({ version: VERSION, buildId: BUILD_ID, stamp: readReleaseStamp(process.argv[1]) })), 0;
    default:
      return printError(`Unknown command "${s.command}".

${USAGE}
`), EXIT.config;
  }
}
var argv = process.argv.slice(2);
main(argv).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof SequencerError) {
      let hint = err instanceof PlanError && argv[0] !== "validate" ? `${err.hint} \`agent-step-sequencer validate FILE\` checks a plan file without running it.` : err.hint;
      printError(`error: ${err.message}
${hint ? `hint: ${hint}
` : ""}`), process.exit(err.exitCode);
    }
    printError(`error: ${describeError(err)}
${err instanceof Error && err.stack ? `${err.stack}
` : ""}`), process.exit(1);
  }
);
