import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  outputLinks,
  planBranch
} from "./chunk-F3VB5ZPW.js";
import {
  issuePlanId
} from "./chunk-75MK65DQ.js";
import {
  agentEnvironment
} from "./chunk-EBWX4HB2.js";
import {
  extractPlan,
  loadPlanText,
  planFromIssueBody,
  planFromRequest,
  replan
} from "./chunk-HOLRKC5J.js";
import {
  effectiveQueue,
  newState
} from "./chunk-W7NBZWFT.js";
import {
  ExecAgentRunner
} from "./chunk-S5G3NAIY.js";
import "./chunk-N4W2AMSB.js";
import "./chunk-JTYJBOFB.js";
import "./chunk-6ZSO2C5Q.js";
import {
  ConfigError,
  PlanError,
  describeError
} from "./chunk-TEYULPYE.js";
import "./chunk-UNU6O5H2.js";
import "./chunk-HLRQWXKU.js";
import "./chunk-PANJYNO7.js";

// src/action/propose.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
async function readPlanInput(workspace, file) {
  const full = path.resolve(workspace, file);
  let text;
  try {
    text = await readFile(full, "utf8");
  } catch (err) {
    throw new ConfigError(`Input 'plan': cannot read "${file}" in the repository (${describeError(err)}).`);
  }
  return loadPlanText(text, file);
}
async function planForIssue(ctx, inputs, body) {
  const fromBody = planFromIssueBody(body);
  if (fromBody.found && "error" in fromBody) return { problem: fromBody.error };
  if (fromBody.found && "doc" in fromBody) {
    try {
      return extractPlan(fromBody.doc, "the plan block in the issue");
    } catch (err) {
      return { problem: err instanceof PlanError ? err.message : describeError(err) };
    }
  }
  if (inputs.planFile) return readPlanInput(ctx.workspace, inputs.planFile);
  return planFromIssueRequest(ctx, inputs, body);
}
async function planFromIssueRequest(ctx, inputs, body) {
  const request = body.trim();
  if (!request) return { problem: 'No plan found: the issue is empty. Describe the work, or add a fenced ```json or ```yaml block with "steps".' };
  try {
    const drafted = await planFromRequest({
      request,
      ...inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {},
      agentSource: "input 'agent-command'",
      runner: new ExecAgentRunner({ cwd: ctx.workspace, env: agentEnvironment(process.env, inputs.passTokenToAgent ? inputs.token : null) }),
      workspace: ctx.workspace,
      logDir: path.join(ctx.runnerTemp, "sequencer-planning"),
      timeoutMs: inputs.attemptTimeoutMinutes * 6e4
    });
    return { plan: drafted.plan };
  } catch (err) {
    if (err instanceof PlanError || err instanceof ConfigError) return { problem: `Could not draft a plan from this issue: ${err.message}` };
    throw err;
  }
}
async function proposeFromIssue(ctx, inputs, client, log, issue) {
  const planId = issuePlanId(issue.issueNumber);
  const store = createPlanStore(ctx, inputs, planId, log);
  const notifier = createNotifier(ctx, inputs, client, planId, log, (paths) => outputLinks(ctx.workspace, `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, paths));
  const found = await planForIssue(ctx, inputs, issue.body);
  if ("problem" in found) {
    log.warn(found.problem);
    await notifier?.postProblem(found.problem);
    return { state: null, branch: planBranch(inputs, planId), problem: found.problem };
  }
  if (!found.plan.title && issue.title) found.plan.title = issue.title;
  await store.acquire();
  const loaded = await store.load();
  const now = /* @__PURE__ */ new Date();
  let next;
  let changes = [];
  if (loaded.kind === "missing") {
    next = {
      ...newState(found.plan, { planId, now, stepDelayMinutes: found.stepDelayMinutes ?? inputs.stepDelayMinutes, ...found.stepQueue ? { stepQueue: found.stepQueue } : {} }),
      issue: { number: issue.issueNumber, statusCommentId: null },
      proposal: { at: now.toISOString() }
    };
  } else {
    const queue = effectiveQueue(found.plan, found.stepQueue);
    const candidate = replan(loaded.state, found.plan, queue, now);
    if (candidate.state.planHash === loaded.state.planHash) {
      log.info(`Plan ${planId} is unchanged (${loaded.state.planHash}); nothing to propose.`);
      if (loaded.state.status === "AWAITING_APPROVAL") await notifier?.proposePlan(loaded.state);
      return { state: loaded.state, branch: planBranch(inputs, planId) };
    }
    next = candidate.state;
    changes = candidate.changes;
    log.info(`Plan ${planId} changed: ${candidate.changes.filter((c) => c.change !== "unchanged").map((c) => `${c.stepId} ${c.change}`).join(", ")}`);
  }
  const written = await store.write(next, { kind: "update", message: `plan proposed (${next.planHash})` });
  await notifier?.proposePlan(written, changes);
  return { state: written, branch: planBranch(inputs, planId) };
}
export {
  proposeFromIssue,
  readPlanInput
};
