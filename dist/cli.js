#!/usr/bin/env node
import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  terminalText
} from "./chunks/chunk-SY3ESOGT.js";
import {
  VERSION,
  readReleaseStamp,
  versionLine
} from "./chunks/chunk-ORSEDIIB.js";
import {
  SYNC_BASE_MODES
} from "./chunks/chunk-62KPKR6O.js";
import "./chunks/chunk-CX6YGWYV.js";
import "./chunks/chunk-LSXW7KTX.js";
import "./chunks/chunk-FV7F3W4G.js";
import {
  BUILD_ID,
  createScrubber,
  environmentSecrets
} from "./chunks/chunk-BURUKDR2.js";
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
} from "./chunks/chunk-YX2CLHBO.js";
import "./chunks/chunk-7LBMPVVG.js";
import "./chunks/chunk-K6PSMX6F.js";
import {
  ConfigError,
  EXIT,
  SequencerError,
  describeError
} from "./chunks/chunk-XDUK4LLW.js";
import "./chunks/chunk-PANJYNO7.js";

// src/cli/options.ts
import { parseArgs } from "node:util";
import path from "node:path";
var USAGE = `Usage: agent-step-sequencer <command> [options]

Commands:
  check [STATE]          one heartbeat: run steps until done, blocked, waiting or out of budget
  check --all            one heartbeat over every active plan (--store git: of the remote, as the scheduled Action does)
  run --plan FILE        create the plan (approved) if needed, then run it to the end
  init --plan FILE       create the plan's state [--approve] [--delay N]
  plan --request TEXT    propose a plan for a request, drafted by the agent when it needs several steps
  status                 show the step table [--json]
  usage                  tokens, cost and time per plan, step and attempt [--json]
  approve [--delay N]    approve a plan that awaits approval; with --budget-usd/--budget-tokens, raise the budget that blocked it
  cancel [--reason T]    stop the plan (a running agent finds $SEQUENCER_STOP_FILE, then SIGTERM, grace, SIGKILL)
  retry [STEP]           give the blocked step a fresh set of attempts
  skip [STEP]            mark the current step skipped and move on
  resume                 continue a blocked or cancelled plan
  restart [STEP]         run the plan again from its first step (or STEP), keeping the earlier run in the state
  validate FILE          check a plan file without running it
  list                   all plans of the workspace (--store git: of the remote); --json: the active ids for a matrix
  audit                  what needs attention: expired leases, stale blocks, invalid states, ... [--json] [--stale-days N]
  maintenance            finish stuck cancellations, prune finished plans [--apply] [--prune-days N] [--archive|--delete]
  demo                   run a 4-step demo plan with a sample agent in a temporary folder
  hook claude|codex|gemini  a tool hook: applies the attempt's tool policy to the call on stdin and logs it
  exec -- PROGRAM ARGS   run one command (no shell) under the attempt's tool policy; exit 126 when refused

Options:
  --state PATH           state file (file store; default .sequencer/<plan-id>/state.json in the workspace)
  --workspace DIR        the agent's working directory (default: the state file's folder for check STATE, else .)
  --plan-id ID           plan id (default: the plan file's name, or "plan")
  --store file|git|cache where state lives (default file; cache only inside GitHub Actions)
  --remote NAME          git remote for --store git (default origin)
  --branch NAME          work branch for --store git (default sequencer/<plan-id>); a name that ends
                         in <plan-id> names every plan's branch (check --all, list, audit, maintenance)
  --sync-base merge|off  --store git: before a tick's first attempt, merge the base branch into the work
                         branch when it merges cleanly (default merge; a conflict blocks the plan)
  --base-branch NAME     the base branch --sync-base merges (default: the remote's HEAD, e.g. main)
  --agent CMD            agent command (default $STEP_AGENT_CMD); never run through a shell
  --request TEXT         plan: the work to plan, in words
  --request-file FILE    plan: read the request from FILE instead
  --out FILE             plan: where to write the plan (default .sequencer/<plan-id>/plan.json in the workspace)
  --max-attempts N       attempts per step (default $STEP_MAX_RETRIES or 3)
  --attempt-timeout MIN  minutes per attempt (default 60)
  --retry-backoff SEC    seconds before a failed step's first retry, 4x longer each time (or STEP_RETRY_BACKOFF; default 0: at once)
  --budget MIN           stop starting attempts after this many minutes (default: no limit)
  --budget-usd N         the cost budget of a plan that sets none, in US dollars, over all its runs (approve: raise a spent one to N)
  --budget-tokens N      the token budget of a plan that sets none, over all its runs (approve: raise a spent one to N)
  --stop-grace SEC       on cancel, seconds the agent has to exit on its own after its stop file appears (default 10)
  --grace SEC            seconds between SIGTERM and SIGKILL when an attempt is stopped (default 5)
  --max-wait MIN         check: wait out a step delay shorter than this many minutes, then run on
                         (e.g. the heartbeat's interval; default 0: the next heartbeat runs it)
  --json                 machine-readable output (status, usage, list, audit, maintenance)
  --stale-days N         audit: report plans blocked or awaiting approval longer (default 14)
  --prune-days N         maintenance: prune DONE/CANCELLED plans unchanged this long (default 7)
  --archive | --delete   maintenance: keep a pruned plan's record aside (default) or remove it
  --apply                maintenance: do it (without it, only print what it would do)
  --quiet                only warnings and errors
  --help, -h             this text
  --version              the version, and the commit it was built from when that is known

Exit codes: 0 ok (check: also when there is no state file), 1 plan not done (run), 2 configuration error, 3 invalid state file.`;
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
  grace: { type: "string" },
  "stop-grace": { type: "string" },
  "max-wait": { type: "string" },
  request: { type: "string" },
  "request-file": { type: "string" },
  out: { type: "string" },
  "stale-days": { type: "string" },
  "prune-days": { type: "string" },
  archive: { type: "boolean", default: false },
  delete: { type: "boolean", default: false },
  apply: { type: "boolean", default: false },
  approve: { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  all: { type: "boolean", default: false },
  "retry-backoff": { type: "string" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
  version: { type: "boolean", default: false }
};
function parseCli(argv, env, cwd) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: CLI_OPTIONS
    });
  } catch (err) {
    throw new ConfigError(`${err.message}

${USAGE}`);
  }
  const { values: v, positionals } = parsed;
  const [command = "help", ...rest] = positionals;
  if (v.help) return { ...defaults(cwd), command: "help", positionals: [] };
  if (v.version) return { ...defaults(cwd), command: "version", positionals: [] };
  const store = checkOneOf(v.store ?? "file", ["file", "git", "cache"], cliOption("--store"));
  const planFile = v.plan ? path.resolve(cwd, v.plan) : void 0;
  const planId = checkPlanId(v["plan-id"] ?? (planFile ? planIdOfFile(planFile) : "plan"), cliOption("--plan-id"));
  const positionalState = command === "check" && rest[0] ? path.resolve(cwd, rest[0]) : void 0;
  const explicitState = v.state ? path.resolve(cwd, v.state) : positionalState;
  const workspace = path.resolve(cwd, v.workspace ?? (explicitState && store === "file" ? path.dirname(explicitState) : "."));
  const statePath = store === "file" ? explicitState ?? stateFileIn(workspace, planId) : v.state ?? stateFileRel(planId);
  const syncBase = checkOneOf(v["sync-base"] ?? "merge", SYNC_BASE_MODES, cliOption("--sync-base"));
  const baseBranch = v["base-branch"] === void 0 ? void 0 : checkBranchName(v["base-branch"], cliOption("--base-branch"));
  const branches = !v.branch ? DEFAULT_WORK_BRANCHES : parseWorkBranches(v.branch, cliOption("--branch"), { onePlan: planId, setting: "--branch" });
  if (v.archive && v.delete) throw new ConfigError("--archive and --delete: give one of them, not both");
  const agentFromFlag = v.agent;
  const agentFromEnv = env.STEP_AGENT_CMD?.trim() ? env.STEP_AGENT_CMD : void 0;
  return {
    command,
    positionals: rest,
    store,
    statePath,
    workspace,
    planId,
    ...planFile ? { planFile } : {},
    ...(agentFromFlag ?? agentFromEnv) !== void 0 ? { agentCommand: agentFromFlag ?? agentFromEnv } : {},
    agentSource: agentFromFlag !== void 0 ? "--agent" : "STEP_AGENT_CMD",
    maxAttempts: intOption(v["max-attempts"] ?? env.STEP_MAX_RETRIES, v["max-attempts"] !== void 0 ? "--max-attempts" : "STEP_MAX_RETRIES", 3, 1, 100),
    attemptTimeoutMinutes: intOption(v["attempt-timeout"], "--attempt-timeout", 60, 1, 10080),
    retryBackoffSeconds: intOption(v["retry-backoff"] ?? env.STEP_RETRY_BACKOFF, v["retry-backoff"] !== void 0 ? "--retry-backoff" : "STEP_RETRY_BACKOFF", 0, 0, 3600),
    ...v.budget !== void 0 ? { budgetMinutes: intOption(v.budget, "--budget", 0, 1, 1e5) } : {},
    ...v.delay !== void 0 ? { delayMinutes: intOption(v.delay, "--delay", 0, 0, 1440) } : {},
    ...spendBudgetOf(v["budget-usd"], v["budget-tokens"]),
    approve: v.approve ?? false,
    all: v.all ?? false,
    json: v.json ?? false,
    quiet: v.quiet ?? false,
    remote: v.remote ?? "origin",
    branches,
    syncBase,
    ...baseBranch ? { baseBranch } : {},
    ...v.reason ? { reason: v.reason } : {},
    graceSeconds: intOption(v.grace, "--grace", 5, 0, 600),
    stopGraceSeconds: intOption(v["stop-grace"], "--stop-grace", 10, 0, 3600),
    ...v["max-wait"] !== void 0 ? { maxWaitMinutes: parseNumber(v["max-wait"], cliOption("--max-wait"), { fallback: 0, min: 0, max: 1440, fractions: true, expected: "a number of minutes from 0 to 1440 (e.g. 5 for a heartbeat every 5 minutes)" }) } : {},
    ...v.request !== void 0 ? { request: v.request } : {},
    ...v["request-file"] !== void 0 ? { requestFile: path.resolve(cwd, v["request-file"]) } : {},
    ...v.out !== void 0 ? { outFile: path.resolve(cwd, v.out) } : {},
    staleDays: intOption(v["stale-days"], "--stale-days", 14, 1, 3650),
    pruneDays: intOption(v["prune-days"], "--prune-days", 7, 0, 3650),
    pruneMode: v.delete ? "delete" : "archive",
    apply: v.apply ?? false,
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
    agentSource: "STEP_AGENT_CMD",
    maxAttempts: 3,
    attemptTimeoutMinutes: 60,
    retryBackoffSeconds: 0,
    approve: false,
    all: false,
    json: false,
    quiet: false,
    remote: "origin",
    branches: DEFAULT_WORK_BRANCHES,
    syncBase: "merge",
    graceSeconds: 5,
    stopGraceSeconds: 10,
    staleDays: 14,
    pruneDays: 7,
    pruneMode: "archive",
    apply: false
  };
}
function spendBudgetOf(usd, tokens) {
  const budget = parseBudget({ raw: usd, field: cliOption("--budget-usd") }, { raw: tokens, field: cliOption("--budget-tokens") });
  return budget ? { spendBudget: budget } : {};
}
function intOption(raw, name, fallback, min, max) {
  return parseNumber(raw, cliOption(name), { fallback, min, max });
}

