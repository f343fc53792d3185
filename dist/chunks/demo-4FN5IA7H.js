import {
  sequencerCliCommand
} from "./chunk-3M3F447X.js";
import {
  stateFileIn
} from "./chunk-BWBUHT3Z.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";

// src/cli/commands/demo.ts
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
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
async function demoCommand(print) {
  let workspace = await mkdtemp(path.join(os.tmpdir(), "sequencer-demo-")), planFile = path.join(workspace, "plan.json");
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
State file: ${statePath}`), print(`Try: node ${path.relative(process.cwd(), cli) || cli} status --state ${statePath}`), code;
}
async function analyseRunning(statePath) {
  try {
    return JSON.parse(await readFile(statePath, "utf8")).stepRuns?.analyse?.status === "IN_PROGRESS";
  } catch {
    return !1;
  }
}
function quote(word) {
  return /^[A-Za-z0-9_./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
export {
  DEMO_PLAN,
  demoCommand
};
