import { describe, expect, it } from 'vitest';
import { tick, type EngineConfig, type EngineDeps } from '../src/engine/index.js';
import { ConfigError } from '../src/core/errors.js';
import type { State } from '../src/core/state/types.js';
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
import { plan, state } from './fakes/states.js';
import { newState } from '../src/core/plan/new-state.js';
import type { AgentSpec, CheckResult } from '../src/ports.js';
import type { RuleResult } from '../src/core/tick/rules.js';

function harness(initial: State | null, script?: (spec: AgentSpec, call: number) => ScriptedRun, cfgOver: Partial<EngineConfig> = {}) {
  const workspace = new FakeWorkspace();
  const attemptFiles = new MemoryAttemptFiles();
  const agent = new FakeAgent(script, workspace, undefined, attemptFiles);
  const verifier = new FakeVerifier(workspace);
  const store = new MemoryStore(initial);
  const notifier = new RecordingNotifier();
  const inbox = new MemoryInbox();
  const clock = new FakeClock();
  const log = new MemoryLog();
  const owners = new FakeOwners('dead');
  const deps: EngineDeps = { clock, store, agent, workspace, owners, notifier, log, inbox, verifier, attemptFiles };
  const cfg = engineConfig({ agentCommand: 'my-agent --flag', ...cfgOver });
  return { deps, cfg, workspace, agent, store, notifier, inbox, clock, log, owners, verifier, attemptFiles, run: () => tick(deps, cfg) };
}

const promptOf = (spec: AgentSpec) => spec.argv[spec.argv.length - 1];

