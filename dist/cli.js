#!/usr/bin/env node
import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  FileInbox,
  checkCommand,
  createEngine,
  createStore,
  initCommand,
  localPaths,
  runCommand,
  validateCommand
} from "./chunks/chunk-F4J72ZN2.js";
import "./chunks/chunk-QPG2KBK5.js";
import {
  classifyRequest,
  planFromRequest,
  shortTitle
} from "./chunks/chunk-4ALXYWL3.js";
import "./chunks/chunk-GTN3I3HD.js";
import {
  ExecAgentRunner,
  statusTable,
  terminalJson,
  terminalText,
  tick,
  writeFileAtomic
} from "./chunks/chunk-IXGKXTFW.js";
import {
  newState
} from "./chunks/chunk-O6OTTNS2.js";
import "./chunks/chunk-NWIZML63.js";
import "./chunks/chunk-A7XPLWEY.js";
import "./chunks/chunk-DRZ7AGQ5.js";
import {
  createScrubber,
  environmentSecrets
} from "./chunks/chunk-H3YOHMVR.js";
import "./chunks/chunk-A2SEFKAZ.js";
import "./chunks/chunk-7ZHH3IPM.js";
import "./chunks/chunk-KEKBO2EF.js";
import {
  ConfigError,
  EXIT,
  SequencerError,
  describeError
} from "./chunks/chunk-TEYULPYE.js";
import "./chunks/chunk-PANJYNO7.js";

// src/cli/commands/demo-agent.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
async function demoAgent(prompt, env, print2) {
  const step = env.SEQUENCER_STEP_ID ?? "?";
  const attempt = Number(env.SEQUENCER_ATTEMPT ?? "1");
  const workspace = env.SEQUENCER_WORKSPACE ?? process.cwd();
  const outputs = JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS ?? "[]");
  const task = prompt.split("\n\n").pop() ?? prompt;
  print2(`[sample agent] ${step} attempt ${attempt}: ${task.slice(0, 140)}${task.length > 140 ? "\u2026" : ""}`);
  if (step === "fetch" && attempt === 1) {
    print2("[sample agent] the primary source returned nothing; giving up on this attempt");
    process.stderr.write("source https://example.invalid/data returned an empty response\n");
    return 1;
  }
  if (step === "analyse") {
    for (let i = 1; i <= 4; i++) {
      print2(`[sample agent] analysing\u2026 ${i * 25}%`);
      await sleep(700);
    }
  }
  for (const out of outputs) {
    const file = path.join(workspace, out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `# ${step}

Written by the sample agent (attempt ${attempt}).

${prompt}
`);
    print2(`[sample agent] wrote ${out}`);
  }
  return 0;
}

