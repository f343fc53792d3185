// The attempt a prepare job hands to the agent and apply jobs: read back exactly as written, and
// every wrong field refused with its name, its value and what was expected.
import { describe, expect, it } from 'vitest';
import { formatAttemptDescriptor, parseAttemptDescriptor, resultRunId, type AttemptDescriptor } from '../../src/core/isolation/attempt-descriptor.js';

const good: AttemptDescriptor = {
  v: 1,
  planId: 'issue-42',
  stepId: 'step-2',
  n: 3,
  attemptId: 'issue-42/step-2/3',
  branch: 'sequencer/issue-42',
  commit: 'a'.repeat(40),
  runId: '9000000123',
  runAttempt: 1,
  retry: true,
  timeoutMs: 3_600_000,
};
const text = (o: Record<string, unknown>) => JSON.stringify(o);

describe('parseAttemptDescriptor', () => {
  it('reads back what formatAttemptDescriptor wrote, with and without the apply part', () => {
    expect(parseAttemptDescriptor(formatAttemptDescriptor(good))).toEqual(good);
    const applyOnly = { ...good, apply: { runId: '77' } };
    delete (applyOnly as Partial<AttemptDescriptor>).commit;
    expect(parseAttemptDescriptor(formatAttemptDescriptor(applyOnly))).toEqual(applyOnly);
    expect(resultRunId(applyOnly)).toBe('77');
    expect(resultRunId(good)).toBe('9000000123');
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{v:1', /Invalid input 'attempt': not JSON .*phase: prepare/],
    ['an array', '[]', /expected a JSON object/],
    ['another version', text({ ...good, v: 2 }), /field "v" is 2; expected 1/],
    ['an unknown field', text({ ...good, shell: 'rm -rf /' }), /field "shell" is "rm -rf \/"; expected no such field/],
    ['a plan id with a slash', text({ ...good, planId: '../x' }), /field "planId" is "..\/x"; expected letters, digits/],
    ['attempt 0', text({ ...good, n: 0 }), /field "n" is 0; expected a whole number from 1 to 10000/],
    ['an attempt id for another attempt', text({ ...good, attemptId: 'issue-42/step-2/2' }), /field "attemptId" is "issue-42\/step-2\/2"; expected "issue-42\/step-2\/3"/],
    ['a branch that is an option', text({ ...good, branch: '--upload-pack=x' }), /field "branch" is "--upload-pack=x"; expected a branch name/],
    ['a short commit id', text({ ...good, commit: 'abc123' }), /field "commit" is "abc123"; expected a full commit id/],
    ['no commit and no apply part', text({ ...good, commit: undefined }), /field "commit" is undefined; expected the checkpoint commit/],
    ['a run id that is not digits', text({ ...good, runId: '12; rm' }), /field "runId" is "12; rm"; expected a workflow run id/],
    ['retry as a string', text({ ...good, retry: 'yes' }), /field "retry" is "yes"; expected true or false/],
    ['a timeout of a week', text({ ...good, timeoutMs: 7 * 86_400_000 }), /field "timeoutMs" is 604800000; expected a whole number of milliseconds/],
    ['an apply part with more in it', text({ ...good, apply: { runId: '1', token: 'x' } }), /field "apply" is .*; expected an object \{ "runId"/],
    ['a huge text', 'x'.repeat(5000), /5000 characters; expected the JSON a prepare job writes/],
  ])('refuses %s', (_name, input, message) => {
    expect(() => parseAttemptDescriptor(input)).toThrow(message);
  });
});