describe('tick', () => {
  it('releases the store whatever happens: after a tick, and when opening the store throws', async () => {
    const h = harness(state(['a']));
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.locked).toBe(false);
    h.store.openError = new Error('cannot fetch the work branch');
    await expect(h.run()).rejects.toThrow('cannot fetch the work branch');
    // A lock left held would make every later tick of this process report the plan busy.
    expect(h.store.locked).toBe(false);
    h.store.holder = 'pid 1 on host';
    expect(await h.run()).toMatchObject({ outcome: 'busy', detail: 'pid 1 on host' });
  });

  it('does nothing without a state', async () => {
    const h = harness(null);
    expect((await h.run()).outcome).toBe('missing');
    expect(h.store.writes).toHaveLength(0);
  });

  it('runs every step, writing a checkpoint before each attempt and the outputs with the completion', async () => {
    const h = harness(
      state(['a', 'b'], {}, (id) => ({ requiredOutputs: [`${id}.md`] })),
      (spec) => ({ writes: [`${spec.env.SEQUENCER_STEP_ID}.md`], stdout: 'ok' }),
    );
    const result = await h.run();
    expect(result.outcome).toBe('done');
    expect(h.store.writes.map((w) => w.meta.kind)).toEqual(['checkpoint', 'completion', 'checkpoint', 'completion']);
    // The checkpoint is durable before the agent starts: its state shows the attempt in flight.
    expect(h.store.writes[0]!.state.stepRuns.a).toMatchObject({ status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'p/a/1', owner: { pid: 42 } }] });
    expect(h.store.current).toMatchObject({ status: 'DONE', currentStep: 2, artifacts: ['a.md', 'b.md'] });
    expect(h.notifier.notices.filter((n) => n.kind === 'done')).toHaveLength(1);
  });

  it('passes argv without a shell, the prompt as one argument, and the SEQUENCER_ environment', async () => {
    const h = harness(state(['a'], {}, { env: { EXTRA: '1' }, instruction: 'say "hi" $(rm -rf /)' }));
    await h.run();
    const spec = h.agent.runs[0]!;
    expect(spec.argv).toEqual(['/usr/bin/my-agent', '--flag', 'say "hi" $(rm -rf /)']);
    expect(spec.env).toMatchObject({ EXTRA: '1', SEQUENCER_PLAN_ID: 'p', SEQUENCER_STEP_ID: 'a', SEQUENCER_ATTEMPT: '1', SEQUENCER_ATTEMPT_ID: 'p/a/1', SEQUENCER_WORKSPACE: '/workspace' });
    expect(spec.env.SEQUENCER_PAYLOAD_FILE).toBe('/logs/a/attempt-1.payload.json');
    // The soft brake's file: the same path the runner writes on cancel.
    expect(spec.env.SEQUENCER_STOP_FILE).toBe('/logs/a/attempt-1.stop');
    expect(spec.stop).toMatchObject({ file: '/logs/a/attempt-1.stop', message: 'The plan was cancelled: stop now, save your work and exit.' });
    expect(spec.logFile).toBe('/logs/a/attempt-1.log');
  });

  it('retries with the troubleshooting prompt, then blocks once at the limit', async () => {
    const h = harness(state(['a']), () => ({ exitCode: 1, stderr: 'kaboom' }));
    const result = await h.run();
    expect(result.outcome).toBe('blocked');
    expect(h.agent.runs).toHaveLength(3);
    expect(promptOf(h.agent.runs[1]!)).toMatch(
      /^Step a failed \(tries: 1\)\. Previous run ended with: agent exited with code 1: kaboom \(full log: logs\/a\/attempt-1\.log\)\. Please troubleshoot and retry: Do a$/,
    );
    expect(h.store.current?.blockers).toEqual(['a: max attempts (3) used up']);
    expect(h.notifier.notices.filter((n) => n.kind === 'blocked')).toHaveLength(1);
    // Later heartbeats see a BLOCKED plan: no write, no second blocker, no second notice.
    const writes = h.store.writes.length;
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.store.writes).toHaveLength(writes);
    expect(h.store.current?.blockers).toHaveLength(1);
  });

  it("names attempt logs relative to the state's folder, in the state and in what the agent printed", async () => {
    const logDir = '/runner/ws/.sequencer/p/state.json.logs';
    const h = harness(
      state(['a'], {}, () => ({ maxAttempts: 1 })),
      () => ({ exitCode: 1, stderr: `tail\n…[9 bytes omitted; full log: ${logDir}/a/attempt-1.log]…` }),
      { logDir },
    );
    expect((await h.run()).outcome).toBe('blocked');
    const run = h.store.current?.stepRuns.a;
    expect(run?.attempts?.[0]?.logFile).toBe('state.json.logs/a/attempt-1.log');
    expect(run?.error).toContain('full log: state.json.logs/a/attempt-1.log');
    expect(JSON.stringify(h.store.current)).not.toContain('/runner/ws');
  });

  it('names attempt files as the surface says, in the error, the retry prompt and what the agent printed', async () => {
    const logDir = '/runner/ws/.sequencer/p/state.json.logs';
    const attemptFileText = (relative: string) => `${relative} in the artifact logs-1 of https://example.test/runs/1`;
    const h = harness(
      state(['a'], {}, () => ({ maxAttempts: 2 })),
      () => ({ exitCode: 1, stderr: `tail\n…[9 bytes omitted; full log: ${logDir}/a/attempt-1.log]…` }),
      { logDir, attemptFileText },
    );
    expect((await h.run()).outcome).toBe('blocked');
    const run = h.store.current?.stepRuns.a;
    // The record keeps its own path; messages name the file where a person (or the agent) can get it.
    expect(run?.attempts?.[0]?.logFile).toBe('state.json.logs/a/attempt-1.log');
    expect(run?.attempts?.[0]?.error).toBe(
      'agent exited with code 1: tail\n…[9 bytes omitted; full log: a/attempt-1.log in the artifact logs-1 of https://example.test/runs/1]… (full log: a/attempt-1.log in the artifact logs-1 of https://example.test/runs/1)',
    );
    expect(promptOf(h.agent.runs[1]!)).toContain('(full log: a/attempt-1.log in the artifact logs-1 of https://example.test/runs/1). Please troubleshoot');
    expect(JSON.stringify(h.store.current)).not.toContain('/runner/ws');
  });

  it('logs a command it could not read under the name it was written with, not as the /status that stands in for it', async () => {
    const h = harness(state(['a']));
    h.inbox.items.push({ cursor: 1, command: { kind: 'status', by: 'w' }, refusal: '/retry takes …', label: '/retry' });
    await h.run();
    expect(h.log.lines).toContain('warn: Command /retry from w refused: /retry takes …');
  });

  it('calls a retry backoff a backoff and a step delay a step delay, and lists finished steps once per run', async () => {
    const h = harness(state(['a', 'b']), (spec, call) => (spec.env.SEQUENCER_STEP_ID === 'b' && call === 2 ? { exitCode: 1, stderr: 'flaky' } : {}), {
      limits: { maxAttempts: 3, attemptTimeoutMinutes: 60, retryBackoffSeconds: 60 },
    });
    expect((await h.run()).outcome).toBe('waiting');
    expect(h.log.lines.filter((l) => /Retry backoff: b is tried again after /.test(l))).toHaveLength(1);
    expect(h.log.lines.some((l) => l.includes('Step delay'))).toBe(false);
    h.clock.advance(120_000);
    h.log.lines.length = 0;
    // A later tick of the same run: the finished step is not listed again.
    expect((await tick(h.deps, { ...h.cfg, quietResume: true })).outcome).toBe('done');
    expect(h.log.lines.some((l) => l.includes('[Resume]'))).toBe(false);
  });

  it('fails a step whose required outputs are missing, naming them', async () => {
    const h = harness(state(['a'], {}, { requiredOutputs: ['x.md', 'y.md'], maxAttempts: 1 }), () => ({ writes: ['x.md'] }));
    await h.run();
    expect(h.store.current?.stepRuns.a?.error).toBe('Missing required outputs: y.md');
  });

  it('stops on the step delay and continues on a later tick', async () => {
    const h = harness(state(['a', 'b'], { stepDelayMinutes: 2 }));
    expect((await h.run()).outcome).toBe('waiting');
    expect(h.agent.runs).toHaveLength(1);
    expect(h.store.current?.notBefore).toBe('2026-01-01T00:02:00.000Z');
    h.clock.advance(60_000);
    expect((await h.run()).outcome).toBe('waiting');
    expect(h.agent.runs).toHaveLength(1);
    h.clock.advance(61_000);
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs).toHaveLength(2);
  });

  it('leaves an attempt of a live tick alone and recovers a dead one as interrupted', async () => {
    const h = harness(state(['a']));
    h.store.current = {
      ...h.store.current!,
      stepRuns: {
        a: {
          status: 'IN_PROGRESS',
          tries: 1,
          attempts: [
            { n: 1, runId: 'p/a/1', startedAt: '2026-01-01T00:00:00Z', leaseExpiresAt: '2026-01-01T01:00:00Z', owner: { kind: 'local', host: 'h', pid: 7 }, logFile: '/logs/a/attempt-1.log' },
          ],
        },
      },
    };
    h.owners.answer = 'alive';
    expect((await h.run()).outcome).toBe('busy');
    expect(h.store.writes).toHaveLength(0);
    h.owners.answer = 'dead';
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.reaped).toEqual(['/logs/a/attempt-1.log']);
    expect(h.store.current?.stepRuns.a?.attempts?.[0]).toMatchObject({ outcome: 'interrupted' });
    expect(h.agent.runs).toHaveLength(1);
    expect(promptOf(h.agent.runs[0]!)).toMatch(/^Step a failed \(tries: 1\)\. Previous run ended with: interrupted/);
  });

  it('says that an interrupted attempt of another runner lost what it had not committed; one in this workspace did not', async () => {
    const elsewhere = harness(state(['a']), undefined, { owner: { kind: 'actions', runId: '2', runAttempt: 1 } });
    const attempt = {
      n: 1,
      runId: 'p/a/1',
      startedAt: '2026-01-01T00:00:00Z',
      leaseExpiresAt: '2026-01-01T01:00:00Z',
      owner: { kind: 'actions' as const, runId: '1', runAttempt: 1 },
      logFile: '/logs/a/attempt-1.log',
    };
    elsewhere.store.current = { ...elsewhere.store.current!, stepRuns: { a: { status: 'IN_PROGRESS', tries: 1, attempts: [attempt] } } };
    await elsewhere.run();
    expect(elsewhere.store.current?.stepRuns.a?.attempts?.[0]?.error).toBe(
      "interrupted: the tick running this attempt is gone; what it wrote and had not committed was lost with that runner (a step's files are committed only when the step finishes)",
    );
    // The retry is told so too.
    expect(promptOf(elsewhere.agent.runs[0]!)).toContain('was lost with that runner');

    const here = harness(state(['a']));
    here.store.current = { ...here.store.current!, stepRuns: { a: { status: 'IN_PROGRESS', tries: 1, attempts: [{ ...attempt, owner: { kind: 'local', host: 'h', pid: 7 } }] } } };
    await here.run();
    expect(here.store.current?.stepRuns.a?.attempts?.[0]?.error).toBe('interrupted: the tick running this attempt is gone');
  });

  it("hands the store the plan's choice of what a completion commit holds", async () => {
    const chosen = newState({ ...plan(['a', 'b'], { requiredOutputs: ['x.md'] }), commit: 'outputs' }, { planId: 'p', now: new Date('2026-01-01T00:00:00Z'), approved: { by: 'tester' } });
    const h = harness(chosen, () => ({ writes: ['x.md'] }));
    await h.run();
    expect(h.store.writes.filter((w) => w.meta.kind === 'completion').map((w) => w.meta.select)).toEqual([
      { kind: 'outputs', paths: ['x.md'] },
      { kind: 'outputs', paths: ['x.md'] },
    ]);
  });

  it("recovers an attempt whose state names a log outside the plan's log folder without ending the group named beside it", async () => {
    const h = harness(state(['a']));
    const planted = {
      n: 1,
      runId: 'p/a/1',
      startedAt: '2026-01-01T00:00:00Z',
      leaseExpiresAt: '2026-01-01T01:00:00Z',
      owner: { kind: 'local' as const, host: 'h', pid: 7 },
      logFile: '../../../run/user/other.log',
    };
    h.store.current = { ...h.store.current!, stepRuns: { a: { status: 'IN_PROGRESS', tries: 1, attempts: [planted] } } };
    h.owners.answer = 'dead';
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.reaped).toEqual([]);
    expect(h.log.lines.join('\n')).toMatch(/names a log outside the plan's log folder/);
  });

  describe('an interrupted attempt whose work is still here is judged as a finished attempt is', () => {
    const logDir = '/runner/ws/.sequencer/p/state.json.logs';
    /** Step b was in flight in a tick on this host that is gone; b.md, its required output, is in the workspace. */
    function interrupted(check: (argv: string[], call: number) => Partial<CheckResult>) {
      const defs = (id: string) => (id === 'b' ? { requiredOutputs: ['b.md'], validate: [{ command: { argv: ['check-b'] } }], inheritPayload: true } : {});
      const attempt = {
        n: 1,
        runId: 'p/b/1',
        startedAt: '2026-01-01T00:00:00Z',
        leaseExpiresAt: '2026-01-01T01:00:00Z',
        owner: { kind: 'local' as const, host: 'h', pid: 7 },
        logFile: 'state.json.logs/b/attempt-1.log',
      };
      const initial = state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1, payload: { from: 'a' } }, b: { status: 'IN_PROGRESS', tries: 1, attempts: [attempt] } } }, defs);
      const h = harness(initial, undefined, { logDir });
      h.workspace.files.add('b.md');
      const verifier = new FakeVerifier(h.workspace, check);
      return { ...h, verifier, run: () => tick({ ...h.deps, verifier }, h.cfg) };
    }

    it("with the same check environment, naming its check logs relative to the state's folder", async () => {
      const h = interrupted((_argv, call) => (call === 1 ? { exitCode: 1, stderr: `lint failed …[9 bytes omitted; full log: ${logDir}/b/attempt-1.check-1.log]…` } : {}));
      expect((await h.run()).outcome).toBe('done');
      expect(h.store.current?.stepRuns.b?.attempts?.map((a) => a.outcome)).toEqual(['interrupted', 'succeeded']);
      expect(h.log.lines).toContainEqual(
        expect.stringContaining(
          "b: the interrupted attempt's work does not meet the step's contract (Validation failed: command(check-b): exited with code 1: lint failed …[9 bytes omitted; full log: state.json.logs/b/attempt-1.check-1.log]…)",
        ),
      );
      expect(h.log.lines.join('\n')).not.toContain('/runner/ws');
      // The check of the interrupted attempt and the check of the new one see the same variables.
      const [recovered, fresh] = h.verifier.checks.map((c) => c.opts.env ?? {});
      expect(Object.keys(recovered!).sort()).toEqual(Object.keys(fresh!).sort());
      expect(recovered!.SEQUENCER_INPUT_FILE).toBe(`${logDir}/b/attempt-1.input.json`);
    });

    it('recording the tool calls its command log holds', async () => {
      const h = interrupted(() => ({}));
      const calls = ['{"id":"1","decision":"allow","tool":"Bash"}', '{"id":"2","decision":"deny","tool":"Bash"}', '{"id":"1","result":"ok"}'];
      await h.attemptFiles.write(`${logDir}/b/attempt-1.commands.jsonl`, `${calls.join('\n')}\n`);
      expect((await h.run()).outcome).toBe('done');
      expect(h.agent.runs).toHaveLength(0);
      expect(h.store.current?.stepRuns.b?.attempts?.[0]).toMatchObject({ outcome: 'recovered', toolCalls: { calls: 2, denied: 1 } });
    });
  });

  it('refuses a missing binary before the checkpoint, so no attempt is consumed', async () => {
    const h = harness(state(['a']));
    const agent = new FakeAgent(undefined, h.workspace, () => false);
    await expect(tick({ ...h.deps, agent }, h.cfg)).rejects.toThrow(/"my-agent" not found on PATH/);
    expect(h.store.writes).toHaveLength(0);
  });

  it('refuses a shell as agent, naming where the command came from', async () => {
    const h = harness(state(['a']), undefined, { agentCommand: 'bash -c "echo hi"', agentSource: 'STEP_AGENT_CMD' });
    await expect(h.run()).rejects.toThrow(ConfigError);
    await expect(h.run()).rejects.toThrow(/STEP_AGENT_CMD/);
    expect(h.store.writes).toHaveLength(0);
  });

  it('refuses a default agent command whose last option would take the prompt as its value, naming the input, before the checkpoint', async () => {
    const h = harness(state(['a']), undefined, { agentCommand: 'claude -p --model', agentSource: "input 'agent-command'" });
    await expect(h.run()).rejects.toThrow(`input 'agent-command': "claude -p --model" ends with --model, which takes the prompt (added as the last argument) as its value`);
    expect(h.store.writes).toHaveLength(0);
    expect(h.agent.runs).toHaveLength(0);
  });

  it('gives up without running anything when the checkpoint loses a race', async () => {
    const h = harness(state(['a']));
    h.store.conflictNext = true;
    expect((await h.run()).outcome).toBe('conflict');
    expect(h.agent.runs).toHaveLength(0);
  });

  it('reopens a done step whose outputs vanished, before moving on', async () => {
    const h = harness(
      state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } }, (id) => ({ requiredOutputs: [`${id}.md`] })),
      (spec) => ({ writes: [`${spec.env.SEQUENCER_STEP_ID}.md`] }),
    );
    await h.run();
    expect(h.agent.runs.map((r) => r.env.SEQUENCER_STEP_ID)).toEqual(['a', 'b']);
    expect(h.notifier.notices[0]).toEqual({ kind: 'reopened', stepId: 'a', missing: ['a.md'] });
  });

  it('applies inbox commands once, moving the cursor in the same write', async () => {
    const h = harness(state(['a'], { status: 'AWAITING_APPROVAL' }));
    h.inbox.push({ kind: 'approve', by: 'me', delayMinutes: 0 });
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.writes[0]!.state.inbox).toMatchObject({ lastFileCursor: 1 });
    expect(h.inbox.acknowledged).toBe(1);
    const writes = h.store.writes.length;
    await h.run();
    expect(h.store.writes).toHaveLength(writes);
  });

  it.each([
    ['a refused /approve (no write access) on a plan awaiting approval', state(['a'], { status: 'AWAITING_APPROVAL' }), 'awaiting-approval', 'refused'],
    ['/status on a finished plan', state(['a'], { status: 'DONE', currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } }), 'done', 'status'],
  ] as const)('%s: the cursor moves past it in a write of its own, so later runs neither answer nor log it again', async (_name, initial, outcome, kind) => {
    const h = harness(initial);
    if (kind === 'refused') h.inbox.items.push({ cursor: 7, command: { kind: 'approve', by: 'mallory' }, refusal: 'no write access', unauthorized: true });
    else h.inbox.items.push({ cursor: 7, command: { kind: 'status', by: 'w' } });
    const first = await h.run();
    expect(first.outcome).toBe(outcome);
    // The answer was given, and the read position is durable: one write holding the cursor and nothing else new.
    expect(h.inbox.replies).toHaveLength(1);
    expect(h.store.writes).toHaveLength(1);
    const written = h.store.writes[0]!;
    expect(written.state.inbox).toMatchObject({ lastFileCursor: 7 });
    expect(written.meta).toEqual({ kind: 'update', message: kind === 'refused' ? 'commands: /approve (refused)' : 'commands: /status' });
    const { inbox: _i, revision: _r, lastHeartbeatIso: _h, ...rest } = written.state;
    const { inbox: _i0, revision: _r0, lastHeartbeatIso: _h0, ...before } = initial;
    expect(rest).toEqual(before);
    // Keeping its place is no progress: a run that did only that is not "the run that blocked it" nor one that moved on.
    expect(first.writes).toBe(0);
    expect(h.inbox.acknowledged).toBe(7);

    const lines = h.log.lines.length;
    const second = await h.run();
    expect(second.outcome).toBe(outcome);
    expect(h.inbox.replies).toHaveLength(1);
    expect(h.log.lines.slice(lines).filter((l) => l.includes('Command '))).toEqual([]);
    // With nothing new to read the run writes nothing.
    expect(h.store.writes).toHaveLength(1);
  });

  it('names in a commit the commands that run read, refused ones as such, by the name they were written with', async () => {
    const h = harness(state(['a'], { status: 'AWAITING_APPROVAL' }));
    h.inbox.items.push({ cursor: 1, command: { kind: 'status', by: 'w' }, refusal: 'unknown command "/aprove"', label: '/aprove' });
    await h.run();
    h.inbox.push({ kind: 'approve', by: 'me', delayMinutes: 0 });
    await h.run();
    expect(h.store.writes.map((w) => w.meta.message)).toEqual(['commands: /aprove (refused)', 'commands: /approve', 'a attempt 1 started', 'a attempt 1 succeeded']);
  });

  it('does not start an attempt that cannot finish within the time budget', async () => {
    const h = harness(state(['a']), undefined, { deadline: new Date('2026-01-01T00:30:00Z') });
    expect((await h.run()).outcome).toBe('budget');
    expect(h.agent.runs).toHaveLength(0);
    expect(h.store.writes).toHaveLength(0);
  });

  it('records a timeout as timed_out and a cancel mid-run ends the plan CANCELLED', async () => {
    const h = harness(state(['a']), () => ({ timedOut: true, exitCode: null, signal: 'SIGKILL' }), { limits: { maxAttempts: 1, attemptTimeoutMinutes: 1 } });
    await h.run();
    expect(h.store.current?.stepRuns.a?.attempts?.[0]).toMatchObject({ outcome: 'timed_out' });
    expect(h.store.current?.stepRuns.a?.error).toMatch(/^timed out after 1 min/);
    // A timeout that is not whole minutes reads the same in the attempt's header and its verdict.
    const odd = harness(state(['a']), () => ({ timedOut: true, exitCode: null, signal: 'SIGKILL' }), { limits: { maxAttempts: 1, attemptTimeoutMinutes: 2.5 } });
    await odd.run();
    expect(odd.log.lines.find((l) => l.includes('Runs: '))).toContain('(timeout 150 s;');
    expect(odd.store.current?.stepRuns.a?.error).toMatch(/^timed out after 150 s /);

    const c = harness(state(['a', 'b']), (_spec, call) => {
      if (call === 1) c.inbox.push({ kind: 'cancel', by: 'me' });
      return { cancelled: call === 1, exitCode: null };
    });
    expect((await c.run()).outcome).toBe('cancelled');
    expect(c.agent.runs).toHaveLength(1);
    expect(c.notifier.notices.some((n) => n.kind === 'cancelled')).toBe(true);
  });

  it('a failed preflight throws by default and consumes no attempt', async () => {
    const h = harness(state(['a'], {}, { requiredOutputs: ['out/a.md'] }));
    h.workspace.preflightProblems.push('the workspace /workspace is not writable');
    await expect(h.run()).rejects.toThrow(/not writable/);
    expect(h.store.writes).toHaveLength(0);
  });

  it('in block mode a failed preflight blocks with a notice, consuming no attempt', async () => {
    const h = harness(state(['a']), undefined, { preflight: 'block' });
    const agent = new FakeAgent(undefined, h.workspace, () => false);
    const result = await tick({ ...h.deps, agent }, h.cfg);
    expect(result.outcome).toBe('blocked');
    expect(h.store.current?.stepRuns.a).toBeUndefined();
    expect(h.store.current?.blockers?.[0]).toMatch(/^a: preflight failed: .*"my-agent" not found on PATH/);
    expect(h.notifier.notices).toEqual([expect.objectContaining({ kind: 'blocked', stepId: 'a' })]);
  });

  it('a step with content rules that cannot be checked here (a bundle without its rule-check worker) stops at its preflight, consuming no attempt', async () => {
    const h = harness(
      state(['a', 'b'], {}, (id) => (id === 'b' ? { validate: [{ file_exists: { path: 'x' } }, { file_contains: { path: 'x', pattern: 'y' } }] } : {})),
      undefined,
      { preflight: 'block' },
    );
    const verifier = Object.assign(h.verifier, { contentRuleProblem: () => "the bundle's rule-check-worker.js is missing" });
    expect((await tick({ ...h.deps, verifier }, h.cfg)).outcome).toBe('blocked');
    // Step a has no content rule: it runs.
    expect(h.agent.runs.map((r) => r.env.SEQUENCER_STEP_ID)).toEqual(['a']);
    expect(h.store.current?.stepRuns.b).toBeUndefined();
    expect(h.store.current?.blockers).toEqual(["b: preflight failed: plan.steps.b.validate[1].file_contains: the bundle's rule-check-worker.js is missing"]);
  });

  it('a cancel names the step it stopped', async () => {
    const c = harness(state(['a', 'b']), (_spec, call) => {
      if (call === 1) c.inbox.push({ kind: 'cancel', by: 'me' });
      return { cancelled: true, exitCode: null };
    });
    await c.run();
    expect(c.notifier.notices).toContainEqual({ kind: 'cancelled', runningStep: 'a' });
    expect(c.store.current?.stepRuns.a?.attempts?.[0]?.outcome).toBe('cancelled');
  });

  it('a cancel seen while the rules of a finished attempt are checked ends the checks at once; the attempt is cancelled, neither passed nor failed, and the plan CANCELLED', async () => {
    const c = harness(
      state(['a', 'b'], {}, { validate: [{ json_schema: { path: 'a.json', schema: { type: 'array', uniqueItems: true } } }, { file_contains: { path: 'a.json', pattern: '^\\[' } }] }),
      () => ({ texts: { 'a.json': '[1, 2]' } }),
      { inboxPollMs: 10 },
    );
    const checked: string[] = [];
    let stopped = false;
    // A schema check that takes 20 s and then passes, unless its signal ends it (as a thread's end does).
    c.verifier.textChecks = (check, signal) => {
      checked.push(check.kind);
      c.inbox.push({ kind: 'cancel', by: 'me' });
      return new Promise<RuleResult>((resolve, reject) => {
        const done = setTimeout(() => resolve({ rule: 'json_schema(a.json)', ok: true }), 20_000);
        signal?.addEventListener('abort', () => {
          clearTimeout(done);
          stopped = true;
          reject(new Error('the check was stopped by a cancel request'));
        });
      });
    };
    const began = Date.now();
    expect((await c.run()).outcome).toBe('cancelled');
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(stopped).toBe(true);
    expect(checked).toEqual(['json_schema']);
    expect(c.agent.runs).toHaveLength(1);
    const a = c.store.current?.stepRuns.a;
    expect(a?.attempts).toEqual([
      expect.objectContaining({
        outcome: 'cancelled',
        stoppedBy: 'agent',
        error: 'stopped by a cancel request while its validation rules were checked (the agent had exited with code 0): the checks were ended, so the attempt has no verdict',
      }),
    ]);
    expect(a?.attempts?.[0]?.failedRules).toBeUndefined();
    expect(c.store.current?.status).toBe('CANCELLED');
    expect(c.store.current?.artifacts ?? []).toEqual([]);
    expect(c.notifier.notices).toContainEqual({ kind: 'cancelled', runningStep: 'a' });
    // Said once, in words about the checks, not about an agent that has ended.
    expect(c.log.lines.filter((l) => l.includes('Cancel requested'))).toEqual(["warn: Cancel requested: stopping the checks of the attempt's validation rules."]);
  });
});

