// A plan with a tool policy, run end to end by the built CLI with scripted agents (node scripts):
// - `via: exec`: the agent runs its commands through $SEQUENCER_EXEC, the forwarder the prompt
//   names; past maxCalls they are refused (exit 126, nothing run), the agent exits non-zero as
//   told, and the state, the log and the blocker report count the calls.
// - Claude Code's wiring: the agent command `--settings $SEQUENCER_CLAUDE_SETTINGS` receives the
//   generated settings file, and the agent, like Claude Code, runs the PreToolUse/PostToolUse
//   hook commands in it through a shell for each tool call; a blocked call is denied, the step
//   still finishes, and the final summary counts the calls.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizeCommandLog } from '../../src/core/guard/command-log.js';
import { CLI, makeTempDir, output, readState, removeTempDirs, runCli, writeJson } from './helpers.js';

afterAll(removeTempDirs);

const EXEC_AGENT = `#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
const env = process.env;
const ws = env.SEQUENCER_WORKSPACE;
fs.writeFileSync(path.join(ws, 'prompt.txt'), process.argv.at(-1));
const calls = [];
for (let i = 1; i <= 4; i++) {
  const r = spawnSync('/bin/sh', ['-c', env.SEQUENCER_EXEC + ' -- node -e "require(\\'fs\\').writeFileSync(\\'call-' + i + '\\', \\'\\')"'], { cwd: ws, encoding: 'utf8' });
  calls.push({ status: r.status, stderr: r.stderr });
}
fs.writeFileSync(path.join(ws, 'calls.json'), JSON.stringify(calls));
// Told to exit non-zero when the budget is spent and the work is not done.
process.exit(calls.some((c) => c.status === 126) ? 1 : 0);
`;

const CLAUDE_LIKE_AGENT = `#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
const ws = process.env.SEQUENCER_WORKSPACE;
const settingsFile = process.argv[process.argv.indexOf('--settings') + 1];
const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
const pre = settings.hooks.PreToolUse[0].hooks[0].command;
const post = settings.hooks.PostToolUse[0].hooks[0].command;
const base = { session_id: '4f2b8c1e-7a3d-4e59-b6c0-91d2e8a7f305', transcript_path: '/tmp/transcript.jsonl', cwd: ws, permission_mode: 'acceptEdits' };
function tool(tool_name, tool_input, tool_use_id) {
  const asked = spawnSync('/bin/sh', ['-c', pre], { input: JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id }), encoding: 'utf8' });
  const answer = asked.stdout.trim() ? JSON.parse(asked.stdout).hookSpecificOutput : null;
  if (answer?.permissionDecision === 'deny') return { tool_name, denied: answer.permissionDecisionReason };
  if (tool_name === 'Write') fs.writeFileSync(tool_input.file_path, tool_input.content);
  spawnSync('/bin/sh', ['-c', post], { input: JSON.stringify({ ...base, hook_event_name: 'PostToolUse', tool_name, tool_input, tool_use_id, tool_response: { stdout: '', stderr: '', interrupted: false, isImage: false } }) });
  return { tool_name, status: asked.status };
}
const results = [
  tool('Bash', { command: 'git status --short' }, 'toolu_01'),
  tool('Bash', { command: 'git push origin HEAD:main' }, 'toolu_02'),
  tool('Write', { file_path: path.join(ws, 'out.md'), content: '# Done\\n' }, 'toolu_03'),
];
fs.writeFileSync(path.join(ws, 'results.json'), JSON.stringify({ settingsFile, pre, results }));
`;

async function workspaceWith(agentText: string, plan: unknown): Promise<{ ws: string; agent: string; planFile: string; stateFile: string }> {
  const ws = await makeTempDir('tool-policy-ws-');
  const agent = path.join(ws, 'agent.mjs');
  await writeFile(agent, agentText);
  await chmod(agent, 0o755);
  const planFile = path.join(ws, 'plan.json');
  await writeJson(planFile, plan);
  return { ws, agent, planFile, stateFile: path.join(ws, '.sequencer', 'plan', 'state.json') };
}