// src/cli/commands/demo.ts
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile as writeFile2 } from "node:fs/promises";
import os from "node:os";
import path2 from "node:path";
import { setTimeout as sleep2 } from "node:timers/promises";
import { fileURLToPath } from "node:url";
var DEMO_PLAN = {
  title: "Demo: a small research report",
  steps: {
    outline: { title: "Outline the report", instruction: "Write an outline of a short report on heartbeat schedulers.", requiredOutputs: ["report/outline.md"] },
    fetch: { title: "Collect sources", instruction: "Collect three sources about cron-driven job runners and note them.", requiredOutputs: ["report/sources.md"] },
    analyse: { title: "Analyse", instruction: "Compare the sources and write the findings.", requiredOutputs: ["report/findings.md"] },
    write: { title: "Write the report", instruction: "Using the outline and findings, write the final report.", requiredOutputs: ["report/report.md"] }
  }
};
async function demoCommand(print2) {
  const workspace = await mkdtemp(path2.join(os.tmpdir(), "sequencer-demo-"));
  const planFile = path2.join(workspace, "plan.json");
  await writeFile2(planFile, `${JSON.stringify(DEMO_PLAN, null, 2)}
`);
  const cli = fileURLToPath(import.meta.url);
  const agent = `${quote(process.execPath)} ${quote(cli)} demo-agent`;
  const args = [cli, "run", "--plan", planFile, "--workspace", workspace, "--plan-id", "demo", "--agent", agent, "--grace", "1"];
  const statePath = path2.join(workspace, ".sequencer", "demo", "state.json");
  print2(`Demo workspace: ${workspace}`);
  print2(`Agent command: ${agent}
`);
  print2('\u2500\u2500 Run 1: start the plan; the runner will be killed in the middle of "analyse" \u2500\u2500');
  const first = spawn(process.execPath, args, { stdio: "inherit" });
  const firstExit = new Promise((resolve) => first.once("exit", () => resolve()));
  while (first.exitCode === null && !await analyseRunning(statePath)) await sleep2(100);
  await sleep2(900);
  if (first.exitCode === null) {
    first.kill("SIGKILL");
    print2("\n\u2716 Runner killed with SIGKILL mid-step (as when a CI job is cancelled or preempted).\n");
  }
  await firstExit;
  print2("\u2500\u2500 Run 2: a later heartbeat resumes from the durable state \u2500\u2500");
  const second = spawn(process.execPath, args, { stdio: "inherit" });
  const code = await new Promise((resolve) => second.once("exit", (c) => resolve(c ?? 1)));
  print2(`
State file: ${statePath}`);
  print2(`Try: node ${path2.relative(process.cwd(), cli) || cli} status --state ${statePath}`);
  return code;
}
async function analyseRunning(statePath) {
  try {
    const state = JSON.parse(await readFile(statePath, "utf8"));
    return state.stepRuns?.analyse?.status === "IN_PROGRESS";
  } catch {
    return false;
  }
}
function quote(word) {
  return /^[A-Za-z0-9_./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

// src/cli/commands/plan-request.ts
import { mkdir as mkdir2, readFile as readFile2 } from "node:fs/promises";
import path3 from "node:path";
async function planCommand(s, print2) {
  const request = await readRequest(s);
  await refuseExistingPlan(s);
  const { multiStep, reasons } = classifyRequest(request);
  print2(`Request: ${multiStep ? "multi-step" : "single step"} (${reasons.join("; ")}).`);
  const { logDir } = localPaths(s);
  if (multiStep && s.agentCommand !== void 0) print2(`Asking the agent to draft a plan; its output goes to ${path3.join(logDir, "plan-draft.log")}.`);
  const result = await planFromRequest({
    request,
    ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
    agentSource: s.agentSource,
    runner: new ExecAgentRunner({ cwd: s.workspace }),
    workspace: s.workspace,
    logDir,
    timeoutMs: s.attemptTimeoutMinutes * 6e4,
    graceMs: s.graceSeconds * 1e3
  });
  if (result.attempts > 1) print2(`The agent's first draft was invalid; the retry produced a valid plan.`);
  const plan = { title: shortTitle(request), ...result.plan };
  const outFile = s.outFile ?? path3.join(s.workspace, ".sequencer", s.planId, "plan.json");
  await mkdir2(path3.dirname(outFile), { recursive: true });
  await writeFileAtomic(outFile, `${JSON.stringify(plan, null, 2)}
`);
  const idFlag = path3.basename(outFile).replace(/\.(json|ya?ml)$/i, "") === s.planId ? "" : ` --plan-id ${s.planId}`;
  print2(`Plan written to ${outFile} (to change it, edit the file and run \`agent-step-sequencer init --plan ${outFile}${idFlag}\`).`);
  const written = await createProposal(s, plan);
  print2(statusTable(written));
  const approve = ["agent-step-sequencer approve", ...s.planId !== "plan" ? [`--plan-id ${s.planId}`] : [], ...s.store !== "file" ? [`--store ${s.store}`] : []].join(" ");
  print2(`Approve with \`${approve}\` (add \`--delay 2\` for 2 minutes between steps, recommended for rate-limited APIs).`);
  return 0;
}
async function readRequest(s) {
  if (s.request !== void 0 && s.requestFile !== void 0) {
    throw new ConfigError("plan: --request and --request-file were both given; expected one of them");
  }
  let text;
  let flag;
  if (s.requestFile !== void 0) {
    flag = "--request-file";
    try {
      text = await readFile2(s.requestFile, "utf8");
    } catch (err) {
      throw new ConfigError(`--request-file: cannot read "${s.requestFile}" (${describeError(err)}); expected a text file with the request`);
    }
  } else if (s.request !== void 0) {
    flag = "--request";
    text = s.request;
  } else {
    throw new ConfigError('plan: expected --request TEXT or --request-file FILE, e.g. `agent-step-sequencer plan --request "Research X, then write a report"`');
  }
  if (text.trim() === "") throw new ConfigError(`${flag}: the request is empty; expected the work to do in words`);
  return text.trim();
}
async function createProposal(s, plan) {
  const store = createStore(s, "plan");
  const acquired = await store.acquire();
  if (!acquired.ok) throw new ConfigError(`Cannot create the plan: another tick holds ${store.description} (${acquired.holder}).`);
  try {
    if ((await store.load()).kind === "loaded") {
      throw new ConfigError(`A plan for "${s.planId}" was created at ${store.description} while this one was drafted; it was left untouched. Use \`init --plan\` with the written plan file to replace it.`);
    }
    const state = newState(plan, { planId: s.planId, now: /* @__PURE__ */ new Date(), stepDelayMinutes: s.delayMinutes ?? 0 });
    return await store.write(state, { kind: "update", message: "plan proposed from a request" });
  } finally {
    await store.release();
  }
}
async function refuseExistingPlan(s) {
  const store = createStore(s, "plan");
  if (s.store === "git") await store.acquire();
  try {
    const loaded = await store.load();
    if (loaded.kind === "loaded") {
      throw new ConfigError(`A plan already exists for "${s.planId}" (${loaded.state.status}) at ${store.description}; it was left untouched. Use \`status\`, or another --plan-id.`);
    }
  } finally {
    await store.release();
  }
}

// src/cli/commands/status.ts
async function statusCommand(s, print2) {
  const store = createStore(s, "status");
  if (s.store === "git") await store.acquire();
  const loaded = await store.load();
  if (loaded.kind === "missing") {
    print2(s.json ? JSON.stringify({ status: "MISSING", planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  print2(s.json ? terminalJson(loaded.state, 2) : statusTable(loaded.state));
  return 0;
}

// src/cli/commands/steer.ts
import os2 from "node:os";
function commandFrom(s) {
  const by = os2.userInfo().username;
  const step = s.positionals[0];
  switch (s.command) {
    case "approve":
      return s.delayMinutes !== void 0 ? { kind: "approve", by, delayMinutes: s.delayMinutes } : { kind: "approve", by };
    case "cancel":
      return s.reason ? { kind: "cancel", by, reason: s.reason } : { kind: "cancel", by };
    case "retry":
    case "skip":
      return step ? { kind: s.command, by, step } : { kind: s.command, by };
    default:
      return { kind: "resume", by };
  }
}
async function steerCommand(s, print2) {
  const { deps, cfg, paths } = await createEngine(s, s.command);
  await FileInbox.post(paths.inboxDir, commandFrom(s));
  const result = await tick(deps, { ...cfg, commandsOnly: true });
  if (result.outcome === "missing") return 1;
  if (result.outcome === "busy") {
    print2(`A tick is running (${result.detail ?? "busy"}); it will apply /${s.command} within a second or at its next step.`);
    return 0;
  }
  if (result.state) print2(statusTable(result.state));
  return 0;
}

// src/cli/options.ts
import { parseArgs } from "node:util";
import path4 from "node:path";
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

Options:
  --state PATH           state file (file store; default .sequencer/<plan-id>/state.json in the workspace)
  --workspace DIR        the agent's working directory (default: the state file's folder for check STATE, else .)
  --plan-id ID           plan id (default: the plan file's name, or "plan")
  --store file|git|cache where state lives (default file; cache only inside GitHub Actions)
  --remote NAME          git remote for --store git (default origin)
  --branch NAME          work branch for --store git (default sequencer/<plan-id>)
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
  const planFile = v.plan ? path4.resolve(cwd, v.plan) : void 0;
  const planId = v["plan-id"] ?? (planFile ? path4.basename(planFile).replace(/\.(json|ya?ml)$/i, "") : "plan");
  if (!ID.test(planId)) throw new ConfigError(`--plan-id: expected letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit), got "${planId}"`);
  const positionalState = command === "check" && rest[0] ? path4.resolve(cwd, rest[0]) : void 0;
  const explicitState = v.state ? path4.resolve(cwd, v.state) : positionalState;
  const workspace = path4.resolve(cwd, v.workspace ?? (explicitState && store === "file" ? path4.dirname(explicitState) : "."));
  const statePath = store === "file" ? explicitState ?? path4.join(workspace, ".sequencer", planId, "state.json") : v.state ?? `.sequencer/${planId}/state.json`;
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
    ...v.reason ? { reason: v.reason } : {},
    graceSeconds: intOption(v.grace, "--grace", 5, 0, 600),
    stopGraceSeconds: intOption(v["stop-grace"], "--stop-grace", 10, 0, 3600),
    ...v.request !== void 0 ? { request: v.request } : {},
    ...v["request-file"] !== void 0 ? { requestFile: path4.resolve(cwd, v["request-file"]) } : {},
    ...v.out !== void 0 ? { outFile: path4.resolve(cwd, v.out) } : {},
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
    statePath: path4.join(cwd, "state.json"),
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
var fleet = () => import("./chunks/fleet-KGVG42JU.js");
tolerateClosedOutput(process.stdout, "stdout", (line) => process.stderr.write(`${line}
`));
tolerateClosedOutput(process.stderr, "stderr", () => {
});
var secrets = createScrubber(environmentSecrets(process.env));
var print = (line) => process.stdout.write(`${terminalText(secrets.scrub(line))}
`);
var printError = (text) => process.stderr.write(terminalText(secrets.scrub(text)));
async function main(argv) {
  if (argv[0] === "demo-agent") return demoAgent(argv.slice(1).join(" "), process.env, print);
  const s = parseCli(argv, process.env, process.cwd());
  switch (s.command) {
    case "check":
      return checkCommand(s);
    case "run":
      return runCommand(s, print);
    case "init":
      return initCommand(s, print);
    case "plan":
      return planCommand(s, print);
    case "status":
      return statusCommand(s, print);
    case "approve":
    case "cancel":
    case "retry":
    case "skip":
    case "resume":
      return steerCommand(s, print);
    case "validate":
      return validateCommand(s, print);
    case "list":
      return (await fleet()).listCommand(s, print);
    case "audit":
      return (await fleet()).auditCommand(s, print);
    case "maintenance":
      return (await fleet()).maintenanceCommand(s, print);
    case "demo":
      return demoCommand(print);
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
