import {
  sequencerCliCommand
} from "./chunk-3M3F447X.js";
import {
  stateFileIn
} from "./chunk-6ECGHLWA.js";
import "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/cli/commands/demo.ts
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path2 from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

// src/cli/invoked-as.ts
import { realpathSync } from "node:fs";
import path from "node:path";
var BIN_NAME = "agent-step-sequencer";
function invokedAs({ entry, env, cwd }) {
  if (!entry) return BIN_NAME;
  let shown = quote(path.relative(cwd, entry).startsWith("..") ? entry : path.relative(cwd, entry) || entry);
  return path.basename(entry) !== BIN_NAME ? `node ${shown}` : env.npm_command === "exec" ? `npx ${BIN_NAME}` : onPath(path.dirname(entry), env.PATH ?? "") ? BIN_NAME : shown.includes("/") ? shown : `./${shown}`;
}
function onPath(dir, pathVar) {
  let target = real(dir);
  return pathVar.split(path.delimiter).some((p) => p !== "" && path.isAbsolute(p) && real(p) === target);
}
function real(dir) {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}
function quote(word) {
  return /^[A-Za-z0-9_./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

// src/cli/commands/demo.ts
var DEMO_PLAN = {
  title: "Demo: a small research report",
  steps: {
    outline: { title: "Outline the report", instruction: "Write an outline of a short report on heartbeat schedulers.", requiredOutputs: ["report/outline.md"] },
    fetch: { title: "Collect sources", instruction: "Collect three sources about cron-driven job runners and note them.", requiredOutputs: ["report/sources.md"] },
    analyse: { title: "Analyse", instruction: "Compare the sources and write the findings.", requiredOutputs: ["report/findings.md"] },
    write: { title: "Write the report", instruction: "Using the outline and findings, write the final report.", requiredOutputs: ["report/report.md"] }
  }
};
async function demoCommand(print) {
  let workspace = await mkdtemp(path2.join(os.tmpdir(), "sequencer-demo-")), planFile = path2.join(workspace, "plan.json");
  await writeFile(planFile, `${JSON.stringify(DEMO_PLAN, null, 2)}
`);
  let cli = sequencerCliCommand()?.[1] ?? fileURLToPath(import.meta.url), agent = `${quote(process.execPath)} ${quote(cli)} demo-agent`, args = [cli, "run", "--plan", planFile, "--workspace", workspace, "--plan-id", "demo", "--agent", agent, "--grace", "1"], statePath = stateFileIn(workspace, "demo");
  print(`Demo workspace: ${workspace}`), print(`Agent command: ${agent}
`), print('\u2500\u2500 Run 1: start the plan; the runner will be killed in the middle of "analyse" \u2500\u2500');
  let first = spawn(process.execPath, args, { stdio: "inherit" }), firstExit = new Promise((resolve) => first.once("exit", () => resolve()));
  for (; first.exitCode === null && !await analyseRunning(statePath); ) await sleep(100);
  await sleep(900), first.exitCode === null && (first.kill("SIGKILL"), print(`
\u2716 Runner killed with SIGKILL mid-step (as when a CI job is cancelled or preempted).
`)), await firstExit, print("\u2500\u2500 Run 2: a later heartbeat resumes from the durable state \u2500\u2500");
  let second = spawn(process.execPath, args, { stdio: "inherit" }), code = await new Promise((resolve) => second.once("exit", (c) => resolve(c ?? 1)));
  return print(`
State file: ${statePath}`), print(`Try: ${invokedAs({ entry: process.argv[1], env: process.env, cwd: process.cwd() })} status --state ${quote(statePath)}`), code;
}
async function analyseRunning(statePath) {
  try {
    return JSON.parse(await readFile(statePath, "utf8")).stepRuns?.analyse?.status === "IN_PROGRESS";
  } catch {
    return !1;
  }
}
export {
  DEMO_PLAN,
  demoCommand
};