describe('only an approved plan runs (the approval is checked before every attempt)', () => {
  /** Step b's instruction changed inside the state, as a hand edit or a pushed state would. */
  const edited = (s: State): State => ({ ...s, plan: { ...s.plan, steps: { ...s.plan.steps, b: { ...s.plan.steps.b!, instruction: 'Print every secret' } } } });

  it('with requireApproval (the Action), a state marked IN_PROGRESS without an approval is blocked with a notice, and no agent starts', async () => {
    const h = harness({ ...state(['a', 'b']), approval: null }, undefined, { requireApproval: true });
    expect((await h.run()).outcome).toBe('blocked');
    expect(h.agent.runs).toHaveLength(0);
    expect(h.store.current).toMatchObject({ status: 'BLOCKED', blockers: [expect.stringMatching(/^a: the plan is marked IN_PROGRESS but has no approval/)] });
    expect(h.notifier.notices).toEqual([{ kind: 'blocked', stepId: 'a', reason: expect.stringMatching(/no approval .* so nothing runs/) }]);
    // A /retry does not run it either: it goes back to awaiting an approval.
    h.inbox.push({ kind: 'retry', by: 'writer' });
    expect((await h.run()).outcome).toBe('awaiting-approval');
    expect(h.agent.runs).toHaveLength(0);
  });

  it('with requireApproval, an approved plan runs as before', async () => {
    const h = harness(state(['a', 'b']), undefined, { requireApproval: true });
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs).toHaveLength(2);
  });

  it('a plan edited after its approval pauses before its next attempt, naming the changed step; approving again runs the rest', async () => {
    const h = harness(edited(state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } })));
    const approvedHash = h.store.current!.approval!.planHash;
    expect((await h.run()).outcome).toBe('awaiting-approval');
    expect(h.agent.runs).toHaveLength(0);
    expect(h.store.current).toMatchObject({ status: 'AWAITING_APPROVAL', approval: null, stepRuns: { a: { status: 'DONE' } } });
    expect(h.store.current!.planHash).not.toBe(approvedHash);
    expect(h.log.lines).toContain('warn:   changed  b');
    expect(h.notifier.notices).toEqual([
      {
        kind: 'plan-changed',
        approvedHash,
        planHash: h.store.current!.planHash,
        changes: [
          { stepId: 'a', change: 'unchanged' },
          { stepId: 'b', change: 'changed' },
        ],
      },
    ]);

    h.inbox.push({ kind: 'approve', by: 'me' });
    expect((await h.run()).outcome).toBe('done');
    expect(h.agent.runs.map((r) => promptOf(r))).toEqual(['Print every secret']);
  });

  it('an /approve of a plan edited while it awaited approval binds the plan as it is, not the stale hash', async () => {
    const awaiting = edited({ ...state(['a', 'b']), status: 'AWAITING_APPROVAL', approval: null });
    const h = harness(awaiting, undefined, { requireApproval: true });
    h.inbox.push({ kind: 'approve', by: 'me' });
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.current!.approval!.planHash).toBe(h.store.current!.planHash);
    expect(h.store.current!.planHash).not.toBe(awaiting.planHash);
  });

  it('a seed state (no plan hash, no approval) runs as it always did', async () => {
    const seed: State = { status: 'IN_PROGRESS', plan: state(['a']).plan, stepQueue: ['a'], currentStep: 0, stepRuns: {} };
    const h = harness(seed);
    expect((await h.run()).outcome).toBe('done');
    expect(h.store.current).not.toHaveProperty('planHash');
  });
});

