// A plan with work left is continued by dispatching the running workflow again for it, instead
// of waiting for cron: after a run spent its time budget, after an apply job recorded an attempt
// (the isolated layout runs one attempt per run), and for the plans a prepare job left to runs of
// their own. A dispatch that fails is a warning: the next scheduled run continues.
import { dispatchWorkflow, workflowFileFromRef } from '../adapters/github/workflow-dispatch.js';
import type { GitHubClient } from '../adapters/github/github-client.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { describeError } from '../core/errors.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';

/** Dispatches `tick` for `planId`; `why` ends the log line (`to continue issue-7`). */
export async function continuePlan(ctx: RunContext, inputs: ActionInputs, client: () => Promise<GitHubClient>, log: ToolkitLog, planId: string, why: string): Promise<void> {
  const workflow = inputs.continueWorkflow ?? workflowFileFromRef(ctx.workflowRef);
  if (!workflow) {
    log.warn(`The workflow file is unknown, so no run was dispatched ${why}: the next scheduled run continues.`);
    return;
  }
  try {
    await dispatchWorkflow({ client: await client(), owner: ctx.owner, repo: ctx.repo, workflow, ref: ctx.ref || 'main', inputs: { command: 'tick', 'plan-id': planId } });
    log.info(`Dispatched ${workflow} ${why}.`);
  } catch (err) {
    log.warn(`Could not dispatch ${workflow} ${why} (${describeError(err)}); the next scheduled run continues.`);
  }
}
