import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  MAX_DRAFT_ATTEMPTS,
  classifyRequest,
  draftLogFile,
  planFromIssueBody,
  planFromRequest
} from "./chunk-ITDEIWE4.js";
import {
  extractPlan,
  loadPlanText
} from "./chunk-5JF6EE7Y.js";
import {
  replan
} from "./chunk-IEFEU6CB.js";
import {
  RepositoryPermissions,
  TOO_LARGE_HEADING,
  TOO_LARGE_HINT,
  TokenIdentity,
  createCommentOnce,
  createNotifier,
  describeExecution,
  executionFields,
  listIssueComments,
  outputLinks,
  runLinks,
  sinceQuery,
  tooLargeText
} from "./chunk-IA66XFMJ.js";
import "./chunk-6OKJL4ZB.js";
import "./chunk-BQELHCCU.js";
import "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import "./chunk-PDTINHGB.js";
import {
  ExecAgentRunner
} from "./chunk-5X5WQJM4.js";
import {
  answeredCommands,
  isOwnComment,
  replyComment
} from "./chunk-SOVTFPQC.js";
import "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-EJHJ3B7N.js";
import {
  actionAgentEnv,
  createPlanStore,
  planBranch
} from "./chunk-P7EZKMFO.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import {
  newState
} from "./chunk-IBCC6RDC.js";
import "./chunk-ETDKUUCO.js";
import {
  isDraftCommand
} from "./chunk-BXD2ZVHM.js";
import "./chunk-GA2EUEUK.js";
import "./chunk-KX54TGKA.js";
import {
  refusalAnswers
} from "./chunk-C5V4ED6R.js";
import {
  withStore
} from "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PFKSG7GN.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-62KPKR6O.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import {
  issuePlanId
} from "./chunk-YX2CLHBO.js";
import "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import {
  effectiveQueue
} from "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import {
  ConfigError,
  PlanError,
  describeError
} from "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";

// src/action/propose.ts
import { open, readFile } from "node:fs/promises";
import path from "node:path";

// src/action/draft-refusal.ts
var DRAFT_LOOKBACK_MS = 60 * 6e4;
async function answerRefusedDraft(o) {
  const created = Date.parse(o.comment.createdAt);
  const since = Number.isNaN(created) ? void 0 : sinceQuery(created - DRAFT_LOOKBACK_MS);
  const [{ comments }, ours] = await Promise.all([listIssueComments(o.where, since), o.identity.login()]);
  const answered = answeredIn(comments, ours);
  if (answered.has(o.comment.id)) {
    o.log.info(`/draft comment ${o.comment.id} was answered already.`);
    return false;
  }
  const pending = pendingDrafts(comments, o.comment, answered);
  const { answers } = refusalAnswers(
    pending.map((c) => ({ command: { by: c.login }, unauthorized: true })),
    { answered: /* @__PURE__ */ new Set(), reactions: 0 }
  );
  const first = pending[0] ?? o.comment;
  const rest = pending.slice(1);
  const more = rest.length ? ` This answers your ${pending.length} /draft comments.` : "";
  const body = replyComment(first.id, first.login, first.body, `drafting a plan runs the agent, so only someone with write access can ask for it: ${o.reason}.${more}`, o.links, rest.map((c) => c.id));
  const posted = await createCommentOnce({
    where: o.where,
    body,
    // A failed post may have landed: look again before posting again.
    find: async (fresh) => fresh ? answerTo(first.id, (await listIssueComments(o.where, since)).comments, await o.identity.login()) : void 0,
    log: (m) => o.log.warn(m)
  });
  if (posted.created) o.identity.learn(posted.comment.login);
  for (const [i, c] of pending.entries()) if (answers[i] !== "none") await react(o, c.id);
  return true;
}
function answeredIn(comments, ours) {
  const ids = /* @__PURE__ */ new Set();
  for (const c of comments) if (isOwnComment(c.login, ours)) for (const id of answeredCommands(c.body)) ids.add(id);
  return ids;
}
function answerTo(id, comments, ours) {
  return comments.find((c) => isOwnComment(c.login, ours) && answeredCommands(c.body).includes(id));
}
function pendingDrafts(comments, comment, answered) {
  const who = comment.login.toLowerCase();
  const theirs = comments.filter(
    (c) => c.login.toLowerCase() === who && c.userType !== "Bot" && c.updatedAt === c.createdAt && !answered.has(c.id) && c.id !== comment.id && isDraftCommand(c.body)
  );
  return [...theirs, { id: comment.id, login: comment.login, body: comment.body }].sort((a, b) => a.id - b.id);
}
async function react(o, commentId) {
  const { client, owner, repo } = o.where;
  await client.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content: "confused" }).catch((err) => o.log.warn(`Could not react to comment ${commentId}: ${describeError(err)}`));
}

