#!/usr/bin/env node
import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  SYNC_BASE_MODES
} from "./chunks/chunk-EBTCME7K.js";
import {
  createScrubber,
  environmentSecrets
} from "./chunks/chunk-LUFHFP3X.js";
import {
  terminalText
} from "./chunks/chunk-SY3ESOGT.js";
import "./chunks/chunk-K6PSMX6F.js";
import {
  ConfigError,
  EXIT,
  SequencerError,
  describeError
} from "./chunks/chunk-TEYULPYE.js";
import "./chunks/chunk-PANJYNO7.js";

// src/cli/options.ts
import { parseArgs } from "node:util";
import path from "node:path";
var ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
var USAGE = `Usage: agent-step-sequencer <command> [options]

Commands:
  check [STATE]          one heartbeat: run steps until done, blocked, waiting or out of budget
  check --all            one heartbeat over every active plan (--store git: of the remote, as the scheduled Action does)
  run --plan FILE        create the plan (approved) if needed, then run it to the end
  init --plan FILE       create the plan's state [--approve] [--delay N]
  plan --request TEXT    propose a plan for a request, drafted by the agent when it needs several steps
  status                 show the step table [--json]
  approve [--delay N]    approve a plan that awaits approval
  cancel [--reason T]    stop the plan (a running agent finds $SEQUENCER_STOP_FILE, then SIGTERM, grace, SIGKILL)
  retry [STEP]           give the blocked step a fresh set of attempts
  skip [STEP]            mark the current step skipped and move on
  resume                 continue a blocked or cancelled plan
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
  --branch NAME          work branch for --store git (default sequencer/<plan-id>)
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
  --stop-grace SEC       on cancel, seconds the agent has to exit on its own after its stop file appears (default 10)
  --grace SEC            seconds between SIGTERM and SIGKILL when an attempt is stopped (default 5)
  --json                 machine-readable output (status, list, audit, maintenance)
  --stale-days N         audit: report plans blocked or awaiting approval longer (default 14)
  --prune-days N         maintenance: prune DONE/CANCELLED plans unchanged this long (default 7)
  --archive | --delete   maintenance: keep a pruned plan's record aside (default) or remove it
  --apply                maintenance: do it (without it, only print what it would do)
  --quiet                only warnings and errors
  --help, -h             this text

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
  delay: { type: "string" },
  reason: { type: "string" },
  grace: { type: "string" },
  "stop-grace": { type: "string" },
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
  help: { type: "boolean", short: "h", default: false }
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
  const store = v.store ?? "file";
  if (store !== "file" && store !== "git" && store !== "cache") throw new ConfigError(`--store: expected "file", "git" or "cache", got "${store}"`);
  const planFile = v.plan ? path.resolve(cwd, v.plan) : void 0;
  const planId = v["plan-id"] ?? (planFile ? path.basename(planFile).replace(/\.(json|ya?ml)$/i, "") : "plan");
  if (!ID.test(planId)) throw new ConfigError(`--plan-id: expected letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit), got "${planId}"`);
  const positionalState = command === "check" && rest[0] ? path.resolve(cwd, rest[0]) : void 0;
  const explicitState = v.state ? path.resolve(cwd, v.state) : positionalState;
  const workspace = path.resolve(cwd, v.workspace ?? (explicitState && store === "file" ? path.dirname(explicitState) : "."));
  const statePath = store === "file" ? explicitState ?? path.join(workspace, ".sequencer", planId, "state.json") : v.state ?? `.sequencer/${planId}/state.json`;
  const syncBase = v["sync-base"] ?? "merge";
  if (!SYNC_BASE_MODES.includes(syncBase)) throw new ConfigError(`--sync-base: expected "merge" or "off", got "${syncBase}"`);
  const baseBranch = v["base-branch"];
  if (baseBranch !== void 0 && !/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/.test(baseBranch)) throw new ConfigError(`--base-branch: expected a branch name such as main, got "${baseBranch}"`);
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
    approve: v.approve ?? false,
    all: v.all ?? false,
    json: v.json ?? false,
    quiet: v.quiet ?? false,
    remote: v.remote ?? "origin",
    ...v.branch ? { branch: v.branch } : {},
    syncBase,
    ...baseBranch ? { baseBranch } : {},
    ...v.reason ? { reason: v.reason } : {},
    graceSeconds: intOption(v.grace, "--grace", 5, 0, 600),
    stopGraceSeconds: intOption(v["stop-grace"], "--stop-grace", 10, 0, 3600),
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
    syncBase: "merge",
    graceSeconds: 5,
    stopGraceSeconds: 10,
    staleDays: 14,
    pruneDays: 7,
    pruneMode: "archive",
    apply: false
  };
}
function intOption(raw, name, fallback, min, max) {
  if (raw === void 0 || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
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
var heartbeat = () => import("./chunks/heartbeat-YEQ6N75E.js");
var fleet = () => import("./chunks/fleet-RQDDV4PW.js");
var setup = () => import("./chunks/setup-OAEOWTR2.js");
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
    const guard = await import("./chunks/guard-I45BS4UI.js");
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
      return (await import("./chunks/plan-request-4L6SRT5Z.js")).planCommand(s, print);
    case "status":
      return (await import("./chunks/status-UKNOWJVW.js")).statusCommand(s, print);
    case "approve":
    case "cancel":
    case "retry":
    case "skip":
    case "resume":
      return (await import("./chunks/steer-EHNTE52I.js")).steerCommand(s, print);
    case "validate":
      return (await setup()).validateCommand(s, print);
    case "list":
      return (await fleet()).listCommand(s, print);
    case "audit":
      return (await fleet()).auditCommand(s, print);
    case "maintenance":
      return (await fleet()).maintenanceCommand(s, print);
    case "demo":
      return (await import("./chunks/demo-CRCP456U.js")).demoCommand(print);
    case "help":
      print(USAGE);
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
