// Plans run with the real Claude Code binary against the Anthropic stand-in, through the built CLI
// (`node dist/cli.js`) and through the bundled Action (`dist/index.js`, run as the runner runs it:
// test/e2e/action-harness.ts): the agent command gets the stream flags (no output format given),
// the stream is shown as short lines, the attempt's tokens and Claude Code's own cost land in the
// state, a token budget stops a running agent and blocks the plan until a writer raises it, and
// the tool policy holds through the hook and through the forwarder.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from '../e2e/action-harness.js';
import { CLI, output, readState, runCli, writeJson } from '../e2e/helpers.js';
import { startAnthropicStandIn } from './anthropic-stand-in.js';
import { agentFor, removeTempDirs, tempDir } from './lane.js';
import { agentSetup } from './run-agent.js';

afterAll(removeTempDirs);

const TURN_TOKENS = 1200 + 40 + 800 + 300;

describe('plans run by the CLI with the real Claude Code binary', () => {
  it('shows the stream, records tokens and cost, and the hook and the forwarder hold the tool policy', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-usage-ws-');
    const home = await tempDir('claude-usage-home-');
    await writeFile(path.join(ws, 'keep.txt'), 'precious\n');
    // Step `hook`: the tool hook refuses `Bash(rm *)`. Step `forward`: the agent is told to run
    // commands through the forwarder, which refuses `rm` and runs `touch`.
    const plan = {
      title: 'Notes',
      tools: { block: ['Bash(rm *)', 'rm *'] },
      steps: {
        hook: { title: 'Write the notes', instruction: 'Write notes/hello.md.', requiredOutputs: ['notes/hello.md'], maxAttempts: 1 },
        forward: { title: 'Mark it', instruction: 'Mark the run.', requiredOutputs: ['made.txt'], maxAttempts: 1, tools: { via: 'exec' } },
      },
    };
    await writeJson(path.join(ws, 'plan.json'), plan);
    const forwarder = `${process.execPath} ${CLI} exec --`;
    const api = await startAnthropicStandIn([
      { say: 'Cleaning up first.', call: [{ tool: 'Bash', input: { command: 'rm -f keep.txt', description: 'Remove' } }] },
      { call: [{ tool: 'Write', input: { file_path: path.join(ws, 'notes', 'hello.md'), content: '# Hello\n' } }] },
      { say: 'Done: notes/hello.md is written.' },
      { call: [{ tool: 'Bash', input: { command: `${forwarder} rm -f keep.txt`, description: 'Remove' } }] },
      { call: [{ tool: 'Bash', input: { command: `${forwarder} touch made.txt`, description: 'Mark' } }] },
      { say: 'Marked.' },
    ]);
    try {
      const env = await agentSetup('claude', api.url, home);
      // No output format: the sequencer adds the stream flags right after the program.
      const agent = `${claude.binary} --allowedTools Bash -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS`;
      const r = await runCli(['run', '--plan', 'plan.json', '--agent', agent], { cwd: ws, env, timeoutMs: 120_000 });
      const text = output(r);
      expect(r.code, text).toBe(0);
      expect(text).toContain(`Runs: ${claude.binary} --output-format stream-json --verbose --include-partial-messages --allowedTools Bash -p`);
      // The stream as short lines: the text, the refused call, the write (relative to the workspace), the result.
      expect(text).toContain('  │ » Cleaning up first.');
      expect(text).toContain('  │ Bash: rm -f keep.txt');
      expect(text).toMatch(/ {2}│ ✗ Bash: .*matches the block pattern/);
      expect(text).toContain('  │ Write: notes/hello.md');
      expect(text).toMatch(/ {2}│ ✓ Done: 3 turns; [\d,]+ in, [\d,]+ out, [\d,]+ cache read, [\d,]+ cache write tokens; \$\d+\.\d{4}/);
      expect(text).not.toContain('"type":"assistant"');

      expect(await readFile(path.join(ws, 'keep.txt'), 'utf8')).toBe('precious\n');
      expect(existsSync(path.join(ws, 'made.txt'))).toBe(true);
      const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
      const state = await readState(stateFile);
      expect(state.status).toBe('DONE');
      const hook = state.stepRuns.hook?.attempts?.[0];
      expect(hook?.toolCalls).toEqual({ calls: 2, denied: 1 });
      expect(hook?.usage).toMatchObject({ turns: 3, isError: false, source: 'stream', complete: true, cacheReadTokens: 3 * 800 });
      expect(hook?.usage?.costUsd).toBeGreaterThan(0);
      expect(hook?.usage?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(hook?.usage?.model).toBeTruthy();
      const forward = state.stepRuns.forward?.attempts?.[0];
      // Each Bash call is logged by the hook (which lets the forwarder run) and by the forwarder
      // (which refuses the rm): four calls, one denied.
      const calls = (await readFile(`${stateFile}.logs/forward/attempt-1.commands.jsonl`, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(
        calls.filter((c) => c.decision === 'deny').map((c) => c.command),
        JSON.stringify(calls),
      ).toEqual(['rm -f keep.txt']);
      expect(forward?.toolCalls).toEqual({ calls: 4, denied: 1 });
      expect(forward?.usage?.turns).toBe(3);
      // The raw stream stays in the attempt's log.
      expect(await readFile(`${stateFile}.logs/hook/attempt-1.log`, 'utf8')).toMatch(/^\{"type":"system","subtype":"init"/m);

      const usage = JSON.parse((await runCli(['usage', '--json'], { cwd: ws })).stdout) as { total: { attempts: number; costUsd: number; tokens: number } };
      expect(usage.total.attempts).toBe(2);
      expect(usage.total.costUsd).toBeCloseTo((hook?.usage?.costUsd ?? 0) + (forward?.usage?.costUsd ?? 0), 10);
      expect(usage.total.tokens).toBe(6 * TURN_TOKENS);
    } finally {
      await api.close();
    }
  });

  it('stops the running agent when its tokens pass the step budget, blocks, and runs on after approve --budget-tokens', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-budget-ws-');
    const home = await tempDir('claude-budget-home-');
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Budgeted',
      steps: { write: { title: 'Write', instruction: 'Write out.md.', requiredOutputs: ['out.md'], budget: { tokens: TURN_TOKENS + 100 } } },
    });
    // Turn 2 begins (its message_start carries its input tokens, passing the budget) and never ends.
    const api = await startAnthropicStandIn([{ call: [{ tool: 'Write', input: { file_path: path.join(ws, 'draft.md'), content: 'draft\n' } }] }, { stall: true, say: 'Thinking' }]);
    const env = await agentSetup('claude', api.url, home);
    const agent = `${claude.binary} -p --permission-mode acceptEdits`;
    try {
      const r = await runCli(['run', '--plan', 'plan.json', '--agent', agent, '--stop-grace', '1', '--grace', '1'], { cwd: ws, env, timeoutMs: 120_000 });
      const text = output(r);
      expect(r.code, text).toBe(1);
      expect(text).toContain(`Token budget: ${(TURN_TOKENS + 100).toLocaleString('en-US')} tokens left (the token budget of step write`);
      expect(text).toMatch(/asking the agent to stop/);
      expect(text).toMatch(/write attempt 1 over_budget: stopped: its tokens passed the token budget of step write/);
      expect(text).toMatch(/Blocked at write \(Write\): the token budget of step write is spent/);
      const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
      expect(state.status).toBe('BLOCKED');
      const a = state.stepRuns.write?.attempts?.[0];
      expect(a).toMatchObject({ outcome: 'over_budget', usage: { complete: false } });
      expect(state.budgetBlock).toMatchObject({ scope: 'step', kind: 'tokens', limit: TURN_TOKENS + 100 });
    } finally {
      await api.close();
    }
    const again = await startAnthropicStandIn([{ call: [{ tool: 'Write', input: { file_path: path.join(ws, 'out.md'), content: 'done\n' } }] }, { say: 'Written.' }]);
    try {
      const env2 = await agentSetup('claude', again.url, home);
      expect((await runCli(['approve', '--budget-tokens', '1000000'], { cwd: ws })).code).toBe(0);
      const r = await runCli(['check', '--agent', agent], { cwd: ws, env: env2, timeoutMs: 120_000 });
      expect(r.code, output(r)).toBe(0);
      const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
      expect(state.status).toBe('DONE');
      expect(state.stepRuns.write?.attempts?.map((x) => x.outcome)).toEqual(['over_budget', 'succeeded']);
    } finally {
      await again.close();
    }
  });
});

