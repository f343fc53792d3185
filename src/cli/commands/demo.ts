// `demo`: a 4-step plan with the sample agent in a temporary workspace. It runs the real CLI as
// a child process, kills it (SIGKILL) in the middle of a step, then resumes, the way a runner
// dies and a later heartbeat picks the plan up.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sequencerCliCommand } from '../../adapters/process/cli-path.js';
import { invokedAs, quote } from '../invoked-as.js';
import { stateFileIn } from '../../wiring/plan-layout.js';

export const DEMO_PLAN = {
  title: 'Demo: a small research report',
  steps: {
    outline: { title: 'Outline the report', instruction: 'Write an outline of a short report on heartbeat schedulers.', requiredOutputs: ['report/outline.md'] },
    fetch: { title: 'Collect sources', instruction: 'Collect three sources about cron-driven job runners and note them.', requiredOutputs: ['report/sources.md'] },
    analyse: { title: 'Analyse', instruction: 'Compare the sources and write the findings.', requiredOutputs: ['report/findings.md'] },
    write: { title: 'Write the report', instruction: 'Using the outline and findings, write the final report.', requiredOutputs: ['report/report.md'] },
  },
};

export async function demoCommand(print: (line: string) => void): Promise<number> {
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'sequencer-demo-'));
  const planFile = path.join(workspace, 'plan.json');
  await writeFile(planFile, `${JSON.stringify(DEMO_PLAN, null, 2)}\n`);
  // This module is a chunk of the bundle; the CLI to run is its entry point.
  const cli = sequencerCliCommand()?.[1] ?? fileURLToPath(import.meta.url);
  const agent = `${quote(process.execPath)} ${quote(cli)} demo-agent`;
  const args = [cli, 'run', '--plan', planFile, '--workspace', workspace, '--plan-id', 'demo', '--agent', agent, '--grace', '1'];
  const statePath = stateFileIn(workspace, 'demo');

  print(`Demo workspace: ${workspace}`);
  print(`Agent command: ${agent}\n`);
  print('── Run 1: start the plan; the runner will be killed in the middle of "analyse" ──');
  const first = spawn(process.execPath, args, { stdio: 'inherit' });
  const firstExit = new Promise<void>((resolve) => first.once('exit', () => resolve()));
  while (first.exitCode === null && !(await analyseRunning(statePath))) await sleep(100);
  await sleep(900);
  if (first.exitCode === null) {
    first.kill('SIGKILL');
    print('\n✖ Runner killed with SIGKILL mid-step (as when a CI job is cancelled or preempted).\n');
  }
  await firstExit;

  print('── Run 2: a later heartbeat resumes from the durable state ──');
  const second = spawn(process.execPath, args, { stdio: 'inherit' });
  const code = await new Promise<number>((resolve) => second.once('exit', (c) => resolve(c ?? 1)));
  print(`\nState file: ${statePath}`);
  // In the words the person started the demo with: a global install's bin, npx, or node dist/cli.js.
  print(`Try: ${invokedAs({ entry: process.argv[1], env: process.env, cwd: process.cwd() })} status --state ${quote(statePath)}`);
  return code;
}

async function analyseRunning(statePath: string): Promise<boolean> {
  try {
    const state = JSON.parse(await readFile(statePath, 'utf8')) as { stepRuns?: Record<string, { status?: string }> };
    return state.stepRuns?.analyse?.status === 'IN_PROGRESS';
  } catch {
    return false;
  }
}
