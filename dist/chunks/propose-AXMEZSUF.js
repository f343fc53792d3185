import {
  MAX_DRAFT_ATTEMPTS,
  classifyRequest,
  draftLogFile,
  planFromIssueBody,
  planFromRequest
} from "./chunk-5GBQ26RZ.js";
import {
  replan
} from "./chunk-24SACGVO.js";
import {
  newState
} from "./chunk-WLMOWD6H.js";
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
  tooLargeText,
  writeJobSummary
} from "./chunk-5LY7M2UG.js";
import "./chunk-HP34WB3O.js";
import "./chunk-XUBHMXRQ.js";
import "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import {
  ExecAgentRunner
} from "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import {
  answeredCommands,
  isOwnComment,
  replyComment
} from "./chunk-7JWXCA3G.js";
import {
  issueLine,
  stepTable
} from "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import {
  actionAgentEnv,
  createPlanStore,
  issueUrl,
  planBranch
} from "./chunk-ERRCKADV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import {
  extractPlan,
  loadPlanText
} from "./chunk-3N2GOI4J.js";
import "./chunk-DUAHX55U.js";
import {
  gateRefusal,
  isBot,
  refusalAnswers
} from "./chunk-PSDTEU6M.js";
import "./chunk-WSTE2BUZ.js";
import {
  isDraftCommand
} from "./chunk-SOQWTVCZ.js";
import {
  fence,
  inline
} from "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import {
  scrubJson
} from "./chunk-FOVAUIMP.js";
import {
  issuePlanId
} from "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import {
  effectiveQueue
} from "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  PlanError,
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/action/propose.ts
import { open, readFile } from "node:fs/promises";
import path from "node:path";

// src/core/render/proposal-summary.ts
function proposalJobSummary(planId, issue, o) {
  let head = issueLine(planId, issue), s = o.state;
  if (!s || o.problem) return [...head, "### No plan proposed", "", fence(o.problem ?? "no plan was found", 3e3)].join(`
`);
  let title = inline(s.plan.title ?? planId), steps = countOf(s.stepQueue.length, "step");
  if (s.status !== "AWAITING_APPROVAL" || s.gate) return [...head, `### ${title}: ${s.status}`, "", `Nothing new to propose: the plan of ${steps} is unchanged (\`${s.planHash ?? ""}\`).`].join(`
`);
  let proposal = o.proposalUrl ? `[The proposal](${o.proposalUrl})` : "The proposal";
  return [
    ...head,
    `### Proposed: ${title} (${steps})`,
    "",
    `${proposal} of plan \`${s.planHash ?? ""}\` awaits \`/approve\` on the issue from someone with write access. Nothing runs before that.`,
    "",
    stepTable(s, {}, !1)
  ].join(`
`);
}

// src/action/draft-refusal.ts
var DRAFT_LOOKBACK_MS = 60 * 6e4, MAX_DRAFTS_PER_REPLY = 200;
async function answerRefusedDraft(o) {
  let created = Date.parse(o.comment.createdAt), since = Number.isNaN(created) ? void 0 : sinceQuery(created - DRAFT_LOOKBACK_MS), [{ comments }, ours] = await Promise.all([listIssueComments(o.where, since), o.identity.login()]), answered = answeredIn(comments, ours);
  if (answered.has(o.comment.id))
    return o.log.info(`/draft comment ${o.comment.id} was answered already.`), !1;
  let pending = withinReply(pendingDrafts(comments, o.comment, answered), o.comment.id), { answers } = refusalAnswers(
    pending.map((c) => ({ command: { by: c.login }, unauthorized: !0 })),
    { answered: /* @__PURE__ */ new Set(), reactions: 0 }
  ), first = pending[0] ?? o.comment, rest = pending.slice(1), more = rest.length ? ` This answers your ${pending.length} /draft comments.` : "", body = replyComment(
    first.id,
    first.login,
    first.body,
    `${o.answer}${more}`,
    o.links,
    rest.map((c) => c.id)
  ), posted = await createCommentOnce({
    where: o.where,
    body,
    // A failed post may have landed: look again before posting again.
    find: async (fresh) => fresh ? answerTo(first.id, (await listIssueComments(o.where, since)).comments, await o.identity.login()) : void 0,
    log: (m) => o.log.warn(m)
  });
  posted.created && o.identity.learn(posted.comment.login);
  for (let [i, c] of pending.entries()) answers[i] !== "none" && await react(o, c.id);
  return !0;
}
function answeredIn(comments, ours) {
  let ids = /* @__PURE__ */ new Set();
  for (let c of comments) if (isOwnComment(c.login, ours)) for (let id of answeredCommands(c.body)) ids.add(id);
  return ids;
}
function answerTo(id, comments, ours) {
  return comments.find((c) => isOwnComment(c.login, ours) && answeredCommands(c.body).includes(id));
}
function pendingDrafts(comments, comment, answered) {
  let who = comment.login.toLowerCase();
  return [...comments.filter((c) => c.login.toLowerCase() === who && c.userType !== "Bot" && c.updatedAt === c.createdAt && !answered.has(c.id) && c.id !== comment.id && isDraftCommand(c.body)), { id: comment.id, login: comment.login, body: comment.body }].sort((a, b) => a.id - b.id);
}
function withinReply(pending, own) {
  return pending.length <= MAX_DRAFTS_PER_REPLY ? [...pending] : [...pending.filter((c) => c.id !== own).slice(0, MAX_DRAFTS_PER_REPLY - 1), ...pending.filter((c) => c.id === own)].sort((a, b) => a.id - b.id);
}
async function react(o, commentId) {
  let { client, owner, repo } = o.where;
  await client.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content: "confused" }).catch((err) => o.log.warn(`Could not react to comment ${commentId}: ${describeError(err)}`));
}