// src/cli/closed-output.ts
var CLOSED = /* @__PURE__ */ new Set(["EPIPE", "ERR_STREAM_DESTROYED", "ECONNRESET"]);
function tolerateClosedOutput(stream, name, report) {
  let reported = false;
  stream.on("error", (err) => {
    if (CLOSED.has(err.code ?? "")) return;
    if (!reported) report(`warning: cannot write to ${name} (${err.code ?? err.message}); continuing without it`);
    reported = true;
  });
}

// src/cli/index.ts
var heartbeat = () => import("./chunks/heartbeat-UUD3KMTI.js");
var fleet = () => import("./chunks/fleet-P3Y42AIG.js");
var setup = () => import("./chunks/setup-RNZDW5NI.js");
tolerateClosedOutput(process.stdout, "stdout", (line) => process.stderr.write(`${line}
`));
tolerateClosedOutput(process.stderr, "stderr", () => {
});
var secrets = createScrubber(environmentSecrets(process.env));
var print = (line) => process.stdout.write(`${terminalText(secrets.scrub(line))}
`);
var printError = (text) => process.stderr.write(terminalText(secrets.scrub(text)));
async function main(argv) {
  if (argv[0] === "demo-agent") return (await import("./chunks/demo-agent-KTQDUFIQ.js")).demoAgent(argv.slice(1).join(" "), process.env, print);
  if (argv[0] === "hook" || argv[0] === "exec") {
    const io = { env: process.env, stdin: process.stdin, out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(terminalText(secrets.scrub(t))) };
    const guard = await import("./chunks/guard-7CTQTR7A.js");
    return argv[0] === "hook" ? guard.hookCommand(argv.slice(1), io) : guard.execCommand(argv.slice(1), io);
  }
  const s = parseCli(argv, process.env, process.cwd());
  switch (s.command) {
    case "check":
      return (await heartbeat()).checkCommand(s);
    case "run":
      return (await heartbeat()).runCommand(s, print);
    case "init":
      return (await setup()).initCommand(s, print);
    case "plan":
      return (await import("./chunks/plan-request-XSYKTMFB.js")).planCommand(s, print);
    case "status":
      return (await import("./chunks/status-ATX4Q6VD.js")).statusCommand(s, print);
    case "usage":
      return (await import("./chunks/usage-SRI5HOVH.js")).usageCommand(s, print);
    case "approve":
    case "cancel":
    case "retry":
    case "skip":
    case "resume":
    case "restart":
      return (await import("./chunks/steer-3EH6JHBO.js")).steerCommand(s, print);
    case "validate":
      return (await setup()).validateCommand(s, print);
    case "list":
      return (await fleet()).listCommand(s, print);
    case "audit":
      return (await fleet()).auditCommand(s, print);
    case "maintenance":
      return (await fleet()).maintenanceCommand(s, print);
    case "demo":
      return (await import("./chunks/demo-4QFV75I6.js")).demoCommand(print);
    case "help":
      print(USAGE);
      return 0;
    case "version":
      print(versionLine({ version: VERSION, buildId: BUILD_ID, stamp: readReleaseStamp(process.argv[1]) }));
      return 0;
    default:
      printError(`Unknown command "${s.command}".

${USAGE}
`);
      return EXIT.config;
  }
}
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof SequencerError) {
      printError(`error: ${err.message}
${err.hint ? `hint: ${err.hint}
` : ""}`);
      process.exit(err.exitCode);
    }
    printError(`error: ${describeError(err)}
${err instanceof Error && err.stack ? `${err.stack}
` : ""}`);
    process.exit(1);
  }
);
