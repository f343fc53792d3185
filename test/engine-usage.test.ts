// The engine with an agent whose stream it reads (recorded streams of the real CLIs, played back
// through the runner's callbacks), an agent that writes a usage file, and budgets: what the log
// shows, what the state records, and when a spent budget stops an attempt or blocks the plan.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tick, type EngineConfig } from '../src/engine/index.js';
import { LOG_USAGE_MAX_BYTES } from '../src/engine/attempt-usage.js';
import type { AgentSpec, ApprovalVerifier } from '../src/ports.js';
import type { ApprovalVerdict } from '../src/core/trust/approval-evidence.js';
import type { BudgetRaise } from '../src/core/state/types.js';
import { totalTokens } from '../src/core/agent-stream/types.js';
import { checkState } from '../src/core/state/validate-state.js';
import type { Attempt, State, StepDef } from '../src/core/state/types.js';
import {
  FakeAgent,
  FakeClock,
  FakeOwners,
  FakeVerifier,
  FakeWorkspace,
  MemoryAttemptFiles,
  MemoryInbox,
  MemoryLog,
  MemoryStore,
  RecordingNotifier,
  engineConfig,
  type ScriptedRun,
} from './fakes/ports.js';
import { newState } from '../src/core/plan/new-state.js';
import { plan, state, T0 } from './fakes/states.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/agent-streams/${name}`, import.meta.url), 'utf8');

function harness(initial: State, script: (spec: AgentSpec, call: number, files: MemoryAttemptFiles) => ScriptedRun, cfgOver: Partial<EngineConfig> = {}, approvals?: ApprovalVerifier) {
  const workspace = new FakeWorkspace();
  const attemptFiles = new MemoryAttemptFiles();
  const agent = new FakeAgent((spec, call) => script(spec, call, attemptFiles), workspace, undefined, attemptFiles);
  const store = new MemoryStore(initial);
  const notifier = new RecordingNotifier();
  const inbox = new MemoryInbox();
  const log = new MemoryLog();
  const deps = {
    clock: new FakeClock(),
    store,
    agent,
    workspace,
    owners: new FakeOwners('dead'),
    notifier,
    log,
    inbox,
    verifier: new FakeVerifier(workspace),
    attemptFiles,
    ...(approvals ? { approvals } : {}),
  };
  const cfg = engineConfig({ agentCommand: 'claude -p', echoAgentOutput: true, ...cfgOver });
  return { agent, store, notifier, inbox, log, attemptFiles, workspace, run: () => tick(deps, cfg) };
}

/** Plays a recorded stream to the runner's stdout callback in uneven chunks, stderr in between. */
function play(spec: AgentSpec, stream: string, stderr = ''): void {
  for (let i = 0, k = 0; i < stream.length; k++) {
    const size = [7, 300, 1, 2048, 33][k % 5] as number;
    spec.onStdout?.(stream.slice(i, i + size));
    if (k === 3 && stderr) spec.onStderr?.(stderr);
    i += size;
  }
}

const attempts = (s: State | null, id = 'a'): Attempt[] => s?.stepRuns[id]?.attempts ?? [];