// src/action/propose.ts
async function readPlanInput(workspace, file, scrub) {
  let full = path.resolve(workspace, file), text;
  try {
    text = await readFile(full, "utf8");
  } catch (err) {
    throw new ConfigError(`Input 'plan': cannot read "${file}" in the repository (${describeError(err)}).`);
  }
  return loadPlanText(text, file, (doc) => scrubJson(doc, scrub));
}
var Writers = class {
  constructor(ctx, client, approvers) {
    this.approvers = approvers;
    this.permissions = new RepositoryPermissions({ client, owner: ctx.owner, repo: ctx.repo });
  }
  approvers;
  permissions;
  /** allow when `actor` may start the agent; otherwise why not, the same reason a command of theirs gets. */
  gate(actor) {
    return this.permissions.actorGate(actor, this.approvers);
  }
  /**
   * Whether a plan's author could have run it, so their plan may choose what runs: write
   * permission, and never a bot, whatever its permission (its permission is then not asked).
   * The approvers list is not consulted: a listed writer still has to approve the plan.
   */
  async mayChooseWhatRuns(author) {
    return (await this.permissions.actorGate({ ...author, association: "" }, [])).kind === "allow";
  }
};
async function planForIssue(ctx, inputs, issue, writers, log) {
  let fromBody = planFromIssueBody(issue.body);
  if (fromBody.found && "error" in fromBody) return { problem: fromBody.error };
  if (fromBody.found && "doc" in fromBody)
    try {
      return { ...extractPlan(scrubJson(fromBody.doc, log.secrets.scrub), "plan block in the issue"), source: "issue" };
    } catch (err) {
      return { problem: err instanceof PlanError ? err.message : describeError(err) };
    }
  if (inputs.planFile) return { ...await readPlanInput(ctx.workspace, inputs.planFile, log.secrets.scrub), source: "workflow" };
  let request = issue.body.trim();
  if (!request) return { problem: 'No plan found: the issue is empty. Describe the work, or add a fenced ```json or ```yaml block with "steps".' };
  if (classifyRequest(request).multiStep && inputs.phase !== "single") return { problem: cannotDraftHere(inputs.phase) };
  if (classifyRequest(request).multiStep && !issue.draft) {
    let gate = await writers.gate({ login: issue.actor, userType: issue.actorType, association: "" }), refused = gateRefusal(issue.actor, gate);
    if (refused) {
      let why = gate.kind === "ignore" ? `${refused}: a bot opens issues with text others gave it, and drafting would run the agent on that text` : refused;
      return log.info(`Issue #${issue.issueNumber} is a request; drafting a plan runs the agent, and @${issue.actor} may not start it (${why}). A writer can reply /draft.`), { needsWriter: !0 };
    }
  }
  return planFromIssueRequest(ctx, inputs, request, log);
}
function cannotDraftHere(phase) {
  return `Drafting a plan runs the agent, and this workflow runs the agent only in its agent job (phase: ${phase}), where it cannot propose anything, so it drafts no plan from a request and a /draft cannot change that. Write the plan into the issue as a fenced \`\`\`json or \`\`\`yaml block with "steps", dispatch the workflow with command start and a plan file in the repository, or use the single-job layout (docs/examples/sequencer.yml), which drafts requests.`;
}
function needsDrafting(inputs, body) {
  return !inputs.planFile && !planFromIssueBody(body).found && classifyRequest(body.trim()).multiStep;
}
async function planFromIssueRequest(ctx, inputs, request, log) {
  let logDir = path.join(ctx.runnerTemp, "sequencer-planning");
  try {
    return { plan: (await planFromRequest({
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
    })).plan, source: "draft" };
  } catch (err) {
    if (err instanceof PlanError && await showDraftOutput(logDir, log), err instanceof PlanError || err instanceof ConfigError) return { problem: `Could not draft a plan from this issue: ${err.message}` };
    throw err;
  }
}
var DRAFT_OUTPUT_SHOWN = 64 * 1024;
async function showDraftOutput(logDir, log) {
  for (let run = 1; run <= MAX_DRAFT_ATTEMPTS; run++) {
    let file = await open(draftLogFile(logDir, run)).catch(() => null);
    if (!file) return;
    let shown;
    try {
      let { size } = await file.stat(), from = Math.max(0, size - DRAFT_OUTPUT_SHOWN), { buffer, bytesRead } = await file.read(Buffer.alloc(size - from), 0, size - from, from), text = buffer.subarray(0, bytesRead).toString("utf8").trimEnd();
      shown = from > 0 ? `\u2026 (${from} bytes before these)
${text}` : text || "(no output)";
    } finally {
      await file.close();
    }
    await log.group(`Plan drafting, run ${run}: the agent's output`, async () => log.info(shown));
  }
}
async function proposeFromIssue(ctx, inputs, client, log, issue) {
  let planId = issuePlanId(issue.issueNumber), branch = planBranch(inputs, planId), store = createPlanStore(ctx, inputs, planId, log), notifier = createNotifier(ctx, inputs, client, planId, log, async (paths, state) => ({
    ...await outputLinks(ctx.git, `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, paths),
    run: runLinks(ctx, branch, { branch: inputs.stateStore === "git" && state !== void 0 })
  })), writers = new Writers(ctx, client, inputs.approvers), found = await planForIssue(ctx, inputs, issue, writers, log);
  return "needsWriter" in found ? (await notifier?.postDraftHint(), { state: null, branch, problem: "a request: a writer can reply /draft to have a plan drafted" }) : "problem" in found ? (log.warn(found.problem), await notifier?.postProblem(found.problem), { state: null, branch, problem: found.problem }) : (!found.plan.title && issue.title && (found.plan.title = issue.title), withStore(store, "write", async () => {
    let loaded = await store.load(), now = /* @__PURE__ */ new Date(), execution = found.source === "workflow" || inputs.allowUntrustedPlanCommands ? [] : executionFields(found.plan), author = { login: issue.author, userType: issue.authorType };
    if (execution.length && !await writers.mayChooseWhatRuns(author)) {
      let candidate = newState(found.plan, { planId, now, ...found.stepQueue ? { stepQueue: found.stepQueue } : {} }), who = isBot(author) ? `the bot ${issue.author}, which may not choose what runs whatever its permission` : `${issue.author || "an unknown author"}, who has no write access`, problem = `The plan of issue #${issue.issueNumber} is from ${who}, and it sets what runs (${describeExecution(execution)}); it was not proposed.`;
      return log.warn(problem), await notifier?.refusePlan(candidate, author, execution), { state: loaded.kind === "loaded" ? await withdrawProposal(store, loaded.state, notifier, "the issue now holds a plan that was refused") : null, branch, problem };
    }
    let next, changes = [];
    if (loaded.kind === "missing")
      next = {
        ...newState(found.plan, {
          planId,
          now,
          stepDelayMinutes: found.stepDelayMinutes ?? inputs.stepDelayMinutes,
          ...found.stepQueue ? { stepQueue: found.stepQueue } : {},
          ...issue.author ? { requestedBy: issue.author } : {}
        }),
        issue: { number: issue.issueNumber, statusCommentId: null },
        // Comments up to the `/draft` that asked for the plan were written before it existed.
        ...issue.draft ? { inbox: { lastCommentId: issue.draft.id } } : {},
        proposal: null
      };
    else {
      let queue = effectiveQueue(found.plan, found.stepQueue), candidate = replan(loaded.state, found.plan, queue, now);
      if (candidate.state.planHash === loaded.state.planHash)
        return log.info(`Plan ${planId} is unchanged (${loaded.state.planHash}); nothing new to propose.`), loaded.state.status !== "AWAITING_APPROVAL" || !notifier ? { state: loaded.state, branch } : { state: await postAndRecord(store, loaded.state, notifier, [], log), branch };
      next = { ...candidate.state, proposal: null }, changes = candidate.changes, log.info(
        `Plan ${planId} changed: ${candidate.changes.filter((c) => c.change !== "unchanged").map((c) => `${c.stepId} ${c.change}`).join(", ")}`
      );
    }
    let written = await store.write(next, { kind: "update", message: `plan stored for review (${next.planHash})` });
    return notifier ? { state: await postAndRecord(store, written, notifier, changes, log), branch } : { state: written, branch };
  }));
}
async function postAndRecord(store, state, notifier, changes, log) {
  let posted = await notifier.proposePlan(state, changes);
  if ("tooLarge" in posted) {
    let problem = tooLargeText(posted.tooLarge);
    return log.warn(`Plan too large to propose: ${problem}`), await notifier.postRunProblem(TOO_LARGE_HEADING, problem, TOO_LARGE_HINT), withdrawProposal(store, state, notifier, "the plan in the issue changed, and its proposal is too large to post");
  }
  let supersededAt = await notifier.retireProposals(state, posted), p = state.proposal;
  return p && p.planHash === posted.planHash && p.postedAt === posted.postedAt && p.commentId === posted.commentId && JSON.stringify(p.parts) === JSON.stringify(posted.parts) && p.supersededAt === (supersededAt ?? void 0) ? state : (log.info(`Proposal of ${posted.planHash} posted (comment ${posted.commentId}, ${posted.postedAt}${supersededAt ? `; earlier proposals superseded by ${supersededAt}` : ""}).`), store.write(
    {
      ...state,
      proposal: { at: (/* @__PURE__ */ new Date()).toISOString(), planHash: posted.planHash, postedAt: posted.postedAt, commentId: posted.commentId, parts: posted.parts, ...supersededAt ? { supersededAt } : {} }
    },
    { kind: "update", message: `plan proposed (${posted.planHash})` }
  ));
}
async function withdrawProposal(store, state, notifier, why) {
  return state.status !== "AWAITING_APPROVAL" || (await notifier?.retireProposals(state, null, why), !state.proposal) ? state : store.write({ ...state, proposal: null }, { kind: "update", message: `proposal withdrawn: ${why}` });
}
async function draftFromComment(ctx, inputs, client, log, route) {
  let planId = issuePlanId(route.issueNumber), branch = planBranch(inputs, planId), writers = new Writers(ctx, client, inputs.approvers), { login, userType, association } = route.comment, where = { client, owner: ctx.owner, repo: ctx.repo, issueNumber: route.issueNumber }, answer = (text) => answerRefusedDraft({ where, comment: route.comment, answer: text, links: { run: runLinks(ctx, branch) }, log, identity: TokenIdentity.of(client, (m) => log.warn(m)) });
  if (inputs.phase !== "single" && needsDrafting(inputs, route.body)) {
    let problem = cannotDraftHere(inputs.phase);
    return log.info(`/draft by @${login} on #${route.issueNumber}: ${problem}`), await answer(problem), { state: null, branch, problem };
  }
  let refused = gateRefusal(login, await writers.gate({ login, userType, association }));
  return refused ? (log.info(`/draft by @${route.comment.login} on #${route.issueNumber} refused: ${refused}.`), await answer(`drafting a plan runs the agent, so only someone with write access can ask for it: ${refused}.`), { state: null, branch, problem: `/draft refused: ${refused}` }) : await planExists(ctx, inputs, planId, log) ? "tick" : (await client.rest.reactions.createForIssueComment({ owner: ctx.owner, repo: ctx.repo, comment_id: route.comment.id, content: "+1" }).catch((err) => log.warn(`Could not react to comment ${route.comment.id}: ${describeError(err)}`)), proposeFromIssue(ctx, inputs, client, log, {
    issueNumber: route.issueNumber,
    title: route.title,
    body: route.body,
    actor: login,
    actorType: userType,
    author: route.author,
    authorType: route.authorType,
    draft: route.comment
  }));
}
async function planExists(ctx, inputs, planId, log) {
  let store = createPlanStore(ctx, inputs, planId, log);
  return withStore(store, "read", async () => (await store.load()).kind === "loaded");
}
async function writeProposalSummary(ctx, log, issueNumber, result) {
  let commentId = result.state?.proposal?.commentId, url = issueUrl(ctx, issueNumber), markdown = proposalJobSummary(
    issuePlanId(issueNumber),
    { number: issueNumber, url },
    {
      state: result.state,
      ...result.problem ? { problem: result.problem } : {},
      ...typeof commentId == "number" ? { proposalUrl: `${url}#issuecomment-${commentId}` } : {}
    }
  );
  await writeJobSummary(log.scrub(markdown), (m) => log.warn(m));
}
export {
  draftFromComment,
  proposeFromIssue,
  readPlanInput,
  writeProposalSummary
};
