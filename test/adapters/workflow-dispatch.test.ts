// dispatchWorkflow against the fake GitHub server's dispatch endpoint.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../src/adapters/github/github-client.js';
import { dispatchWorkflow, workflowFileFromRef } from '../../src/adapters/github/workflow-dispatch.js';
import { ConfigError } from '../../src/core/errors.js';
import { DEFAULT_WORKFLOW, startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';
import { MemoryLog } from '../fakes/ports.js';

let fake: FakeGitHub;
let client: GitHubClient;

beforeEach(async () => {
  fake = await startFakeGitHub();
  client = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retries: 0, log: new MemoryLog() });
});

afterEach(async () => {
  await fake.close();
});

describe('dispatchWorkflow', () => {
  it('dispatches the workflow named by GITHUB_WORKFLOW_REF with ref and inputs', async () => {
    const workflow = workflowFileFromRef(`octo-org/octo-repo/${DEFAULT_WORKFLOW.path}@refs/heads/main`)!;
    await dispatchWorkflow({ client, owner: fake.owner, repo: fake.repo, workflow, ref: 'main', inputs: { command: 'tick', 'plan-id': 'issue-42' } });
    await dispatchWorkflow({ client, owner: fake.owner, repo: fake.repo, workflow: DEFAULT_WORKFLOW.id, ref: 'refs/heads/main' });
    expect(fake.dispatches).toEqual([
      { workflowId: DEFAULT_WORKFLOW.id, workflowPath: DEFAULT_WORKFLOW.path, ref: 'main', inputs: { command: 'tick', 'plan-id': 'issue-42' }, at: expect.any(String) },
      { workflowId: DEFAULT_WORKFLOW.id, workflowPath: DEFAULT_WORKFLOW.path, ref: 'refs/heads/main', inputs: {}, at: expect.any(String) },
    ]);
  });

  it('turns refusals the user must fix into ConfigErrors naming the workflow and ref', async () => {
    const missing = dispatchWorkflow({ client, owner: fake.owner, repo: fake.repo, workflow: 'nope.yml', ref: 'main' });
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(/Could not dispatch workflow "nope.yml" on ref "main" in octo-org\/octo-repo/);

    fake.setWorkflowState(DEFAULT_WORKFLOW.id, 'disabled_manually');
    const disabled = dispatchWorkflow({ client, owner: fake.owner, repo: fake.repo, workflow: 'sequencer.yml', ref: 'main' });
    await expect(disabled).rejects.toMatchObject({ hint: expect.stringMatching(/enabled workflow with a workflow_dispatch trigger/) });
    expect(fake.dispatches).toHaveLength(0);
  });

  it('passes other failures through unchanged', async () => {
    fake.faults.next(1, 500);
    await expect(dispatchWorkflow({ client, owner: fake.owner, repo: fake.repo, workflow: 'sequencer.yml', ref: 'main' })).rejects.toMatchObject({ status: 500 });
  });
});
