import { describe, expect, it } from 'vitest';
import { decidePermission, gateComment, parseApprovers, type CommentFacts } from '../../src/core/trust/authorize.js';

const base: CommentFacts = { action: 'created', issueNumber: 7, login: 'octocat', userType: 'User', association: 'MEMBER' };
const policy = { planIssue: 7, approvers: [] as string[] };

describe('gateComment', () => {
  it.each([
    ['edited comments are ignored', { action: 'edited' }, 'ignore'],
    ['deleted comments are ignored', { action: 'deleted' }, 'ignore'],
    ['comments on another issue are ignored', { issueNumber: 8 }, 'ignore'],
    ['bots are ignored', { login: 'renovate[bot]', userType: 'Bot' }, 'ignore'],
    ['NONE is denied without an API call', { association: 'NONE' }, 'deny'],
    ['CONTRIBUTOR is denied without an API call', { association: 'CONTRIBUTOR' }, 'deny'],
    ['FIRST_TIME_CONTRIBUTOR is denied', { association: 'FIRST_TIME_CONTRIBUTOR' }, 'deny'],
    ['MEMBER goes to the permission API', {}, 'check-permission'],
    ['OWNER goes to the permission API', { association: 'OWNER' }, 'check-permission'],
    ['COLLABORATOR goes to the permission API', { association: 'COLLABORATOR' }, 'check-permission'],
  ] as const)('%s', (_name, over, kind) => {
    expect(gateComment({ ...base, ...over }, policy).kind).toBe(kind);
  });

  it('an approvers list decides alone, case-insensitively', () => {
    expect(gateComment({ ...base, login: 'Alice', association: 'NONE' }, { planIssue: 7, approvers: ['alice'] }).kind).toBe('allow');
    expect(gateComment({ ...base, login: 'bob' }, { planIssue: 7, approvers: ['alice'] })).toMatchObject({ kind: 'deny', reason: expect.stringMatching(/approvers list/) });
  });
});

describe('decidePermission', () => {
  it.each([
    ['admin', undefined, 'allow'],
    ['write', 'maintain', 'allow'],
    ['write', undefined, 'allow'],
    ['read', 'triage', 'deny'],
    ['read', undefined, 'deny'],
    ['none', undefined, 'deny'],
    [undefined, undefined, 'deny'],
  ] as const)('%s/%s → %s', (permission, role, kind) => {
    expect(decidePermission('u', permission, role).kind).toBe(kind);
  });
});

it('parses approvers lists', () => {
  expect(parseApprovers(' @alice, bob\ncarol ')).toEqual(['alice', 'bob', 'carol']);
});