// src/action/propose.ts
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
var Writers = class {
  constructor(ctx, client, approvers) {
    this.approvers = approvers;
    this.permissions = new RepositoryPermissions({ client, owner: ctx.owner, repo: ctx.repo });
  }
  approvers;
  permissions;
  /** Null when `login` may act; otherwise why not. */
  async refusal(login) {
    if (!login) return "the event names no sender";
    const gate = await this.permissions.gate(login);
    if (gate.kind === "deny" || gate.kind === "ignore") return gate.reason;
    if (gate.kind !== "allow") return `the permission of ${login} is unknown`;
    if (this.approvers.length && !this.approvers.some((a) => a.toLowerCase() === login.toLowerCase())) return "only the logins in the approvers list may command this plan";
    return null;
  }
};
async function planForIssue(ctx, inputs, issue, writers, log) {
  const fromBody = planFromIssueBody(issue.body);
  if (fromBody.found && "error" in fromBody) return { problem: fromBody.error };
  if (fromBody.found && "doc" in fromBody) {
    try {
      return { ...extractPlan(fromBody.doc, "plan block in the issue"), source: "issue" };
    } catch (err) {
      return { problem: err instanceof PlanError ? err.message : describeError(err) };
    }
  }
  if (inputs.planFile) return { ...await readPlanInput(ctx.workspace, inputs.planFile), source: "workflow" };
  const request = issue.body.trim();
  if (!request) return { problem: 'No plan found: the issue is empty. Describe the work, or add a fenced ```json or ```yaml block with "steps".' };
  if (classifyRequest(request).multiStep && !issue.draft) {
    const refused = await writers.refusal(issue.actor);
    if (refused) {
      log.info(`Issue #${issue.issueNumber} is a request; drafting a plan runs the agent, and @${issue.actor} may not start it (${refused}). A writer can reply /draft.`);
      return { needsWriter: true };
    }
  }
  return planFromIssueRequest(ctx, inputs, request, log);
}
async function planFromIssueRequest(ctx, inputs, request, log) {
  if (inputs.phase !== "single" && classifyRequest(request).multiStep) {
    return { problem: `Drafting a plan runs the agent, and this workflow runs the agent only in its agent job (phase: ${inputs.phase}), where it cannot propose anything. Write the plan into the issue as a fenced \`\`\`json or \`\`\`yaml block with "steps", or dispatch the workflow with command start and a plan file.` };
  }
  const logDir = path.join(ctx.runnerTemp, "sequencer-planning");
  try {
    const drafted = await planFromRequest({
      request,
      ...inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {},
      agentSource: "input 'agent-command'",
      agentSurface: "action",
      runner: new ExecAgentRunner({ cwd: ctx.workspace, env: actionAgentEnv(inputs) }),
      workspace: ctx.workspace,
      logDir,
      timeoutMs: inputs.attemptTimeoutMinutes * 6e4,
      // The runner's temp folder is gone with the job; what the agent printed is shown in the log.
      outputShownIn: "this run's log",
      // The plan goes to the work branch as it is: a key the agent wrote into it must not.
      scrub: log.secrets.scrub
    });
    return { plan: drafted.plan, source: "draft" };
  } catch (err) {
    if (err instanceof PlanError) await showDraftOutput(logDir, log);
    if (err instanceof PlanError || err instanceof ConfigError) return { problem: `Could not draft a plan from this issue: ${err.message}` };
    throw err;
  }
}
var DRAFT_OUTPUT_SHOWN = 64 * 1024;
async function showDraftOutput(logDir, log) {
  for (let run = 1; run <= MAX_DRAFT_ATTEMPTS; run++) {
    const file = await open(draftLogFile(logDir, run)).catch(() => null);
    if (!file) return;
    let shown;
    try {
      const { size } = await file.stat();
      const from = Math.max(0, size - DRAFT_OUTPUT_SHOWN);
      const { buffer, bytesRead } = await file.read(Buffer.alloc(size - from), 0, size - from, from);
      const text = buffer.subarray(0, bytesRead).toString("utf8").trimEnd();
      shown = from > 0 ? `\u2026 (${from} bytes before these)
${text}` : text || "(no output)";
    } finally {
      await file.close();
    }
    await log.group(`Plan drafting, run ${run}: the agent's output`, async () => log.info(shown));
  }
}
async function proposeFromIssue(ctx, inputs, client, log, issue) {
  const planId = issuePlanId(issue.issueNumber);
  const branch = planBranch(inputs, planId);
  const store = createPlanStore(ctx, inputs, planId, log);
  const notifier = createNotifier(ctx, inputs, client, planId, log, async (paths) => ({
    ...await outputLinks(ctx.git, `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, paths),
    run: runLinks(ctx, planBranch(inputs, planId))
  }));
  const writers = new Writers(ctx, client, inputs.approvers);
  const found = await planForIssue(ctx, inputs, issue, writers, log);
  if ("needsWriter" in found) {
    await notifier?.postDraftHint();
    return { state: null, branch, problem: "a request: a writer can reply /draft to have a plan drafted" };
  }
  if ("problem" in found) {
    log.warn(found.problem);
    await notifier?.postProblem(found.problem);
    return { state: null, branch, problem: found.problem };
  }
  if (!found.plan.title && issue.title) found.plan.title = issue.title;
  return withStore(store, "write", async () => {
    const loaded = await store.load();
    const now = /* @__PURE__ */ new Date();
    const execution = found.source === "workflow" || inputs.allowUntrustedPlanCommands ? [] : executionFields(found.plan);
    if (execution.length && !await writers.permissions.hasWrite(issue.author)) {
      const candidate = newState(found.plan, { planId, now, ...found.stepQueue ? { stepQueue: found.stepQueue } : {} });
      const problem = `The plan of issue #${issue.issueNumber} is from ${issue.author || "an unknown author"}, who has no write access, and it sets what runs (${describeExecution(execution)}); it was not proposed.`;
      log.warn(problem);
      await notifier?.refusePlan(candidate, issue.author, execution);
      const withdrawn = loaded.kind === "loaded" ? await withdrawProposal(store, loaded.state, notifier, "the issue now holds a plan that was refused") : null;
      return { state: withdrawn, branch, problem };
    }
    let next;
    let changes = [];
    if (loaded.kind === "missing") {
      next = {
        ...newState(found.plan, { planId, now, stepDelayMinutes: found.stepDelayMinutes ?? inputs.stepDelayMinutes, ...found.stepQueue ? { stepQueue: found.stepQueue } : {}, ...issue.author ? { requestedBy: issue.author } : {} }),
        issue: { number: issue.issueNumber, statusCommentId: null },
        // Comments up to the `/draft` that asked for the plan were written before it existed.
        ...issue.draft ? { inbox: { lastCommentId: issue.draft.id } } : {},
        proposal: null
      };
    } else {
      const queue = effectiveQueue(found.plan, found.stepQueue);
      const candidate = replan(loaded.state, found.plan, queue, now);
      if (candidate.state.planHash === loaded.state.planHash) {
        log.info(`Plan ${planId} is unchanged (${loaded.state.planHash}); nothing new to propose.`);
        if (loaded.state.status !== "AWAITING_APPROVAL" || !notifier) return { state: loaded.state, branch };
        return { state: await postAndRecord(store, loaded.state, notifier, [], log), branch };
      }
      next = { ...candidate.state, proposal: null };
      changes = candidate.changes;
      log.info(`Plan ${planId} changed: ${candidate.changes.filter((c) => c.change !== "unchanged").map((c) => `${c.stepId} ${c.change}`).join(", ")}`);
    }
    const written = await store.write(next, { kind: "update", message: `plan stored for review (${next.planHash})` });
    if (!notifier) return { state: written, branch };
    return { state: await postAndRecord(store, written, notifier, changes, log), branch };
  });
}
async function postAndRecord(store, state, notifier, changes, log) {
  const posted = await notifier.proposePlan(state, changes);
  if ("tooLarge" in posted) {
    const problem = tooLargeText(posted.tooLarge);
    log.warn(`Plan too large to propose: ${problem}`);
    await notifier.postRunProblem(TOO_LARGE_HEADING, problem, TOO_LARGE_HINT);
    return withdrawProposal(store, state, notifier, "the plan in the issue changed, and its proposal is too large to post");
  }
  const supersededAt = await notifier.retireProposals(state, posted);
  const p = state.proposal;
  if (p && p.planHash === posted.planHash && p.postedAt === posted.postedAt && p.commentId === posted.commentId && JSON.stringify(p.parts) === JSON.stringify(posted.parts) && p.supersededAt === (supersededAt ?? void 0)) return state;
  log.info(`Proposal of ${posted.planHash} posted (comment ${posted.commentId}, ${posted.postedAt}${supersededAt ? `; earlier proposals superseded by ${supersededAt}` : ""}).`);
  return store.write(
    { ...state, proposal: { at: (/* @__PURE__ */ new Date()).toISOString(), planHash: posted.planHash, postedAt: posted.postedAt, commentId: posted.commentId, parts: posted.parts, ...supersededAt ? { supersededAt } : {} } },
    { kind: "update", message: `plan proposed (${posted.planHash})` }
  );
}
async function withdrawProposal(store, state, notifier, why) {
  if (state.status !== "AWAITING_APPROVAL") return state;
  await notifier?.retireProposals(state, null, why);
  if (!state.proposal) return state;
  return store.write({ ...state, proposal: null }, { kind: "update", message: `proposal withdrawn: ${why}` });
}
async function draftFromComment(ctx, inputs, client, log, route) {
  const planId = issuePlanId(route.issueNumber);
  const branch = planBranch(inputs, planId);
  const writers = new Writers(ctx, client, inputs.approvers);
  const refused = await writers.refusal(route.comment.login);
  const where = { client, owner: ctx.owner, repo: ctx.repo, issueNumber: route.issueNumber };
  if (refused) {
    log.info(`/draft by @${route.comment.login} on #${route.issueNumber} refused: ${refused}.`);
    await answerRefusedDraft({ where, comment: route.comment, reason: refused, links: { run: runLinks(ctx, branch) }, log, identity: TokenIdentity.of(client, (m) => log.warn(m)) });
    return { state: null, branch, problem: `/draft refused: ${refused}` };
  }
  if (await planExists(ctx, inputs, planId, log)) return "tick";
  await client.rest.reactions.createForIssueComment({ owner: ctx.owner, repo: ctx.repo, comment_id: route.comment.id, content: "+1" }).catch((err) => log.warn(`Could not react to comment ${route.comment.id}: ${describeError(err)}`));
  return proposeFromIssue(ctx, inputs, client, log, { issueNumber: route.issueNumber, title: route.title, body: route.body, actor: route.comment.login, author: route.author, draft: route.comment });
}
async function planExists(ctx, inputs, planId, log) {
  const store = createPlanStore(ctx, inputs, planId, log);
  return withStore(store, "read", async () => (await store.load()).kind === "loaded");
}
export {
  draftFromComment,
  proposeFromIssue,
  readPlanInput
};
