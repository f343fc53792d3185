// The README's "run the main job" command: `agent-step-sequencer demo`, run as the built CLI.
// It must show a failed attempt retried with the troubleshooting prompt, a runner killed in the
// middle of a step, a later heartbeat resuming from the state on disk, and the final summary.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseState } from '../../src/core/state/validate-state.js';
import { CLI, output, runCli } from './helpers.js';

let workspace: string | null = null;
let cwd: string | null = null;
afterEach(async () => {
  for (const dir of [workspace, cwd]) if (dir) await rm(dir, { recursive: true, force: true });
  workspace = cwd = null;
});

describe('demo', () => {
  it('retries, survives a SIGKILL mid-step, resumes and finishes with every output', async () => {
    // Started from a folder of its own, outside the checkout (wherever the checkout is).
    cwd = await mkdtemp(path.join(os.tmpdir(), 'demo-cwd-'));
    const r = await runCli(['demo'], { timeoutMs: 90_000, cwd });
    const text = output(r);
    expect(r.code, text).toBe(0);
    workspace = /Demo workspace: (\S+)/.exec(text)?.[1] ?? null;
    expect(workspace, text).not.toBeNull();

    expect(text).toContain('(2/4) fetch attempt 1 failed: agent exited with code 1');
    expect(text).toMatch(/fetch attempt 2: Step fetch failed \(tries: 1\)\. Previous run ended with: agent exited with code 1/);
    expect(text).toContain('Runner killed with SIGKILL mid-step');
    expect(text).toContain('(1/4) [Resume] outline Outline the report: done in 1 attempt');
    expect(text).toContain('analyse attempt 1 interrupted');
    expect(text).toContain('all 4 steps finished (4 done, 0 skipped)');

    const statePath = /State file: (\S+)/.exec(text)?.[1];
    expect(statePath, text).toBeDefined();
    // Run from outside the clone, `node dist/cli.js` is named by its whole path: the hint works where it was run.
    expect(text).toContain(`Try: node ${CLI} status --state ${statePath}\n`);
    // And the hint runs as printed, from where the demo ran.
    const hint = /^Try: (.*)$/m.exec(text)![1]!;
    const status = await promisify(execFile)('sh', ['-c', hint], { cwd });
    expect(status.stdout).toContain('DONE');
    const state = parseState(JSON.parse(await readFile(statePath!, 'utf8')));
    expect(state.status).toBe('DONE');
    expect(state.currentStep).toBe(4);
    expect(state.stepRuns.analyse?.attempts?.map((a) => a.outcome)).toEqual(['interrupted', 'succeeded']);
    for (const out of state.artifacts ?? []) {
      expect((await readFile(`${workspace}/${out}`, 'utf8')).length, out).toBeGreaterThan(0);
    }
    expect(state.artifacts).toEqual(['report/outline.md', 'report/sources.md', 'report/findings.md', 'report/report.md']);
  }, 120_000);
});