describe('an agent whose stream the sequencer reads', () => {
  it('asks Claude Code for its stream, shows it as short lines, and records the usage and wall time', async () => {
    const h = harness(state(['a']), (spec) => {
      play(spec, fixture('claude-tools.jsonl'), 'a warning on stderr\n');
      return { stdout: fixture('claude-tools.jsonl') };
    });
    expect((await h.run()).outcome).toBe('done');
    // The flags go right after the program; the prompt stays last.
    expect(h.agent.runs[0]!.argv.slice(0, 6)).toEqual(['/usr/bin/claude', '--output-format', 'stream-json', '--verbose', '--include-partial-messages', '-p']);
    const shown = h.log.lines.filter((l) => l.startsWith('info:   │ '));
    expect(shown.some((l) => /│ Write: /.test(l))).toBe(true);
    expect(shown.some((l) => /│ ✗ Read: /.test(l))).toBe(true);
    expect(shown).toContain('info:   │ a warning on stderr');
    expect(shown.at(-1)).toMatch(/│ ✓ Done: 4 turns; 1,740 in, 135 out, 4,370 cache read, 1,510 cache write tokens; \$0\.0181/);
    // No raw JSON reaches the log.
    expect(shown.some((l) => l.includes('{"type"'))).toBe(false);
    const [a] = attempts(h.store.current);
    expect(a?.usage).toEqual({
      model: 'claude-opus-5-5',
      inputTokens: 1740,
      outputTokens: 135,
      cacheReadTokens: 4370,
      cacheWriteTokens: 1510,
      costUsd: 0.018084000000000003,
      turns: 4,
      apiMs: 248,
      sessionId: 'b9b042df-140d-4875-8545-f7fdf60aff89',
      isError: false,
      source: 'stream',
      complete: true,
    });
    expect(a?.wallMs).toBeGreaterThanOrEqual(0);
    // The state keeps the shown lines, not the raw stream.
    expect(h.store.current?.stepRuns.a?.stdout).toContain('✓ Done');
    expect(h.store.current?.stepRuns.a?.stdout).not.toContain('"type":"system"');
  });

  it('puts `--` before the prompt of a command that ends inside --allowedTools, so the prompt stays the prompt', async () => {
    const h = harness(
      state(['a']),
      (spec) => {
        play(spec, fixture('claude-tools.jsonl'));
        return { stdout: fixture('claude-tools.jsonl') };
      },
      { agentCommand: 'claude -p --allowedTools Bash Read' },
    );
    expect((await h.run()).outcome).toBe('done');
    const ran = h.agent.runs[0]!.argv;
    expect(ran.slice(-5, -1)).toEqual(['--allowedTools', 'Bash', 'Read', '--']);
    expect(ran.at(-1)).toContain('Do a');
    // The log says what ran, `--` included.
    expect(h.log.lines.find((l) => l.includes('Runs: '))).toContain('--allowedTools Bash Read -- ');
  });

  it('puts `--` before a prompt that starts with `-` (Gemini CLI: `--prompt=<prompt>`), decided per attempt from the prompt as it is sent, payloads filled in', async () => {
    const list = '- Fix the failing test.\n- Run npm test.';
    const defs: Record<string, Partial<StepDef>> = {
      a: { instruction: list },
      b: { instruction: 'Do b' },
      // Known only once step a has run: its payload starts the prompt.
      c: { instruction: '{{steps.a.payload.flag}} is the flag to document.', agent: 'codex exec' },
      // Gemini CLI takes it only joined to its option: `--prompt=<prompt>`.
      d: { instruction: list, agent: 'gemini --yolo -p' },
    };
    const h = harness(
      state(['a', 'b', 'c', 'd'], {}, (id) => defs[id] ?? {}),
      (spec, call) => {
        const stream = fixture(call === 3 ? 'codex-tools.jsonl' : call === 4 ? 'gemini-tools.jsonl' : 'claude-tools.jsonl');
        play(spec, stream);
        return { stdout: stream, ...(call === 1 ? { payload: { flag: '--dry-run' } } : {}) };
      },
      { agentCommand: 'claude -p' },
    );
    expect((await h.run()).outcome).toBe('done');
    const [a, b, c, d] = h.agent.runs.map((r) => r.argv);
    expect(a?.slice(-3)).toEqual(['-p', '--', list]);
    // A prompt that does not start with `-` runs as before.
    expect(b?.slice(-2)).toEqual(['-p', 'Do b']);
    expect(c?.slice(-3)).toEqual(['--json', '--', '--dry-run is the flag to document.']);
    expect(d?.slice(1)).toEqual(['--output-format', 'stream-json', '--yolo', `--prompt=${list}`]);
    // The log says what ran, `--` and `--prompt=` included.
    const runs = h.log.lines.filter((l) => l.includes('Runs: '));
    expect(runs[0]).toContain(' -p -- "- Fix the failing test.… (prompt, ');
    expect(runs[1]).toContain(' -p "Do b"');
    expect(runs[3]).toContain('Runs: gemini --output-format stream-json --yolo "--prompt=- Fix the failing test.… (prompt, ');
  });

  it('records a killed agent’s usage as a lower bound, and leaves any other agent as it was', async () => {
    const h = harness(
      state(['a']),
      (spec) => {
        play(spec, fixture('claude-killed.jsonl'));
        return { exitCode: null, signal: 'SIGKILL' };
      },
      { limits: { maxAttempts: 1, attemptTimeoutMinutes: 60 } },
    );
    await h.run();
    const [a] = attempts(h.store.current);
    expect(a?.usage).toMatchObject({ source: 'stream', complete: false, isError: false });
    expect(a?.usage?.inputTokens).toBeGreaterThan(0);

    const plain = harness(
      state(['a']),
      (spec) => {
        spec.onOutput?.('plain output\n');
        return { stdout: 'plain output\n' };
      },
      { agentCommand: 'my-agent --flag' },
    );
    await plain.run();
    expect(plain.agent.runs[0]!.argv.slice(0, 2)).toEqual(['/usr/bin/my-agent', '--flag']);
    // Nothing reads its stdout back: the log alone keeps it.
    expect(plain.agent.runs[0]!.stdoutFile).toBeUndefined();
    expect(plain.log.lines).toContain('info:   │ plain output');
    expect(attempts(plain.store.current)[0]?.usage).toBeUndefined();
  });

  it('records what a hostile stream reports only within the bounds a state holds, so the state still loads', async () => {
    const lines = [
      { type: 'system', subtype: 'init', session_id: 'x'.repeat(500), model: 'evil\nmodel' },
      {
        type: 'result',
        subtype: 'success',
        is_error: false,
        num_turns: 1e300,
        total_cost_usd: 1e300,
        session_id: 'line\u2028break',
        usage: { input_tokens: 1e20, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      },
    ];
    const h = harness(state(['a']), (spec) => {
      play(spec, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      return {};
    });
    await h.run();
    const [a] = attempts(h.store.current);
    expect(a?.usage).toEqual({
      inputTokens: 1e12,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd: 1e6,
      turns: Number.MAX_SAFE_INTEGER,
      isError: false,
      source: 'stream',
      complete: true,
    });
    expect(checkState(h.store.current)).toEqual([]);
  });

  it('reads $SEQUENCER_USAGE_FILE from an agent it cannot parse, and reports a bad one without using it', async () => {
    const h = harness(
      state(['a', 'b']),
      (spec, call, files) => {
        const text = call === 1 ? JSON.stringify({ model: 'mine', inputTokens: 1200, outputTokens: 300, costUsd: 0.012 }) : JSON.stringify({ inputTokens: -5 });
        void files.write(spec.env.SEQUENCER_USAGE_FILE!, text);
        return {};
      },
      { agentCommand: './my-agent.py' },
    );
    await h.run();
    expect(h.agent.runs[0]!.env.SEQUENCER_USAGE_FILE).toBe('/logs/a/attempt-1.usage.json');
    expect(attempts(h.store.current, 'a')[0]?.usage).toEqual({
      model: 'mine',
      inputTokens: 1200,
      outputTokens: 300,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd: 0.012,
      isError: false,
      source: 'file',
      complete: true,
    });
    expect(attempts(h.store.current, 'b')[0]?.usage).toBeUndefined();
    expect(h.log.lines.some((l) => l.startsWith('warn: The usage file was not used: $SEQUENCER_USAGE_FILE.inputTokens must be a whole number'))).toBe(true);
  });
});

describe('an attempt whose tick died', () => {
  const logDir = '/runner/ws/.sequencer/p/state.json.logs';
  const logFile = `${logDir}/a/attempt-1.log`;
  const limits = { maxAttempts: 1, attemptTimeoutMinutes: 60 };
  const hostile = [
    { type: 'system', subtype: 'init', session_id: 'x'.repeat(500), model: 'evil\nmodel' },
    { type: 'assistant', message: { id: 'm1', model: 'm', content: [], usage: { input_tokens: 1e20, output_tokens: -5, cache_read_input_tokens: 'lots' } } },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');

  /** Attempt 1 of step a ran in a tick on this host that is gone; its log holds `log` (none: no log), its stdout file `stdout` (none: a build that kept none). */
  function died(log: string | undefined, o: { step?: Partial<StepDef>; budget?: State['plan']['budget']; cfg?: Partial<EngineConfig>; stdout?: string } = {}) {
    const attempt: Attempt = {
      n: 1,
      runId: 'p/a/1',
      startedAt: T0.toISOString(),
      leaseExpiresAt: '2026-01-01T01:00:00Z',
      owner: { kind: 'local', host: 'h', pid: 7 },
      logFile: 'state.json.logs/a/attempt-1.log',
    };
    const fresh = newState({ ...plan(['a'], o.step ?? {}), ...(o.budget ? { budget: o.budget } : {}) }, { planId: 'p', now: T0, approved: { by: 'tester' } });
    const h = harness({ ...fresh, stepRuns: { a: { status: 'IN_PROGRESS', tries: 1, attempts: [attempt] } } }, () => ({}), { logDir, ...o.cfg });
    if (log !== undefined) void h.attemptFiles.write(logFile, log);
    if (o.stdout !== undefined) void h.attemptFiles.write(`${logDir}/a/attempt-1.stdout`, o.stdout);
    return h;
  }

  it('records the usage its log shows up to the last whole event of a stream cut mid-line, and a spent budget blocks before the next attempt', async () => {
    const h = died(fixture('claude-truncated.jsonl'), { budget: { tokens: 4000 } });
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.agent.reaped).toEqual([logFile]);
    expect(h.agent.runs).toHaveLength(0);
    const [a] = attempts(h.store.current);
    expect(a?.outcome).toBe('interrupted');
    // Two whole assistant messages (1,500 + 80 in, 1 + 1 out, 0 + 1,400 cache read, 1,400 + 60 cache write); the cut line adds nothing.
    expect(a?.usage).toEqual({
      model: 'claude-opus-5-5',
      inputTokens: 1580,
      outputTokens: 2,
      cacheReadTokens: 1400,
      cacheWriteTokens: 1460,
      sessionId: 'b9b042df-140d-4875-8545-f7fdf60aff89',
      isError: false,
      source: 'log',
      complete: false,
    });
    expect(h.store.current?.budgetBlock).toEqual({ stepId: 'a', scope: 'plan', kind: 'tokens', limit: 4000, spent: 4442 });
    expect(h.log.lines).toContain('info: a attempt 1 used: 1,580 in, 2 out, 1,400 cache read, 1,460 cache write tokens (at least: the agent ended before its totals) (read back from its log).');
    expect(checkState(h.store.current)).toEqual([]);
  });

  it.each([
    ['claude -p', 'claude-tools.jsonl'],
    ['claude -p', 'claude-killed.jsonl'],
    ['claude -p', 'claude-truncated.jsonl'],
    ['codex exec', 'codex-tools.jsonl'],
    ['codex exec', 'codex-killed.jsonl'],
    ['gemini', 'gemini-tools.jsonl'],
    ['gemini', 'gemini-killed.jsonl'],
    ['claude -p', hostile],
  ])('records what the live stream would have for %s and %s (bounded alike), with the log as its source', async (agentCommand, stream) => {
    const text = stream.endsWith('.jsonl') ? fixture(stream) : stream;
    const live = harness(
      state(['a']),
      (spec) => {
        play(spec, text, 'a warning on stderr\n');
        return { exitCode: null, signal: 'SIGKILL' };
      },
      { agentCommand, limits },
    );
    await live.run();
    const streamed = attempts(live.store.current)[0]?.usage;
    expect(streamed?.source).toBe('stream');

    // The log holds stdout and stderr as they came: a stderr line between two stream lines.
    const lines = text.split('\n');
    const recovered = died([...lines.slice(0, 2), 'a warning on stderr', ...lines.slice(2)].join('\n'), { cfg: { agentCommand, limits } });
    await recovered.run();
    expect(attempts(recovered.store.current)[0]?.usage).toEqual({ ...streamed, source: 'log' });
    expect(checkState(recovered.store.current)).toEqual([]);
  });

  it.each([
    ['claude -p', 'claude-killed.jsonl'],
    ['codex exec', 'codex-tools.jsonl'],
    ['gemini', 'gemini-tools.jsonl'],
  ])('reads %s usage back from its stdout alone, so stderr written inside a line of %s costs no event', async (agentCommand, name) => {
    const text = fixture(name);
    const live = harness(
      state(['a']),
      (spec) => {
        play(spec, text);
        return { exitCode: null, signal: 'SIGKILL' };
      },
      { agentCommand, limits },
    );
    await live.run();
    const streamed = attempts(live.store.current)[0]?.usage;
    expect(streamed?.source).toBe('stream');
    // The runner keeps its stdout apart, where recovery reads it, a byte past what is read back.
    expect(live.agent.runs[0]?.stdoutFile).toEqual({ file: '/logs/a/attempt-1.stdout', maxBytes: LOG_USAGE_MAX_BYTES + 1 });

    // The log holds the agent's stderr where it came: in the middle of each line of the stream.
    const log = text
      .split('\n')
      .map((line) => `${line.slice(0, line.length >> 1)}a warning on stderr\n${line.slice(line.length >> 1)}`)
      .join('\n');
    const recovered = died(log, { cfg: { agentCommand, limits }, stdout: text });
    await recovered.run();
    expect(attempts(recovered.store.current)[0]?.usage).toEqual({ ...streamed, source: 'log' });
  });

  it('keeps the usage of an attempt whose work is accepted as recovered', async () => {
    const h = died(fixture('claude-tools.jsonl'), { step: { requiredOutputs: ['notes.md'] } });
    h.workspace.files.add('notes.md');
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs).toHaveLength(0);
    expect(attempts(h.store.current)[0]).toMatchObject({ outcome: 'recovered', usage: { inputTokens: 1740, costUsd: 0.018084000000000003, turns: 4, source: 'log', complete: true } });
  });

  it('records no usage when the log is gone, saying so, unless the agent wrote its usage file', async () => {
    const gone = died(undefined, { cfg: { limits } });
    expect((await gone.run()).outcome).toBe('blocked');
    expect(attempts(gone.store.current)[0]).toMatchObject({ outcome: 'interrupted' });
    expect(attempts(gone.store.current)[0]?.usage).toBeUndefined();
    expect(gone.log.lines).toContain('info: a attempt 1: no usage read back, its log state.json.logs/a/attempt-1.log is gone.');

    const filed = died(undefined, { cfg: { limits } });
    await filed.attemptFiles.write(`${logDir}/a/attempt-1.usage.json`, JSON.stringify({ inputTokens: 900, outputTokens: 100 }));
    await filed.run();
    expect(attempts(filed.store.current)[0]?.usage).toMatchObject({ inputTokens: 900, outputTokens: 100, source: 'file', complete: true });
    // Nor does a log without a single figure count as usage.
    const empty = died('[sequencer] cannot start the agent: the command is empty\n', { cfg: { limits } });
    await empty.run();
    expect(attempts(empty.store.current)[0]?.usage).toBeUndefined();
    expect(empty.log.lines).toContain('info: a attempt 1: its log state.json.logs/a/attempt-1.log shows no usage.');
  });
});

describe('budgets', () => {
  const spentAttempt = (costUsd: number, tokens: number): Attempt => ({
    n: 1,
    runId: 'p/a/1',
    startedAt: '2025-01-01T00:00:00.000Z',
    endedAt: '2025-01-01T00:01:00.000Z',
    outcome: 'succeeded',
    usage: { inputTokens: tokens, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd, isError: false, source: 'stream', complete: true },
  });
  const afterFirstStep = (extra: Partial<State['plan']> = {}, cost = 5.12, tokens = 1000): State => {
    const s = newState({ ...plan(['a', 'b']), ...extra }, { planId: 'p', now: T0, approved: { by: 'tester' } });
    return { ...s, currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1, attempts: [spentAttempt(cost, tokens)] } } };
  };

  it('blocks before an attempt starts when the plan budget is spent, saying what was spent and the limit', async () => {
    const h = harness(afterFirstStep({ budget: { costUsd: 5 } }), () => ({}));
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.agent.runs).toHaveLength(0);
    expect(h.store.current?.budgetBlock).toEqual({ stepId: 'b', scope: 'plan', kind: 'costUsd', limit: 5, spent: 5.12 });
    const blocked = h.notifier.notices.find((n) => n.kind === 'blocked');
    expect(blocked).toMatchObject({ stepId: 'b', reason: "the plan's cost budget is spent: $5.12 used of $5.00" });
  });

  it('takes the workflow’s default when the plan sets no budget; the plan’s own wins', async () => {
    const byDefault = harness(afterFirstStep({}, 0.5, 2_000_000), () => ({}), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60, budget: { tokens: 1_000_000 } } });
    expect((await byDefault.run()).outcome).toBe('blocked');
    expect(byDefault.store.current?.budgetBlock).toMatchObject({ scope: 'plan', kind: 'tokens', limit: 1_000_000, spent: 2_000_000 });
    const own = harness(afterFirstStep({ budget: { tokens: 3_000_000 } }, 0.5, 2_000_000), () => ({}), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60, budget: { tokens: 1_000_000 } } });
    expect((await own.run()).outcome).toBe('done');
  });

  it('stops an attempt whose streamed tokens pass the step budget (stop file first), then blocks the plan', async () => {
    const s = state(['a'], {}, { budget: { tokens: 2000 } });
    let reason: unknown;
    const h = harness(s, (spec) => {
      play(spec, fixture('claude-partial-messages.jsonl'));
      reason = spec.signal?.reason;
      // The agent read its stop file and ended on its own.
      return spec.signal?.aborted ? { cancelled: true, exitCode: null, signal: 'SIGTERM', stoppedBy: 'agent' } : {};
    });
    expect((await h.run()).outcome).toBe('blocked');
    expect(reason).toBe("The step's token budget is spent: stop now, save your work and exit.");
    expect(h.agent.runs).toHaveLength(1);
    const [a] = attempts(h.store.current);
    expect(a?.outcome).toBe('over_budget');
    expect(a?.error).toMatch(/^stopped: its tokens passed the token budget of step a \([\d,]+ used, 2,000 were left of 2,000\); the agent stopped by itself$/);
    expect(totalTokens(a!.usage!)).toBeGreaterThan(2000);
    expect(h.store.current?.budgetBlock).toMatchObject({ stepId: 'a', scope: 'step', kind: 'tokens', limit: 2000 });
    expect(h.log.lines.some((l) => /^warn: a attempt 1: [\d,]+ tokens used, past the 2,000 left of the token budget of step a: asking the agent to stop\.$/.test(l))).toBe(true);
  });

  it("names the plan's budget in the stop file when it is the plan's token budget that is spent", async () => {
    let reason: unknown;
    const h = harness(
      state(['a']),
      (spec) => {
        play(spec, fixture('claude-partial-messages.jsonl'));
        reason = spec.signal?.reason;
        return spec.signal?.aborted ? { cancelled: true, exitCode: null, signal: 'SIGTERM', stoppedBy: 'agent' } : {};
      },
      { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60, budget: { tokens: 2000 } } },
    );
    expect((await h.run()).outcome).toBe('blocked');
    expect(reason).toBe("The plan's token budget is spent: stop now, save your work and exit.");
    expect(attempts(h.store.current)[0]?.error).toMatch(/^stopped: its tokens passed the plan's token budget /);
  });

  it('does not stop an agent whose tokens pass the budget only in its final result: the finished attempt stands', async () => {
    const h = harness(
      state(['a', 'b'], {}, { budget: { tokens: 2000 } }),
      (spec) => {
        // Codex reports its tokens only in turn.completed, after the work is done.
        play(spec, fixture('codex-tools.jsonl'));
        return spec.signal?.aborted ? { cancelled: true, exitCode: null } : {};
      },
      { agentCommand: 'codex exec --sandbox workspace-write' },
    );
    expect((await h.run()).outcome).toBe('done');
    expect(attempts(h.store.current, 'a')[0]).toMatchObject({ outcome: 'succeeded', usage: { source: 'stream', complete: true } });
    expect(h.log.lines.some((l) => l.includes('asking the agent to stop'))).toBe(false);
  });

  it('a writer’s /approve budget=… raises the spent budget and the plan goes on; a raise below what was spent is refused', async () => {
    const h = harness(afterFirstStep({ budget: { costUsd: 5 } }), () => ({}));
    await h.run();
    h.inbox.push({ kind: 'approve', by: 'octocat', budgets: [{ kind: 'costUsd', amount: 5 }] });
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.inbox.replies.at(-1)).toBe("the plan's cost budget must be raised above what was spent ($5.12), got $5.00.");
    h.inbox.push({ kind: 'approve', by: 'octocat', budgets: [{ amount: 10 }] });
    expect((await h.run()).outcome).toBe('done');
    expect(h.inbox.replies.at(-1)).toBe("Budget raised by @octocat: the plan's cost budget is now $10.00 ($5.12 spent). Continuing.");
    expect(h.store.current?.budgetRaises).toEqual([{ scope: 'plan', kind: 'costUsd', limit: 10, by: 'octocat', at: expect.any(String) }]);
    expect(h.store.current?.budgetBlock).toBeUndefined();
    // The raise changed no approved field: the plan hash is the one approved.
    expect(h.store.current?.planHash).toBe(afterFirstStep({ budget: { costUsd: 5 } }).planHash);
    h.inbox.push({ kind: 'approve', by: 'octocat', budgets: [{ amount: 20 }] });
    await h.run();
    expect(h.inbox.replies.at(-1)).toBe('Nothing to raise: the plan is DONE, not blocked by a spent budget.');
  });

  /** Where approvals are read back (GitHub): the approval stands; a raise stands only when its comment says so. */
  class RaiseChecker implements ApprovalVerifier {
    readonly asked: BudgetRaise[] = [];
    constructor(private readonly standing: (raise: BudgetRaise) => boolean) {}
    async verify(): Promise<ApprovalVerdict> {
      return { ok: true };
    }
    async verifyRaise(_state: State, raise: BudgetRaise): Promise<ApprovalVerdict> {
      this.asked.push(raise);
      return this.standing(raise) ? { ok: true } : { ok: false, reason: `the comment ${raise.commentId ?? '(none)'} does not say /approve budget=… with this limit` };
    }
  }

  it('where raises are read back, a raise whose comment does not stand is refused when it arrives and dropped before an attempt', async () => {
    const checker = new RaiseChecker((r) => r.commentId === 11);
    const h = harness(afterFirstStep({ budget: { costUsd: 5 } }), () => ({}), {}, checker);
    await h.run();
    h.inbox.push({ kind: 'approve', by: 'octocat', budgets: [{ amount: 10 }], commentId: 12 });
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.inbox.replies.at(-1)).toBe('This budget raise could not be confirmed on GitHub, so it does not count: the comment 12 does not say /approve budget=… with this limit.');
    expect(h.store.current?.budgetRaises).toBeUndefined();

    // A raise written into the state (by a push to the work branch) names a comment that does not say it.
    const forged: State = { ...afterFirstStep({ budget: { costUsd: 5 } }), budgetRaises: [{ scope: 'plan', kind: 'costUsd', limit: 50, by: 'mallory', at: T0.toISOString(), commentId: 99 }] };
    const f = harness(forged, () => ({}), {}, checker);
    expect((await f.run()).outcome).toBe('blocked');
    expect(f.agent.runs).toHaveLength(0);
    expect(f.store.current?.budgetRaises).toEqual([]);
    expect(f.store.current?.budgetBlock).toMatchObject({ scope: 'plan', kind: 'costUsd', limit: 5 });
    expect(f.log.lines).toContain('error: A budget raise does not count: the comment 99 does not say /approve budget=… with this limit.');

    const kept = harness({ ...forged, budgetRaises: [{ ...forged.budgetRaises![0]!, commentId: 11 }] }, () => ({}), {}, checker);
    expect((await kept.run()).outcome).toBe('done');
  });
});