describe('a plan run by the Action (dist/index.js) with the real Claude Code binary', () => {
  it('proposes the command as it runs, shows the stream in the log, posts tokens and cost, stops at the budget and goes on after /approve budget=…', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const h = await ActionHarness.create();
    h.fake.setPermission('alice', 'write');
    const home = await tempDir('claude-action-home-');
    const issue = 12;
    const planId = `issue-${issue}`;
    const plan = {
      title: 'Notes by Claude',
      budget: { tokens: 3 * TURN_TOKENS + 100 },
      steps: {
        first: { title: 'Write the notes', instruction: 'Write notes.md.', requiredOutputs: ['notes.md'] },
        second: { title: 'Write more', instruction: 'Write more.md.', requiredOutputs: ['more.md'] },
      },
    };
    const ok = (run: ActionRun) => expect(run.code, runReport(run)).toBe(0);
    // Each run works in a fresh checkout, so the scripted calls use paths relative to it (Bash).
    const inputs = { 'agent-command': `${claude.binary} --allowedTools Bash -p --permission-mode acceptEdits` };
    let api = await startAnthropicStandIn([]);
    try {
      ok(await h.openIssue(issue, plan, { inputs }));
      // Mentions in the proposal are broken with a zero-width joiner (`@\u200danthropic-ai`).
      const proposal = h.botComments(issue, 'proposal')[0]!.body.replace(/\u200d/g, '');
      expect(proposal).toContain(
        `${claude.binary} --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS --allowedTools Bash -p --permission-mode acceptEdits`,
      );
      expect(proposal).toContain("Budget of the plan: 7,120 tokens, over all its attempts and runs (the plan's own `budget`)");
      await api.close();

      // The first step takes two turns (4,680 tokens); the second starts a third and stalls in a
      // fourth, past the plan's 7,120: it is stopped and the plan blocks.
      api = await startAnthropicStandIn([
        { say: 'Writing.', call: [{ tool: 'Bash', input: { command: 'echo "# Notes" > notes.md', description: 'Write' } }] },
        { say: 'Done.' },
        { call: [{ tool: 'Bash', input: { command: 'echo draft > draft.md', description: 'Draft' } }] },
        { stall: true },
      ]);
      const env = { ...(await agentSetup('claude', api.url, home)), SEQUENCER_STOP_GRACE_SECONDS: '1' };
      const approved = await h.say(issue, 'alice', '/approve').deliver({ inputs, env, timeoutMs: 180_000 });
      // The run that blocks the plan fails the job (fail-on-blocked), so someone hears of it.
      expect(approved.code, runReport(approved)).toBe(1);
      expect(approved.stdout).toMatch(/::error::issue-\d+ is blocked at second: the plan's token budget is spent/);
      expect(approved.stdout).toContain('  │ » Writing.');
      expect(approved.stdout).toMatch(/ {2}│ ✓ Done: 2 turns; .*\$\d+\.\d{4}/);
      expect(approved.stdout).not.toContain('"type":"assistant"');
      const state = (await h.remoteState(planId))!;
      expect(state.status).toBe('BLOCKED');
      expect(state.stepRuns.first?.attempts?.[0]?.usage).toMatchObject({ turns: 2, complete: true, source: 'stream' });
      // The plain agent-command got the hook: it ran from the Action's own dist/cli.js and logged the call.
      expect(state.stepRuns.first?.attempts?.[0]?.toolCalls).toEqual({ calls: 1, denied: 0 });
      expect(state.stepRuns.first?.attempts?.[0]?.usage?.costUsd).toBeGreaterThan(0);
      expect(state.stepRuns.second?.attempts?.[0]).toMatchObject({ outcome: 'over_budget' });
      const status = h.botComments(issue, 'status')[0]!.body;
      expect(status).toContain('| tokens | cost |');
      expect(status).toMatch(/\*\*Usage:\*\* [\d,]+ tokens, \$\d+\.\d{4}/);
      expect(approved.summary).toContain('| tokens | cost |');
      const blocked = h.botComments(issue, 'blocked')[0]!.body;
      expect(blocked).toContain("the plan's token budget is spent");
      expect(blocked).toMatch(/`\/approve budget=\d+`: raise the plan's token budget/);
    } finally {
      await api.close();
    }

    api = await startAnthropicStandIn([{ call: [{ tool: 'Bash', input: { command: 'echo more > more.md', description: 'Write' } }] }, { say: 'Written.' }]);
    try {
      const env = await agentSetup('claude', api.url, home);
      const raised = await h.say(issue, 'alice', '/approve budget=1M').deliver({ inputs, env, timeoutMs: 180_000 });
      expect(raised.code, runReport(raised)).toBe(0);
      const state = (await h.remoteState(planId))!;
      expect(state.status).toBe('DONE');
      expect(state.budgetRaises).toMatchObject([{ scope: 'plan', kind: 'tokens', limit: 1_000_000, by: 'alice', commentId: expect.any(Number) }]);
      // The status comment becomes the final summary (a short comment beside it tells the approver).
      const summary = h.botComments(issue, 'status')[0]!.body;
      // The stopped attempt's stream ended before Claude Code's result, which is where its cost is.
      expect(summary).toMatch(/\*\*Usage:\*\* [\d,]+ tokens, \$\d+\.\d{4} \(1 attempt reported no cost\), over 3 attempts \(1 stopped before reporting totals/);
      expect(summary).toMatch(/\*\*Runner time:\*\* \d+ s in attempts/);
    } finally {
      await api.close();
      await h.close();
    }
  });
});
