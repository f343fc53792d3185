// What the agent declares in $SEQUENCER_RESULT_FILE is read bounded and validated, and the judge
// weighs it with the exit code and the contract: a declared failure fails even with exit 0, a
// declared completion must still pass the contract and exit 0.
import { describe, expect, it } from 'vitest';
import { finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { interpretResult, REASON_MAX_CHARS, RESULT_MAX_BYTES } from '../../src/core/tick/declared-result.js';
import { judgeAttempt, type JudgeContext } from '../../src/core/tick/judge-attempt.js';
import type { AgentResult, FileRead } from '../../src/ports.js';
import { T0, state } from '../fakes/states.js';

const text = (value: unknown): FileRead => ({ kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) });

describe('interpretResult', () => {
  it.each<[string, FileRead, ReturnType<typeof interpretResult>]>([
    ['no file', { kind: 'missing' }, { ok: true }],
    ['completed', text({ status: 'completed' }), { ok: true, declared: { status: 'completed' } }],
    ['failed with a reason', text({ status: 'failed', reason: 'the API said 503' }), { ok: true, declared: { status: 'failed', reason: 'the API said 503' } }],
    ['unknown fields are ignored', text({ status: 'overflow', reason: 'too big', extra: 1 }), { ok: true, declared: { status: 'overflow', reason: 'too big' } }],
    ['a reason on many lines becomes one', text({ status: 'cancelled', reason: 'stop\nfile\u001b[31m seen' }), { ok: true, declared: { status: 'cancelled', reason: 'stop file [31m seen' } }],
    ['runs of spaces in a reason become one', text({ status: 'failed', reason: '  the API \n  said   503 ' }), { ok: true, declared: { status: 'failed', reason: 'the API said 503' } }],
    ['a null reason', text({ status: 'failed', reason: null }), { ok: true, declared: { status: 'failed' } }],
    ['an unknown status', text({ status: 'done' }), { ok: false, error: 'the result in $SEQUENCER_RESULT_FILE has status "done"; expected one of completed, cancelled, overflow, failed' }],
    ['no status', text({ reason: 'x' }), { ok: false, error: 'the result in $SEQUENCER_RESULT_FILE has status undefined; expected one of completed, cancelled, overflow, failed' }],
    ['a reason that is no string', text({ status: 'failed', reason: { why: 1 } }), { ok: false, error: 'the result in $SEQUENCER_RESULT_FILE has a reason that is not a string ({"why":1})' }],
    ['not JSON', text('failed'), { ok: false, error: 'the result in $SEQUENCER_RESULT_FILE is not valid JSON; expected {"status": "completed" | "cancelled" | "overflow" | "failed", "reason": "…"}' }],
    ['an array', text([{ status: 'failed' }]), { ok: false, error: 'the result in $SEQUENCER_RESULT_FILE must be a JSON object with "status", got an array' }],
    [
      'too large',
      { kind: 'too-large', bytes: 20_000 },
      { ok: false, error: `the result in $SEQUENCER_RESULT_FILE is 20000 bytes, more than ${RESULT_MAX_BYTES}; expected {"status": …, "reason": …}` },
    ],
  ])('%s', (_name, read, expected) => {
    expect(interpretResult(read)).toEqual(expected);
  });

  it('cuts a long reason to REASON_MAX_CHARS', () => {
    const r = interpretResult(text({ status: 'failed', reason: 'x'.repeat(5000) }));
    expect(r.ok && r.declared?.reason?.length).toBe(REASON_MAX_CHARS);
    expect(r.ok && r.declared?.reason?.endsWith('…')).toBe(true);
  });
});

const agent = (over: Partial<AgentResult> = {}): AgentResult => ({ exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 5, ...over });
const ctx = (read: FileRead, missing: string[] = []): JudgeContext => ({
  requiredOutputs: ['out.md'],
  missingOutputs: async () => missing,
  timeoutMs: 60_000,
  logFile: 'log',
  readResult: async () => interpretResult(read),
});

describe('the judge with a declared result', () => {
  it.each<[string, Partial<AgentResult>, FileRead, string[], string, string | null]>([
    ['nothing declared, exit 0, contract met', {}, { kind: 'missing' }, [], 'succeeded', null],
    ['completed, exit 0, contract met', {}, text({ status: 'completed', reason: 'all done' }), [], 'succeeded', null],
    ['failed with exit 0', {}, text({ status: 'failed', reason: 'source unavailable' }), [], 'failed', 'the agent declared the attempt failed: source unavailable'],
    ['cancelled with exit 0', {}, text({ status: 'cancelled' }), [], 'failed', 'the agent declared the attempt cancelled (no reason given)'],
    [
      'overflow with exit 0 (the outcome overflow, routed by onOverflow)',
      {},
      text({ status: 'overflow', reason: 'the log is 2 GB' }),
      [],
      'overflow',
      'the agent declared the attempt overflow: the log is 2 GB',
    ],
    ['failed with exit 3', { exitCode: 3 }, text({ status: 'failed', reason: 'quota' }), [], 'failed', 'the agent declared the attempt failed: quota (exit code 3)'],
    ['completed but the contract is not met', {}, text({ status: 'completed' }), ['out.md'], 'failed', 'Missing required outputs: out.md'],
    ['completed but exit 1', { exitCode: 1, stderr: 'boom' }, text({ status: 'completed' }), [], 'failed', 'agent exited with code 1: boom (full log: log)'],
    [
      'an invalid declaration fails even with exit 0',
      {},
      text({ status: 'ok' }),
      [],
      'failed',
      'the result in $SEQUENCER_RESULT_FILE has status "ok"; expected one of completed, cancelled, overflow, failed',
    ],
  ])('%s', async (_name, over, read, missing, outcome, error) => {
    const verdict = await judgeAttempt(agent(over), ctx(read, missing));
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.error).toBe(error);
  });

  it('our own facts come first: a timeout stays a timeout whatever the agent declared', async () => {
    const verdict = await judgeAttempt(agent({ timedOut: true, exitCode: null, signal: 'SIGTERM' }), ctx(text({ status: 'completed' })));
    expect(verdict.outcome).toBe('timed_out');
  });

  it('is recorded on the attempt', async () => {
    const started = startAttempt(state(['build']), { stepId: 'build', n: 1, owner: { kind: 'local', host: 'h', pid: 1 }, now: T0, leaseMs: 1 }).state;
    const verdict = await judgeAttempt(agent(), ctx(text({ status: 'failed', reason: 'no data' })));
    const done = finishAttempt(started, 'build', verdict, T0).state;
    expect(done.stepRuns.build?.attempts?.[0]).toMatchObject({ outcome: 'failed', declared: { status: 'failed', reason: 'no data' } });
  });
});
