// The built CLI with an agent named `claude` that prints a recorded Claude Code stream (the real
// binary runs in the agent lane, `npm run test:agents`): the sequencer asks it for its stream,
// shows the stream as short lines, records the attempt's tokens and cost, shows them in `status`
// and `usage`, stops an attempt whose tokens pass the budget, and goes on once a writer raises it.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentStream, claudeReplayWorkspace, output, readState, removeTempDirs, runCli, writeJson } from './helpers.js';

afterAll(removeTempDirs);

describe('an agent whose stream the CLI reads', () => {
  it('shows the stream as short lines, records usage, and reports it in status and usage', async () => {
    const { ws, env } = await claudeReplayWorkspace();
    await writeJson(path.join(ws, 'plan.json'), { title: 'Notes', steps: { write: { title: 'Write the notes', instruction: 'Write notes.md.', requiredOutputs: ['notes.md'] } } });
    const r = await runCli(['run', '--plan', 'plan.json', '--agent', 'claude -p'], { cwd: ws, env: { ...env, REPLAY_STREAM: agentStream('claude-tools.jsonl') } });
    const text = output(r);
    expect(r.code, text).toBe(0);
    expect(text).toMatch(/Runs: claude --output-format stream-json --verbose --include-partial-messages --settings "\$SEQUENCER_CLAUDE_SETTINGS" -p /);
    expect(text).toContain('  │ Agent started: session b9b042df-140d-4875-8545-f7fdf60aff89, model claude-opus-5-5');
    // The recorded stream names the workspace it was recorded in.
    expect(text).toContain('  │ Write: /workspace/notes/hello.md');
    expect(text).toContain('  │ ✗ Read: File does not exist.');
    expect(text).toContain('  │ replay-claude: a warning on stderr');
    expect(text).toContain('  │ ✓ Done: 4 turns; 1,740 in, 135 out, 4,370 cache read, 1,510 cache write tokens; $0.0181; API 248 ms');
    expect(text).not.toContain('"type":"assistant"');
    expect(text).toContain('Usage: 7,755 tokens, $0.0181, over 1 attempt.');
    expect(text).toMatch(/Runner time: \d+ s in attempts/);

    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.write?.attempts?.[0]?.usage).toMatchObject({
      model: 'claude-opus-5-5',
      inputTokens: 1740,
      outputTokens: 135,
      costUsd: 0.018084000000000003,
      turns: 4,
      source: 'stream',
      complete: true,
    });
    expect(state.stepRuns.write?.attempts?.[0]?.wallMs).toBeGreaterThan(0);

    const status = await runCli(['status'], { cwd: ws });
    expect(status.stdout.split('\n')[1]).toMatch(/^#\s+step\s+title\s+status\s+attempts\s+duration\s+tokens\s+cost\s+outputs$/);
    expect(status.stdout).toMatch(/1\/1\s+write\s+Write the notes\s+DONE\s+1\s+\S+\s+7\.75k\s+\$0\.0181\s+notes\.md/);

    const usage = await runCli(['usage'], { cwd: ws });
    expect(usage.code, output(usage)).toBe(0);
    expect(usage.stdout).toMatch(/^Usage of Notes \[plan\]: 7,755 tokens, \$0\.0181, over 1 attempt; \d+ s of runner time in attempts$/m);
    expect(usage.stdout).toMatch(/^write\s+1\s+succeeded\s+claude-opus-5-5\s+1,740\s+135\s+4,370\s+1,510\s+7,755\s+\$0\.0181\s+4\s+248 ms\s+\S+/m);
    const json = JSON.parse((await runCli(['usage', '--json'], { cwd: ws })).stdout) as {
      planId: string;
      total: { tokens: number; costUsd: number };
      steps: Array<{ stepId: string; attempts: Array<{ usage: { sessionId: string } }> }>;
    };
    expect(json).toMatchObject({ planId: 'plan', total: { tokens: 7755, costUsd: 0.018084000000000003 } });
    expect(json.steps[0]?.attempts[0]?.usage.sessionId).toBe('b9b042df-140d-4875-8545-f7fdf60aff89');
  });

  it('stops an attempt when its tokens pass the step budget, blocks, and goes on once the budget is raised', async () => {
    const { ws, env } = await claudeReplayWorkspace();
    await writeJson(path.join(ws, 'plan.json'), {
      title: 'Budgeted',
      steps: { write: { title: 'Write', instruction: 'Write notes.md.', requiredOutputs: ['notes.md'], budget: { tokens: 2000 } } },
    });
    const blocked = await runCli(['run', '--plan', 'plan.json', '--agent', 'claude -p'], {
      cwd: ws,
      env: { ...env, REPLAY_STREAM: agentStream('claude-partial-messages.jsonl'), REPLAY_WAIT_STOP: '1' },
    });
    const text = output(blocked);
    expect(blocked.code, text).toBe(1);
    expect(text).toContain('Token budget: 2,000 tokens left (the token budget of step write, 2,000); followed as the agent streams.');
    expect(text).toMatch(/warning: write attempt 1: [\d,]+ tokens used, past the 2,000 left of the token budget of step write: asking the agent to stop\./);
    // The agent read the budget's words in its stop file and ended by itself.
    expect(text).toContain("replay-claude: The step's token budget is spent: stop now, save your work and exit.");
    expect(text).toMatch(/write attempt 1 over_budget: stopped: its tokens passed the token budget of step write \([\d,]+ used, 2,000 were left of 2,000\); the agent stopped by itself/);
    expect(text).toMatch(/Blocked at write \(Write\): the token budget of step write is spent: [\d,]+ tokens used of 2,000 tokens/);
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.status).toBe('BLOCKED');
    expect(state.stepRuns.write?.attempts?.[0]).toMatchObject({ outcome: 'over_budget', stoppedBy: 'agent', usage: { complete: false, source: 'stream' } });

    const raised = await runCli(['approve', '--budget-tokens', '100000'], { cwd: ws });
    expect(raised.code, output(raised)).toBe(0);
    const done = await runCli(['check', '--agent', 'claude -p'], { cwd: ws, env: { ...env, REPLAY_STREAM: agentStream('claude-tools.jsonl') } });
    expect(done.code, output(done)).toBe(0);
    const after = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(after.status).toBe('DONE');
    expect(after.budgetRaises).toMatchObject([{ scope: 'step', stepId: 'write', kind: 'tokens', limit: 100000 }]);
  });
});
