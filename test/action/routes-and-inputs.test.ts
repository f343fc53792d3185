// Event routing and inputs for the trust rules, with real webhook payloads: `/draft` is a route
// of its own only as a comment's first line at column 0 on a labelled issue, the issue author
// travels with a proposal, and `allow-untrusted-plan-commands` is a strict boolean.
import { describe, expect, it } from 'vitest';
import { routeEvent } from '../../src/action/events.js';
import { parseInputs, type ActionInputs } from '../../src/action/inputs.js';
import { issueCommentCreated, issuesOpened, workflowRunCompleted } from '../fakes/webhook-payloads.js';

const inputs = (raw: Record<string, string> = {}): ActionInputs => parseInputs((name) => ({ 'github-token': 't', ...raw })[name] ?? '');

describe('allow-untrusted-plan-commands', () => {
  it('is false unless set to true, and a bad value names the input, the value and what is expected', () => {
    expect(inputs().allowUntrustedPlanCommands).toBe(false);
    expect(inputs({ 'allow-untrusted-plan-commands': 'TRUE' }).allowUntrustedPlanCommands).toBe(true);
    expect(inputs({ 'allow-untrusted-plan-commands': 'false' }).allowUntrustedPlanCommands).toBe(false);
    expect(() => inputs({ 'allow-untrusted-plan-commands': 'yes' })).toThrow(`Invalid input 'allow-untrusted-plan-commands': "yes". Expected "true" or "false".`);
  });
});

describe('routes', () => {
  const comment = (body: string, labels = ['sequencer']) =>
    routeEvent('issue_comment', issueCommentCreated({ issueNumber: 5, commentId: 77, body, login: 'maria', labels, issueBody: 'Do the work', title: 'Work' }), inputs());

  it('/draft as the first line at column 0 on a labelled issue is a draft route with the request', () => {
    for (const body of ['/draft', '/draft  \nplease', '/draft\r\nthanks']) {
      expect(comment(body)).toMatchObject({ kind: 'draft', issueNumber: 5, title: 'Work', body: 'Do the work', comment: { id: 77, login: 'maria', body } });
    }
  });

  it('anything else goes to the plan tick or is ignored', () => {
    // Commands start at column 0: an indented line is not one (the inbox would not count it either).
    expect(comment('  /draft')).toMatchObject({ kind: 'ignore' });
    expect(comment('/drafts')).toMatchObject({ kind: 'comment' });
    expect(comment('/draft now')).toMatchObject({ kind: 'comment' });
    expect(comment('/draft', ['bug'])).toMatchObject({ kind: 'ignore', reason: '/draft on issue #5 without the "sequencer" label' });
  });

  it('tick dispatched without a plan id is the heartbeat; with one, a dispatch for that plan', () => {
    const dispatched = (given: Record<string, string>) => routeEvent('workflow_dispatch', { inputs: given, sender: { login: 'maria' } }, inputs());
    expect(dispatched({ command: 'tick' })).toEqual({ kind: 'tick-active' });
    expect(dispatched({ command: 'tick', 'plan-id': 'nightly' })).toMatchObject({ kind: 'dispatch', command: 'tick', planId: 'nightly', actor: 'maria' });
    expect(dispatched({ command: 'status', 'plan-id': 'nightly' })).toMatchObject({ kind: 'dispatch', command: 'status' });
  });

  it('a proposal carries the issue author besides the sender, and both account types (an App is a Bot)', () => {
    const payload = issuesOpened({ issueNumber: 9, labels: ['sequencer'], sender: 'opener' });
    expect(routeEvent('issues', payload, inputs())).toMatchObject({ kind: 'propose', issueNumber: 9, actor: 'opener', actorType: 'User', author: 'opener', authorType: 'User' });
    const byApp = issuesOpened({ issueNumber: 9, labels: ['sequencer'], sender: 'deploy-app[bot]', senderType: 'Bot' });
    expect(routeEvent('issues', byApp, inputs())).toMatchObject({ kind: 'propose', actor: 'deploy-app[bot]', actorType: 'Bot', author: 'deploy-app[bot]', authorType: 'Bot' });
  });

  it('/draft carries who wrote it as the command gate sees them; a bot, by its type or its [bot] login, asks for nothing', () => {
    const byMember = issueCommentCreated({ issueNumber: 5, commentId: 77, body: '/draft', login: 'maria', association: 'CONTRIBUTOR', labels: ['sequencer'] });
    expect(routeEvent('issue_comment', byMember, inputs())).toMatchObject({ kind: 'draft', authorType: 'User', comment: { login: 'maria', userType: 'User', association: 'CONTRIBUTOR' } });
    // On an issue an App opened, the drafted plan's author is the bot.
    byMember.issue.user = { ...byMember.issue.user, login: 'deploy-app[bot]', type: 'Bot' };
    expect(routeEvent('issue_comment', byMember, inputs())).toMatchObject({ kind: 'draft', author: 'deploy-app[bot]', authorType: 'Bot' });
    const byBot = (login: string, userType: 'User' | 'Bot') => {
      const payload = issueCommentCreated({ issueNumber: 5, commentId: 78, body: '/draft', login, labels: ['sequencer'] });
      payload.comment.user.type = userType;
      return routeEvent('issue_comment', payload, inputs());
    };
    expect(byBot('renovate', 'Bot')).toEqual({ kind: 'ignore', reason: 'comment by a bot' });
    expect(byBot('helper-app[bot]', 'User')).toEqual({ kind: 'ignore', reason: 'comment by a bot' });
  });
});

describe('workflow_run: a recovery heartbeat when a tick run ended unfinished', () => {
  it.each<[string, Parameters<typeof workflowRunCompleted>[0], string]>([
    ['failed', { runId: 7, conclusion: 'failure' }, 'tick-active'],
    ['cancelled', { runId: 7, conclusion: 'cancelled', event: 'schedule' }, 'tick-active'],
    ['timed out', { runId: 7, conclusion: 'timed_out', event: 'workflow_dispatch' }, 'tick-active'],
    ['succeeded', { runId: 7, conclusion: 'success' }, 'ignore'],
    ['itself a recovery run', { runId: 7, conclusion: 'failure', event: 'workflow_run' }, 'ignore'],
  ])('%s', (_name, run, kind) => {
    expect(routeEvent('workflow_run', workflowRunCompleted(run), inputs()).kind).toBe(kind);
  });
});
