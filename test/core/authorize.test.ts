import { describe, expect, it } from 'vitest';
import { MAX_REFUSAL_REACTIONS, decidePermission, gateActor, gateComment, parseApprovers, refusalAnswers, type CommentFacts, type Gate } from '../../src/core/trust/authorize.js';

const base: CommentFacts = { action: 'created', issueNumber: 7, login: 'octocat', userType: 'User', association: 'MEMBER' };
const policy = { planIssue: 7, approvers: [] as string[] };

describe('gateComment', () => {
  it.each([
    ['edited comments are ignored', { action: 'edited' }, 'ignore'],
    ['deleted comments are ignored', { action: 'deleted' }, 'ignore'],
    ['comments on another issue are ignored', { issueNumber: 8 }, 'ignore'],
    ['bots are ignored', { login: 'renovate[bot]', userType: 'Bot' }, 'ignore'],
    // A private member of the organisation with write access shows up as any of these.
    ['NONE goes to the permission API', { association: 'NONE' }, 'check-permission'],
    ['CONTRIBUTOR goes to the permission API', { association: 'CONTRIBUTOR' }, 'check-permission'],
    ['FIRST_TIME_CONTRIBUTOR goes to the permission API', { association: 'FIRST_TIME_CONTRIBUTOR' }, 'check-permission'],
    ['FIRST_TIMER goes to the permission API', { association: 'FIRST_TIMER' }, 'check-permission'],
    ['an association GitHub may add later goes to the permission API', { association: 'SOMETHING_NEW' }, 'check-permission'],
    ['MANNEQUIN (no account) is denied without an API call', { association: 'MANNEQUIN' }, 'deny'],
    ['MEMBER goes to the permission API', {}, 'check-permission'],
    ['OWNER goes to the permission API', { association: 'OWNER' }, 'check-permission'],
    ['COLLABORATOR goes to the permission API', { association: 'COLLABORATOR' }, 'check-permission'],
  ] as const)('%s', (_name, over, kind) => {
    expect(gateComment({ ...base, ...over }, policy).kind).toBe(kind);
  });

  it('an approvers list narrows the writers: a listed login still needs write permission, others are denied at once', () => {
    expect(gateComment({ ...base, login: 'Alice', association: 'NONE' }, { planIssue: 7, approvers: ['alice'] }).kind).toBe('check-permission');
    expect(gateComment({ ...base, login: 'bob' }, { planIssue: 7, approvers: ['alice'] })).toMatchObject({ kind: 'deny', reason: expect.stringMatching(/approvers list/) });
  });
});

describe('gateActor: one decision, with one reason, whichever path asks who may act', () => {
  const approvers = ['listed-reader', 'Listed-App[bot]', 'listed-mannequin'];
  // An issue event's sender asks to have a request drafted: its login and `sender.type`, no association.
  const sender = (login: string, userType = 'User'): Gate => gateActor({ login, userType, association: '' }, approvers);
  // The same login's command comment, on the plan's issue.
  const commenter = (login: string, userType = 'User', association = 'NONE'): Gate => gateComment({ ...base, login, userType, association }, { planIssue: 7, approvers });

  it.each<[string, string, string, Gate]>([
    [
      'a non-writer the approvers list leaves out is refused for that, with no permission asked',
      'drive-by',
      'User',
      { kind: 'deny', reason: 'only the logins in the approvers list may command this plan' },
    ],
    ['a bot by its type is ignored, with write permission or not', 'deploy-app', 'Bot', { kind: 'ignore', reason: 'deploy-app is a bot' }],
    ['a bot by its login is ignored, even on the approvers list', 'listed-app[bot]', 'User', { kind: 'ignore', reason: 'listed-app[bot] is a bot' }],
    ['a listed non-writer is asked about, so the permission answer gives the reason', 'listed-reader', 'User', { kind: 'check-permission' }],
  ])('%s', (_name, login, userType, gate) => {
    expect(sender(login, userType)).toEqual(gate);
    expect(commenter(login, userType)).toEqual(gate);
  });

  it('in that order: nobody named, a bot, the approvers list, a mannequin, then the permission API', () => {
    expect(gateActor({ login: '', userType: 'Bot', association: 'MANNEQUIN' }, approvers)).toEqual({ kind: 'deny', reason: 'the event names no sender' });
    expect(commenter('ghost-import', 'Bot', 'MANNEQUIN')).toMatchObject({ kind: 'ignore' });
    expect(commenter('ghost-import', 'User', 'MANNEQUIN')).toEqual({ kind: 'deny', reason: 'only the logins in the approvers list may command this plan' });
    expect(commenter('listed-mannequin', 'User', 'MANNEQUIN')).toEqual({ kind: 'deny', reason: 'commands need write access to this repository (your association: MANNEQUIN)' });
    expect(gateActor({ login: 'listed-mannequin', userType: 'User', association: 'MANNEQUIN' }, approvers)).toEqual(commenter('listed-mannequin', 'User', 'MANNEQUIN'));
  });
});

describe('decidePermission', () => {
  it.each([
    ['admin', undefined, 'allow'],
    ['write', 'maintain', 'allow'],
    ['write', undefined, 'allow'],
    ['read', 'triage', 'deny'],
    ['read', undefined, 'deny'],
    ['none', 'none', 'deny'],
    [undefined, undefined, 'deny'],
  ] as const)('%s/%s → %s', (permission, role, kind) => {
    expect(decidePermission('u', permission, role).kind).toBe(kind);
  });
});

it('parses approvers lists', () => {
  expect(parseApprovers(' @alice, bob\ncarol ')).toEqual(['alice', 'bob', 'carol']);
});

describe('refusalAnswers', () => {
  const cmd = (by: string, unauthorized = true) => ({ command: { by }, ...(unauthorized ? { unauthorized } : {}) });
  const fresh = { answered: new Set<string>(), reactions: 0 };

  it('a person without permission gets one reply per tick, then reactions; others are always answered', () => {
    const items = [cmd('mallory'), cmd('Mallory'), cmd('eve'), cmd('writer', false), cmd('writer', false), cmd('mallory'), cmd('eve')];
    const { answers, budget } = refusalAnswers(items, fresh);
    expect(answers).toEqual(['reply', 'react', 'reply', 'reply', 'reply', 'react', 'react']);
    expect(budget).toEqual({ answered: new Set(['mallory', 'eve']), reactions: 3 });
  });

  it('who was answered earlier in the tick gets reactions only', () => {
    expect(refusalAnswers([cmd('mallory'), cmd('eve')], { answered: new Set(['mallory']), reactions: 0 }).answers).toEqual(['react', 'reply']);
  });

  it(`150 refused commands from 3 people cost 3 replies and ${MAX_REFUSAL_REACTIONS} reactions; later batches of the tick no more`, () => {
    const items = Array.from({ length: 150 }, (_, i) => cmd(['a', 'b', 'c'][i % 3]!));
    const first = refusalAnswers(items, fresh);
    expect(first.answers.filter((a) => a === 'reply')).toHaveLength(3);
    expect(first.answers.filter((a) => a === 'react')).toHaveLength(MAX_REFUSAL_REACTIONS);
    expect(refusalAnswers([cmd('a'), cmd('d'), cmd('writer', false)], first.budget).answers).toEqual(['none', 'reply', 'reply']);
  });
});

it('says "no permission" for a login without any', () => {
  expect(decidePermission('drive-by', 'none')).toMatchObject({ kind: 'deny', reason: 'commands need write, maintain or admin permission; drive-by has no permission' });
});