describe('a plan with a tool policy, run by the CLI', () => {
  it('via exec: calls past maxCalls are refused and not run; the attempt records 4 calls, 2 denied', async () => {
    const plan = { title: 'Budget', tools: { maxCalls: 2 }, steps: { work: { title: 'Work', instruction: 'Make four calls.', maxAttempts: 1, tools: { via: 'exec' } } } };
    const { ws, agent, planFile, stateFile } = await workspaceWith(EXEC_AGENT, plan);
    const r = await runCli(['run', '--plan', planFile, '--agent', agent], { cwd: ws, timeoutMs: 60_000 });
    const text = output(r);
    expect(r.code, text).toBe(1);

    const prompt = await readFile(path.join(ws, 'prompt.txt'), 'utf8');
    expect(prompt).toContain(`Run every command through the sequencer's forwarder: ${process.execPath} ${CLI} exec -- <program> <arguments...>`);
    const calls = JSON.parse(await readFile(path.join(ws, 'calls.json'), 'utf8')) as Array<{ status: number; stderr: string }>;
    expect(calls.map((c) => c.status)).toEqual([0, 0, 126, 126]);
    expect(calls[2]?.stderr).toContain('agent-step-sequencer exec: not run: Tool call budget spent: this step allows at most 2 tool calls per attempt and 2 were made');
    expect(['call-1', 'call-2', 'call-3', 'call-4'].map((f) => existsSync(path.join(ws, f)))).toEqual([true, true, false, false]);

    const state = await readState(stateFile);
    expect(state.status).toBe('BLOCKED');
    expect(state.stepRuns.work?.attempts?.[0]?.toolCalls).toEqual({ calls: 4, denied: 2 });
    // The command log is named so that it opens from where the command ran.
    expect(text).toContain('work attempt 1: 4 tool calls, 2 denied (.sequencer/plan/state.json.logs/work/attempt-1.commands.jsonl).');
    // The blocker report.
    expect(text).toContain('attempt 1: failed (exit 1), 4 tool calls (2 denied)');
    const log = await readFile(`${stateFile}.logs/work/attempt-1.commands.jsonl`, 'utf8');
    expect(summarizeCommandLog(log)).toEqual({ calls: 4, denied: 2 });
  }, 90_000);

  it('via exec, an agent that exits 0 after its calls past maxCalls were refused: the step fails by default, and finishes with onExceed deny', async () => {
    // The same four calls, but the agent reports success whatever was refused.
    const content = EXEC_AGENT.replace('process.exit(calls.some((c) => c.status === 126) ? 1 : 0);', 'process.exit(0);');
    const plan = {
      title: 'Budget',
      tools: { maxCalls: 2, via: 'exec' },
      steps: {
        lenient: { title: 'Lenient', instruction: 'Make four calls.', tools: { onExceed: 'deny' } },
        strict: { title: 'Strict', instruction: 'Make four calls.', maxAttempts: 1 },
      },
    };
    const { ws, agent, planFile, stateFile } = await workspaceWith(content, plan);
    const r = await runCli(['run', '--plan', planFile, '--agent', agent], { cwd: ws, timeoutMs: 60_000 });
    expect(r.code, output(r)).toBe(1);
    const state = await readState(stateFile);
    expect(state.status).toBe('BLOCKED');
    expect(state.stepRuns.lenient?.attempts?.map((a) => [a.outcome, a.toolCalls])).toEqual([['succeeded', { calls: 4, denied: 2 }]]);
    expect(state.stepRuns.strict?.attempts?.map((a) => [a.outcome, a.exitCode, a.error])).toEqual([
      ['failed', 0, 'made 4 tool calls, more than the 2 the step allows (tools.maxCalls; tools.onExceed: fail)'],
    ]);
    const calls = JSON.parse(await readFile(path.join(ws, 'calls.json'), 'utf8')) as Array<{ status: number; stderr: string }>;
    expect(calls[2]?.stderr).toContain('This attempt has failed (tools.onExceed: fail): make no more calls and exit.');
  }, 90_000);

  it('Claude Code settings: $SEQUENCER_CLAUDE_SETTINGS wires both hooks to this CLI; a blocked call is denied, the step finishes', async () => {
    const plan = { title: 'Hooks', steps: { write: { title: 'Write', instruction: 'Write out.md; do not push.', requiredOutputs: ['out.md'], tools: { block: ['git push*'] } } } };
    const { ws, agent, planFile, stateFile } = await workspaceWith(CLAUDE_LIKE_AGENT, plan);
    const r = await runCli(['run', '--plan', planFile, '--agent', `node ${agent} -p --settings $SEQUENCER_CLAUDE_SETTINGS`], { cwd: ws, timeoutMs: 60_000 });
    const text = output(r);
    expect(r.code, text).toBe(0);

    const seen = JSON.parse(await readFile(path.join(ws, 'results.json'), 'utf8')) as { settingsFile: string; pre: string; results: Array<{ tool_name: string; denied?: string; status?: number }> };
    expect(seen.settingsFile).toBe(`${stateFile}.logs/write/attempt-1.claude-settings.json`);
    // The absolute paths of this Node and this CLI: it works where the CLI is on no PATH (Actions).
    expect(seen.pre).toBe(`${process.execPath} ${CLI} hook claude`);
    expect(seen.results.map((x) => [x.tool_name, x.denied === undefined ? 'ran' : 'denied'])).toEqual([
      ['Bash', 'ran'],
      ['Bash', 'denied'],
      ['Write', 'ran'],
    ]);
    expect(seen.results[1]?.denied).toContain('Bash(git push origin HEAD:main) matches the block pattern "git push*"');

    const state = await readState(stateFile);
    expect(state.status).toBe('DONE');
    expect(state.stepRuns.write?.attempts?.[0]?.toolCalls).toEqual({ calls: 3, denied: 1 });
    // The final summary.
    expect(text).toContain('Tool calls:\n  write: 3 (1 denied)');
    const lines = (await readFile(`${stateFile}.logs/write/attempt-1.commands.jsonl`, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => (l.result ? `result ${String(l.id)}` : `${String(l.decision)} ${String(l.command ?? l.target)}`))).toEqual([
      'allow git status --short',
      'result toolu_01',
      'deny git push origin HEAD:main',
      `allow ${path.join(ws, 'out.md')}`,
      'result toolu_03',
    ]);
  }, 90_000);
});
