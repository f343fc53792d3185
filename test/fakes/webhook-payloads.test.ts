import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueCommentCreated, issueCommentEdited, issuesLabeled, issuesOpened, schedule, workflowDispatch, workflowRunCompleted, writeEventFile } from './webhook-payloads.js';
import { assertWebhookPayload, webhookProblems } from './webhook-schemas.js';

const raw: Array<{ name: string; examples: Array<Record<string, unknown>> }> = createRequire(import.meta.url)('@octokit/webhooks-examples');
const original = (name: string, action: string) => raw.find((d) => d.name === name)!.examples.find((e) => e.action === action)!;

/** Sorted key paths two levels deep: the "shape" a router relies on. */
function shape(value: unknown, depth = 2, prefix = ''): string[] {
  if (depth === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.keys(value)
    .flatMap((k) => [prefix + k, ...shape((value as Record<string, unknown>)[k], depth - 1, `${prefix}${k}.`)])
    .sort();
}

describe('webhook payloads from @octokit/webhooks-examples', () => {
  it('issue_comment.created keeps the example shape with the overrides applied', () => {
    const p = issueCommentCreated({ owner: 'octo-org', repo: 'octo-repo', issueNumber: 42, commentId: 9001, body: '/approve delay=2', login: 'alice', association: 'MEMBER' });
    // Every key of the example, plus the ones GitHub added since it was recorded.
    expect(shape(p)).toEqual(expect.arrayContaining(shape(original('issue_comment', 'created'))));
    expect(shape(p)).toEqual(expect.arrayContaining(['issue.reactions', 'comment.reactions', 'repository.visibility']));
    expect(p.action).toBe('created');
    expect(p.issue.number).toBe(42);
    expect(p.comment).toMatchObject({ id: 9001, body: '/approve delay=2', user: { login: 'alice' }, author_association: 'MEMBER' });
    expect(p.comment.html_url).toBe('https://github.com/octo-org/octo-repo/issues/42#issuecomment-9001');
    expect(p.comment.issue_url).toBe('https://api.github.com/repos/octo-org/octo-repo/issues/42');
    expect(p.repository).toMatchObject({ full_name: 'octo-org/octo-repo', name: 'octo-repo', owner: { login: 'octo-org' } });
    expect(p.sender.login).toBe('alice');
  });

  it('returns deep copies: changing one payload leaves the example and the next payload alone', () => {
    const example = original('issue_comment', 'created') as { comment: { user: { login: string } }; repository: { owner: { login: string } } };
    const exampleLogin = example.comment.user.login;
    const a = issueCommentCreated({ body: 'one' });
    a.comment.user.login = 'changed';
    a.repository.owner.login = 'changed';
    expect(example.comment.user.login).toBe(exampleLogin);
    expect(example.repository.owner.login).not.toBe('changed');
    const b = issueCommentCreated();
    expect(b.comment.user.login).toBe(exampleLogin);
    expect(b.repository.owner.login).not.toBe('changed');
  });

  it('issue_comment.edited records the previous body in changes', () => {
    const p = issueCommentEdited({ issueNumber: 5, body: '/cancel', previousBody: '/approve', login: 'bob', sender: 'carol' });
    expect(shape(p)).toEqual(shape(original('issue_comment', 'edited')));
    expect(p.action).toBe('edited');
    expect(p.changes).toEqual({ body: { from: '/approve' } });
    expect(p.comment.body).toBe('/cancel');
    expect(p.sender.login).toBe('carol');
  });

  it('issues.opened and issues.labeled carry the issue, labels and repository', () => {
    const opened = issuesOpened({ owner: 'o', repo: 'r', issueNumber: 12, title: 'Research X', issueBody: 'do it', sender: 'dana' });
    expect(shape(opened)).toEqual(shape(original('issues', 'opened')));
    expect(opened).toMatchObject({ action: 'opened', issue: { number: 12, title: 'Research X', body: 'do it', user: { login: 'dana' } }, repository: { full_name: 'o/r' }, sender: { login: 'dana' } });

    const labeled = issuesLabeled({ owner: 'o', repo: 'r', issueNumber: 12, label: 'sequencer', labels: ['bug', 'sequencer'] });
    expect(shape(labeled)).toEqual(shape(original('issues', 'labeled')));
    expect(labeled.action).toBe('labeled');
    expect(labeled.label?.name).toBe('sequencer');
    expect(labeled.issue.labels?.map((l) => l.name)).toEqual(['bug', 'sequencer']);
    expect(labeled.issue.html_url).toBe('https://github.com/o/r/issues/12');
  });

  it('writes an event file a runner-style process can read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'webhook-payloads-'));
    try {
      const file = await writeEventFile(dir, issueCommentCreated({ body: '/status' }));
      const back = JSON.parse(await readFile(file, 'utf8')) as { comment: { body: string } };
      expect(back.comment.body).toBe('/status');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const local = { owner: 'octo-org', repo: 'octo-repo', apiUrl: 'http://127.0.0.1:40123' };
  it.each([
    [
      'issue_comment',
      'created, with every override',
      () => issueCommentCreated({ ...local, issueNumber: 42, commentId: 9001, body: '/approve', login: 'alice', association: 'MEMBER', labels: ['sequencer'] }),
    ],
    ['issue_comment', 'created, as the example has it', () => issueCommentCreated()],
    ['issue_comment', 'edited', () => issueCommentEdited({ ...local, issueNumber: 5, body: '/cancel', previousBody: '/approve', login: 'bob', sender: 'carol' })],
    ['issues', 'opened', () => issuesOpened({ ...local, issueNumber: 12, title: 'Research X', issueBody: 'do it', sender: 'dana', labels: ['sequencer'] })],
    ['issues', 'labeled', () => issuesLabeled({ ...local, issueNumber: 12, label: 'sequencer', labels: ['bug', 'sequencer'] })],
    ['workflow_dispatch', 'with inputs', () => workflowDispatch({ inputs: { plan: 'issue-42', command: 'tick' }, sender: 'erin' })],
    ['schedule', 'with the repository', () => schedule()],
    ['workflow_run', 'completed, failed', () => workflowRunCompleted({ runId: 7, conclusion: 'failure' })],
    ['workflow_run', 'completed, cancelled', () => workflowRunCompleted({ runId: 8, conclusion: 'cancelled', event: 'schedule' })],
  ] as const)('%s (%s) meets GitHub’s webhook schema', (event, _how, build) => {
    expect(webhookProblems(event, build())).toEqual([]);
  });

  it('names what a payload GitHub would never send gets wrong', () => {
    const broken = issueCommentCreated({ body: '/approve' }) as unknown as { issue: Record<string, unknown>; comment: Record<string, unknown> };
    broken.issue.number = '42';
    delete broken.comment.user;
    expect(webhookProblems('issue_comment', broken)).toEqual(
      expect.arrayContaining(['payload/issue/number must be integer (schema #/properties/number/type)', 'payload/comment is missing required "user"']),
    );
    expect(() => assertWebhookPayload('issue_comment', broken)).toThrow(/^issue_comment payload does not match @octokit\/webhooks-schemas:\n- payload/);
    expect(() => webhookProblems('issues', { ...issuesOpened(), action: 'exploded' })).toThrow('@octokit/webhooks-schemas has no schema "issues$exploded"');
  });

  it('workflow_dispatch and schedule carry the inputs, ref, workflow and repository', () => {
    const dispatch = workflowDispatch({ inputs: { plan: 'issue-42' }, sender: 'erin' });
    expect(dispatch).toMatchObject({
      inputs: { plan: 'issue-42' },
      ref: 'refs/heads/main',
      workflow: '.github/workflows/sequencer.yml',
      sender: { login: 'erin' },
      repository: { full_name: 'octo-org/octo-repo' },
    });
    expect(schedule()).toEqual({ schedule: '*/10 * * * *', workflow: '.github/workflows/sequencer.yml', repository: dispatch.repository, organization: dispatch.organization });
  });
});