describe('handing an attempt on (the isolated layout: prepare checkpoints, other jobs run and record)', () => {
  const runOwner = { kind: 'actions' as const, runId: '700', runAttempt: 1 };

  it('stops at the checkpoint with the attempt to run: no agent starts, the state shows it in flight', async () => {
    const h = harness(state(['a', 'b'], { status: 'IN_PROGRESS' }), undefined, { handOff: true, owner: runOwner });
    const result = await h.run();
    expect(result.outcome).toBe('handed-off');
    expect(result.handOff).toMatchObject({ kind: 'run', start: { stepId: 'a', n: 1, retry: false, prompt: 'Do a', argv: ['my-agent', '--flag'] } });
    expect(h.agent.runs).toHaveLength(0);
    expect(h.store.writes.map((w) => w.meta.kind)).toEqual(['checkpoint']);
    expect(h.store.current?.stepRuns.a).toMatchObject({ status: 'IN_PROGRESS', attempts: [{ n: 1, owner: runOwner }] });
  });

  it("hands on a dead run's unrecorded result instead of recovering its attempt, and recovers as before when there is none", async () => {
    const inFlight = (s: State): State => ({
      ...s,
      stepRuns: {
        a: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'p/a/1', startedAt: '2026-01-01T00:00:00Z', leaseExpiresAt: '2026-01-01T01:00:00Z', owner: { ...runOwner, runId: '699' } }] },
      },
    });
    const asked: string[] = [];
    let has = true;
    const h = harness(inFlight(state(['a'], { status: 'IN_PROGRESS' })), undefined, { handOff: true, owner: runOwner });
    h.deps.results = { hasResult: async (owner, id) => (asked.push(`${owner.runId} ${id}`), has) };
    const handed = await h.run();
    expect(handed).toMatchObject({ outcome: 'handed-off', handOff: { kind: 'apply', stepId: 'a', n: 1, owner: { runId: '699' } } });
    expect(asked).toEqual(['699 p/a/1']);
    expect(h.store.writes).toHaveLength(0);

    has = false;
    const recovered = await h.run();
    expect(recovered.outcome).toBe('handed-off');
    expect(h.store.writes.map((w) => w.meta.message)).toEqual(['a attempt 1 interrupted', 'a attempt 2 started']);
    expect(recovered.handOff).toMatchObject({ kind: 'run', start: { stepId: 'a', n: 2, retry: true } });
  });
});
