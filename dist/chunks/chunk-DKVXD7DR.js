import {
  statusOf
} from "./chunk-7JWXCA3G.js";
import {
  ConfigError,
  describeError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/github/workflow-ref.ts
var PATTERN = /^([^/\s]+\/[^/\s]+)\/(\.github\/workflows\/([^/@\s]+\.ya?ml))@(\S+)$/;
function parseWorkflowRef(value) {
  let m = PATTERN.exec((value ?? "").trim());
  return m ? { repository: m[1], path: m[2], file: m[3], ref: m[4] } : null;
}
function workflowFileFromRef(value) {
  return parseWorkflowRef(value)?.file ?? null;
}

// src/adapters/github/workflow-dispatch.ts
async function dispatchWorkflow(spec) {
  let { client, owner, repo, workflow, ref } = spec;
  try {
    await client.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: workflow, ref, inputs: spec.inputs ?? {} });
  } catch (err) {
    let hint = HINTS[statusOf(err) ?? 0];
    throw hint ? new ConfigError(`Could not dispatch workflow ${showValue(String(workflow))} on ref ${showValue(ref)} in ${owner}/${repo}: ${describeError(err)}`, hint) : err;
  }
}
var HINTS = {
  403: "The token needs the actions: write permission to dispatch workflows (or a rate limit was hit; try again later).",
  404: "Expected a workflow file name or id that exists on that ref.",
  422: "Expected an enabled workflow with a workflow_dispatch trigger that declares every input sent."
};

// src/action/continuation.ts
async function continuePlan(ctx, inputs, client, log, planId, why) {
  let workflow = inputs.continueWorkflow ?? workflowFileFromRef(ctx.workflowRef);
  if (!workflow) {
    log.warn(`The workflow file is unknown, so no run was dispatched ${why}: the next scheduled run continues.`);
    return;
  }
  try {
    await dispatchWorkflow({ client: await client(), owner: ctx.owner, repo: ctx.repo, workflow, ref: ctx.ref || "main", inputs: { command: "tick", "plan-id": planId } }), log.info(`Dispatched ${workflow} ${why}.`);
  } catch (err) {
    log.warn(`Could not dispatch ${workflow} ${why} (${describeError(err)}); the next scheduled run continues.`);
  }
}

export {
  continuePlan
};
