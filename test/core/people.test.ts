// Who asked for a plan and who approved it reach the agent: SEQUENCER_REQUESTER and
// SEQUENCER_APPROVER in its environment, {{requester}} and {{approver}} in its prompt.
import { describe, expect, it } from 'vitest';
import { newState } from '../../src/core/plan/new-state.js';
import { fillPeople, peopleEnv, peopleOf } from '../../src/core/tick/people.js';
import { tick } from '../../src/engine/index.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig } from '../fakes/ports.js';
import { state } from '../fakes/states.js';

describe('peopleOf', () => {
  const bare = { ...state(['a']), approval: null };
  const approved = { ...state(['a']), requestedBy: 'octo-author', approval: { by: 'octo-writer', at: '2026-01-01T00:00:00Z', planHash: 'sha256:x' } };
  it.each<[string, Parameters<typeof peopleOf>[0], string | undefined, ReturnType<typeof peopleOf>]>([
    ['both recorded', approved, undefined, { requester: 'octo-author', approver: 'octo-writer' }],
    ['both recorded, a local user does not override them', approved, 'alice', { requester: 'octo-author', approver: 'octo-writer' }],
    ['nothing recorded on GitHub', bare, undefined, {}],
    ['nothing recorded locally: the local user', bare, 'alice', { requester: 'alice', approver: 'alice' }],
    ['an approval without a requester', { ...bare, approval: approved.approval }, undefined, { approver: 'octo-writer' }],
  ])('%s', (_name, s, localUser, expected) => {
    expect(peopleOf(s, localUser)).toEqual(expected);
  });

  it('newState records who asked', () => {
    const s = newState({ steps: { a: { title: 'A', instruction: 'I' } } }, { planId: 'p', now: new Date(0), requestedBy: 'octo-author' });
    expect(s.requestedBy).toBe('octo-author');
  });
});

describe('fillPeople and peopleEnv', () => {
  it('fills known people and leaves unknown ones as written', () => {
    expect(fillPeople('Report to {{requester}}; approved by {{ approver }}.', { requester: 'a', approver: 'b' })).toBe('Report to a; approved by b.');
    expect(fillPeople('Report to {{requester}}; approved by {{approver}}.', { approver: 'b' })).toBe('Report to {{requester}}; approved by b.');
    expect(fillPeople('{{steps.x.payload.k}} {{requesters}}', { requester: 'a' })).toBe('{{steps.x.payload.k}} {{requesters}}');
  });
  it('names only the people known', () => {
    expect(peopleEnv({ requester: 'a', approver: 'b' })).toEqual({ SEQUENCER_REQUESTER: 'a', SEQUENCER_APPROVER: 'b' });
    expect(peopleEnv({})).toEqual({});
  });
});

describe('in an attempt', () => {
  it('the agent gets both in its environment and in its prompt', async () => {
    const s = state(['a'], {}, () => ({ instruction: 'Write to {{requester}}, cc {{approver}}' }));
    const initial = { ...s, requestedBy: 'octo-author', approval: { ...s.approval!, by: 'octo-writer' } };
    const workspace = new FakeWorkspace();
    const attemptFiles = new MemoryAttemptFiles();
    const agent = new FakeAgent(() => ({}), workspace, undefined, attemptFiles);
    const deps = {
      clock: new FakeClock(),
      store: new MemoryStore(initial),
      agent,
      workspace,
      owners: new FakeOwners('dead'),
      notifier: new RecordingNotifier(),
      log: new MemoryLog(),
      verifier: new FakeVerifier(workspace),
      attemptFiles,
    };
    await tick(deps, engineConfig());
    const spec = agent.runs[0]!;
    expect(spec.env).toMatchObject({ SEQUENCER_REQUESTER: 'octo-author', SEQUENCER_APPROVER: 'octo-writer' });
    expect(spec.argv.at(-1)).toMatch(/Write to octo-author, cc octo-writer$/);
  });
});

describe('requestedBy in a state file', () => {
  it('must be a name on one line', async () => {
    const { validateState } = await import('../../src/core/state/validate-state.js');
    const ok = validateState({ ...state(['a']), requestedBy: 'octo-author' });
    expect(ok.issues ?? []).toEqual([]);
    const bad = validateState({ ...state(['a']), requestedBy: 'a\nb' });
    expect(bad.issues).toContainEqual({ path: 'requestedBy', message: 'must be the login or user name of whoever asked for the plan (one line, at most 100 characters) or null, got "a\\nb"' });
  });
});
