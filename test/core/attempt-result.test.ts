// result.json comes from the job where the agent ran: apply reads it as untrusted input. It is
// read back exactly as an agent job writes it, and everything else is refused with the field,
// the value and what was expected, never cut or guessed at.
import { describe, expect, it } from 'vitest';
import { formatAttemptResult, parseAttemptResult, RESULT_LIMITS, type AttemptResultRecord } from '../../src/core/isolation/attempt-result.js';

const ID = 'issue-7/step-1/1';
const record: AttemptResultRecord = {
  v: 1,
  attemptId: ID,
  agent: { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: 'done\n', stderr: '', outputBytes: 5, durationMs: 1234 },
  checks: [{ argv: ['npm', 'test'], result: { exitCode: 1, stdout: 'FAIL', stderr: '', timedOut: false } }],
  changes: true,
};
const withAgent = (agent: Record<string, unknown>) => JSON.stringify({ ...record, agent: { ...record.agent, ...agent } });

describe('parseAttemptResult', () => {
  it('reads back what an agent job writes, optional fields included', () => {
    expect(parseAttemptResult(formatAttemptResult(record), ID)).toEqual({ ok: true, record });
    const stopped = { ...record, agent: { ...record.agent, exitCode: null, signal: 'SIGTERM', cancelled: true, stoppedBy: 'signal' as const, spawnError: 'x' } };
    expect(parseAttemptResult(formatAttemptResult(stopped), ID)).toEqual({ ok: true, record: stopped });
    const used = {
      ...stopped,
      usage: { model: 'claude-sonnet-4-5', inputTokens: 10, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.01, isError: false, source: 'stream' as const, complete: false },
      wallMs: 5000,
      overBudget: 'stopped: its tokens passed the token budget of step step-1',
    };
    expect(parseAttemptResult(formatAttemptResult(used), ID)).toEqual({ ok: true, record: used });
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{', /result.json is not JSON/],
    ['another attempt', JSON.stringify({ ...record, attemptId: 'issue-7/step-1/2' }), /attemptId is "issue-7\/step-1\/2"; expected "issue-7\/step-1\/1", the attempt this job records/],
    ['another version', JSON.stringify({ ...record, v: 9 }), /v is 9; expected 1/],
    ['an extra field', JSON.stringify({ ...record, verdict: 'succeeded' }), /the document.verdict is "succeeded"; expected no such field/],
    ['a missing field', JSON.stringify({ ...record, changes: undefined }), /the document.changes is undefined; expected a value/],
    ['an exit code as text', withAgent({ exitCode: '0' }), /agent.exitCode is "0"; expected a whole number from -255 to 255/],
    ['a signal that is not one', withAgent({ exitCode: null, signal: '$(id)' }), /agent.signal is "\$\(id\)"; expected a signal name/],
    ['output longer than the state keeps', withAgent({ stdout: 'x'.repeat(RESULT_LIMITS.agentText + 1) }), /agent.stdout .*expected at most 16384 characters/],
    ['a start error longer than an error is kept', withAgent({ exitCode: null, spawnError: 'e'.repeat(RESULT_LIMITS.spawnError + 1) }), /agent.spawnError .*expected at most 4096 characters/],
    ['a negative duration', withAgent({ durationMs: -1 }), /agent.durationMs is -1/],
    ['a check without argv', JSON.stringify({ ...record, checks: [{ argv: [], result: record.checks[0]!.result }] }), /checks\[0\].argv is \[\]; expected a list of 1 to 256 strings/],
    ['too many checks', JSON.stringify({ ...record, checks: Array(101).fill(record.checks[0]) }), /checks is "101 entries"; expected a list of at most 100/],
    ['changes as a string', JSON.stringify({ ...record, changes: 'yes' }), /changes is "yes"; expected true or false/],
    [
      'a usage the state could not hold',
      JSON.stringify({ ...record, usage: { inputTokens: 1e15, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false, source: 'stream', complete: true } }),
      /usage.inputTokens must be a whole number of tokens from 0 to 1000000000000/,
    ],
    [
      'a usage model on two lines',
      JSON.stringify({ ...record, usage: { model: 'a\nb', inputTokens: 1, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false, source: 'file', complete: true } }),
      /usage.model must be a single line/,
    ],
    ['a wall time past any attempt', JSON.stringify({ ...record, wallMs: RESULT_LIMITS.durationMs + 1 }), /wallMs is \d+; expected a whole number from 0 to/],
  ])('refuses %s', (_name, text, message) => {
    const parsed = parseAttemptResult(text, ID);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});
