// Re-dispatching the sequencer's own workflow: a run that spent its budget with work left starts
// the next run at once instead of waiting for cron (GITHUB_TOKEN may trigger workflow_dispatch).
import { ConfigError, describeError, showValue } from '../../core/errors.js';
import { statusOf, type GitHubClient } from './github-client.js';

export { parseWorkflowRef, workflowFileFromRef, type WorkflowRef } from '../../core/github/workflow-ref.js';

export interface DispatchSpec {
  client: GitHubClient;
  owner: string;
  repo: string;
  /** Workflow file name (`sequencer.yml`) or numeric id. */
  workflow: string | number;
  /** Branch or tag the workflow runs from, e.g. `main` or `refs/heads/main`. */
  ref: string;
  inputs?: Record<string, string | number | boolean>;
}

/**
 * Throws ConfigError (with a hint) when GitHub refuses the dispatch for a reason the user must fix
 * (403, 404, 422); other failures (5xx after retries, network) are rethrown as they are.
 */
export async function dispatchWorkflow(spec: DispatchSpec): Promise<void> {
  const { client, owner, repo, workflow, ref } = spec;
  try {
    await client.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: workflow, ref, inputs: spec.inputs ?? {} });
  } catch (err) {
    const hint = HINTS[statusOf(err) ?? 0];
    if (!hint) throw err;
    throw new ConfigError(`Could not dispatch workflow ${showValue(String(workflow))} on ref ${showValue(ref)} in ${owner}/${repo}: ${describeError(err)}`, hint);
  }
}

const HINTS: Record<number, string> = {
  403: 'The token needs the actions: write permission to dispatch workflows (or a rate limit was hit; try again later).',
  404: 'Expected a workflow file name or id that exists on that ref.',
  422: 'Expected an enabled workflow with a workflow_dispatch trigger that declares every input sent.',
};
