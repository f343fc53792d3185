import {
  InboxSession,
  blockedStepId,
  finish,
  gateClosed,
  judge,
  missingDoneOutputs,
  pauseAtGate,
  recoveredUsage,
  runAttempt
} from "./chunk-4JLDVQZR.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import {
  diffFromDigests,
  planHash
} from "./chunk-ANOSUW4P.js";
import {
  resumeLines,
  timedOutText
} from "./chunk-6MTQECTV.js";
import {
  activeStepId,
  advance,
  beginRemediation,
  block,
  blockOnBudget,
  budgetFlag,
  budgetSpentText,
  budgetText,
  cancel,
  complete,
  detourChain,
  mayAcceptInterrupted,
  recordDefaultBudget,
  recoverAttempt,
  remediationPrompt,
  reopenSteps,
  spentBudget,
  stepPrompt,
  validationRoute
} from "./chunk-J73L5JYA.js";
import {
  LOST_WORK,
  attemptId,
  currentStepId,
  lastAttempt,
  maxAttemptsFor,
  nextAttemptNumber,
  ranElsewhere,
  sameOwner,
  stepDef,
  stepRun,
  stepTimeLeftMs
} from "./chunk-IU6TIPQF.js";
import {
  ConflictError,
  describeError
} from "./chunk-UZTB5BNK.js";

// src/core/tick/wait-reason.ts
function waitReason(state) {
  let stepId = currentStepId(state);
  return stepId !== void 0 && stepRun(state, stepId).status === "FAILED" ? "retry backoff" : "step delay";
}
function waitText(state, until) {
  let stepId = currentStepId(state);
  return waitReason(state) === "retry backoff" ? `Retry backoff: ${stepId} is tried again after ${until}.` : `Step delay: the next step starts after ${until}.`;
}

// src/engine/commit.ts
var Ledger = class {
  constructor(deps, loaded) {
    this.deps = deps;
    this.current = loaded;
  }
  deps;
  current;
  written = 0;
  started = 0;
  /** What the inbox asked to remember (an ETag, cursors), saved with the next write; a read alone never writes. */
  memo;
  /** The state as last loaded or written. */
  get state() {
    return this.current;
  }
  /** Writes this tick made that changed the plan (not those that only kept the inbox's place). */
  get writes() {
    return this.written;
  }
  /** Attempts this tick started: each one's checkpoint is a write of its own. */
  get attempts() {
    return this.started;
  }
  /** What rides along with the next write, not yet written. */
  get remembered() {
    return this.memo;
  }
  remember(memo) {
    this.memo = { ...this.memo, ...memo };
  }
  /** One durable write, then the notices it produced; `progress` false: it only records what the inbox read. */
  async commit({ state, notices }, meta, progress = !0) {
    let inbox = this.memo ? { inbox: { ...state.inbox, ...this.memo } } : {};
    this.current = await this.deps.store.write({ ...state, ...inbox, lastHeartbeatIso: this.deps.clock.now().toISOString() }, meta), this.memo = void 0, progress && this.written++, meta.kind === "checkpoint" && this.started++;
    for (let notice of notices) {
      notice.kind === "timed-out" && this.deps.log.warn(`Plan ${this.current.planId ?? "plan"}: ${timedOutText(notice.stepId, notice.minutes)}.`);
      try {
        await this.deps.notifier.notify(notice, this.current);
      } catch (err) {
        this.deps.log.warn(`Could not deliver the ${notice.kind} notice: ${describeError(err)}`);
      }
    }
  }
};

// src/core/tick/decide.ts
function decide(state, ctx) {
  if (state.status !== "IN_PROGRESS") return { kind: "idle", reason: `plan is ${state.status}` };
  let current = currentStepId(state);
  if (current === void 0) return { kind: "complete" };
  let chain = detourChain(state, current), stepId = chain[chain.length - 1], detourFor = chain.length > 1 ? chain[chain.length - 2] : void 0, run = stepRun(state, stepId);
  if (run.status === "IN_PROGRESS") {
    let attempt = lastAttempt(run), reason = staleReason(attempt, ctx);
    return reason ? { kind: "recover", stepId, attempt, reason } : { kind: "busy", stepId, attempt };
  }
  if (state.cancelRequested) return { kind: "cancel" };
  if (!detourFor && (run.status === "DONE" || run.status === "SKIPPED")) return { kind: "advance", stepId };
  let def = stepDef(state, stepId), block2 = (reason) => ({ kind: "block", stepId: current, reason: detourFor ? `remediation step ${stepId}: ${reason}` : reason }), deadline = state.plan.deadline ? Date.parse(state.plan.deadline) : NaN;
  if (!Number.isNaN(deadline) && ctx.now.getTime() >= deadline)
    return { kind: "block", stepId: current, reason: `plan deadline ${state.plan.deadline} passed` };
  let max = maxAttemptsFor(def, ctx.limits);
  if (run.status === "FAILED" || detourFor) {
    let route = validationRoute(def, run);
    if (route?.kind === "fail") return block2(`${run.error ?? "validation failed"} (${route.field}: fail)`);
    if (run.tries >= max) return block2(`max attempts (${max}) used up`);
    if (stepTimeLeftMs(def, run, ctx.now) <= 0)
      return block2(`timed out: ran ${minutesSince(run.firstStartedAt, ctx.now)} min of its ${def.timeoutMinutes} min (timeoutMinutes)`);
    let failedAttempt = lastAttempt(run)?.n;
    if (route?.kind === "detour" && failedAttempt !== void 0 && run.remediation?.forAttempt !== failedAttempt)
      return { kind: "remediate", stepId, via: route.via, forAttempt: failedAttempt };
  }
  let spent = spentBudget(state, stepId, ctx.limits);
  if (spent) return { kind: "block", stepId: current, reason: budgetSpentText(spent), budget: spent };
  if (!detourFor && gateClosed(state, stepId, def)) return { kind: "gate", stepId };
  if (state.notBefore && Date.parse(state.notBefore) > ctx.now.getTime()) return { kind: "wait", until: state.notBefore };
  let retry = run.status === "FAILED", n = nextAttemptNumber(run), lastError = retry ? run.error ?? "unknown error" : null;
  return detourFor ? { kind: "run", stepId, n, prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), retry, detourFor } : { kind: "run", stepId, n, prompt: stepPrompt(state, stepId, n - 1, lastError), retry };
}
function staleReason(attempt, ctx) {
  if (!attempt) return "interrupted: no owner recorded for the step in progress";
  if (ctx.ownerLiveness === "dead") return "interrupted: the tick running this attempt is gone";
  let lease = attempt.leaseExpiresAt ? Date.parse(attempt.leaseExpiresAt) : NaN;
  return Number.isNaN(lease) || lease <= ctx.now.getTime() ? `interrupted: lease expired at ${attempt.leaseExpiresAt ?? "(none)"} without a result` : null;
}
function minutesSince(iso, now) {
  return iso ? Math.round((now.getTime() - Date.parse(iso)) / 6e4) : 0;
}

// src/core/tick/approval-check.ts
function statePlanHash(state) {
  return planHash({ ...state.plan, stepQueue: state.stepQueue });
}
function checkApproval(state, ctx) {
  if (state.status === "DONE" || state.status === "CANCELLED") return { kind: "ok" };
  let approval = state.approval;
  if (approval) {
    if (ctx.trusted && approval.planHash === state.planHash) return { kind: "ok" };
    let now = ctx.hashNow();
    return approval.planHash === now && state.planHash === now ? { kind: "ok" } : { kind: "pause", approvedHash: approval.planHash, planHash: now, changes: diffFromDigests(approval.stepDigests, state.plan) };
  }
  if (state.status !== "IN_PROGRESS") {
    if (state.planHash === void 0 || ctx.trusted) return { kind: "ok" };
    let now = ctx.hashNow();
    return now === state.planHash ? { kind: "ok" } : { kind: "rehash", before: state.planHash, planHash: now };
  }
  if (!ctx.requireApproval) return { kind: "ok" };
  let stepId = currentStepId(state);
  return stepId === void 0 ? { kind: "ok" } : {
    kind: "block",
    stepId,
    reason: `the plan is marked IN_PROGRESS but has no approval (plan ${state.planHash ?? "without a hash"}), so nothing runs. Reply /resume to put it back to awaiting approval, have it proposed again (edit the issue), review it and /approve it; or /cancel it`
  };
}
function applyApprovalCheck(state, check) {
  switch (check.kind) {
    case "pause":
      return {
        state: { ...state, status: "AWAITING_APPROVAL", planHash: check.planHash, approval: null, notBefore: null },
        notices: [{ kind: "plan-changed", approvedHash: check.approvedHash, planHash: check.planHash, changes: check.changes }]
      };
    case "rehash":
      return { state: { ...state, planHash: check.planHash }, notices: [] };
    case "block":
      return block(state, check.stepId, check.reason);
  }
}
function planChangedLines(check) {
  let lines = [`The plan no longer matches its approval (approved ${check.approvedHash}, now ${check.planHash}): paused until it is approved again.`];
  if (!check.changes) return [...lines, "The approval kept no per-step record of this plan, so the steps that changed cannot be named."];
  let changed = check.changes.filter((c) => c.change !== "unchanged");
  return changed.length ? [...lines, ...changed.map((c) => `  ${c.change.padEnd(8)} ${c.stepId}`)] : [...lines, "No step changed: the title, the run order, the plan-level tool policy or the prompt preamble did."];
}
function revokeApproval(state, stepId, why) {
  let reason = `the approval could not be confirmed on GitHub: ${why}. Nothing runs on it. Reply /resume to put the plan back to awaiting approval; edit or relabel the issue to have the proposal posted again, review it and /approve it; or /cancel it`;
  return block({ ...state, approval: null }, stepId, reason);
}
function unconfirmedApprovalReply(why) {
  return `This approval cannot be confirmed on GitHub, so it does not count: ${why}.`;
}

// src/engine/approval-gate.ts
var ApprovalGate = class {
  constructor(log, policy) {
    this.log = log;
    this.policy = policy;
  }
  log;
  policy;
  /** The hash of the plan last checked; transitions keep the plan object, so it is hashed once per tick. */
  hashed;
  /** Checks the state as it is and records the outcome when the check changed it. */
  async check(ledger) {
    let checked = this.transition(ledger.state);
    checked && await ledger.commit(checked, { kind: "update", message: `approval check: plan ${checked.state.planHash ?? ""} ${checked.state.status}` });
  }
  /** What the check does to `state` (pause, re-hash, block), or null when it may run as it is. */
  transition(state) {
    let check = checkApproval(state, { hashNow: () => this.planHashOf(state), trusted: this.policy.trusted, requireApproval: this.policy.requireApproval });
    switch (check.kind) {
      case "ok":
        return null;
      case "pause":
        for (let line of planChangedLines(check)) this.log.warn(line);
        break;
      case "rehash":
        this.log.warn(`The plan changed while awaiting approval (${check.before} \u2192 ${check.planHash}); an approval must be of the plan as it is now.`);
        break;
      case "block":
        this.log.error(`${check.stepId} blocked: ${check.reason}`);
        break;
    }
    return applyApprovalCheck(state, check);
  }
  /** A command that gives the plan a new approval, or raises a budget, counts only if it is confirmed where it lives. */
  async confirm(before, outcome) {
    let verifier = this.policy.verifier, raised = (outcome.state.budgetRaises ?? []).slice((before.budgetRaises ?? []).length);
    if (verifier?.verifyRaise && outcome.changed && raised.length)
      for (let raise of raised) {
        let verdict2 = await verifier.verifyRaise(outcome.state, raise);
        if (!verdict2.ok) return { state: before, changed: !1, reply: `This budget raise could not be confirmed on GitHub, so it does not count: ${verdict2.reason}.`, notices: [], refused: !0 };
      }
    let approval = outcome.state.approval;
    if (!verifier || !outcome.changed || !approval || approval === before.approval) return outcome;
    let verdict = await verifier.verify(outcome.state);
    return verdict.ok ? outcome : { state: before, changed: !1, reply: unconfirmedApprovalReply(verdict.reason), notices: [], refused: !0 };
  }
  /**
   * Before an attempt: the approval still stands (asked once per run while it does not change);
   * else the plan blocks. A budget raise that does not stand is dropped, so the budget it raised
   * holds again: false then too, and the tick decides anew.
   */
  async stands(ledger, stepId) {
    let verifier = this.policy.verifier;
    if (!verifier || !ledger.state.approval) return !0;
    let verdict = await verifier.verify(ledger.state);
    return verdict.ok ? this.raisesStand(ledger) : (this.log.error(`${stepId} blocked: the approval could not be confirmed on GitHub: ${verdict.reason}`), await ledger.commit(revokeApproval(ledger.state, stepId, verdict.reason), { kind: "update", message: `${stepId} blocked: approval not confirmed` }), !1);
  }
  async raisesStand(ledger) {
    let verifier = this.policy.verifier, raises = ledger.state.budgetRaises ?? [];
    if (!verifier?.verifyRaise || !raises.length) return !0;
    let kept = [];
    for (let raise of raises) {
      let verdict = await verifier.verifyRaise(ledger.state, raise);
      verdict.ok ? kept.push(raise) : this.log.error(`A budget raise does not count: ${verdict.reason}.`);
    }
    return kept.length === raises.length ? !0 : (await ledger.commit({ state: { ...ledger.state, budgetRaises: kept }, notices: [] }, { kind: "update", message: "budget raises not confirmed: dropped" }), !1);
  }
  planHashOf(state) {
    let h = this.hashed;
    if (h && h.plan === state.plan && h.queue === state.stepQueue) return h.hash;
    let hash = statePlanHash(state);
    return this.hashed = { plan: state.plan, queue: state.stepQueue, hash }, hash;
  }
};

// src/core/tick/base-sync.ts
function decideBaseSync(state, next, ctx) {
  return ctx.mode === "off" ? { kind: "skip", why: "sync-base is off" } : ctx.synced ? { kind: "skip", why: "synced earlier in this tick" } : state.status !== "IN_PROGRESS" ? { kind: "skip", why: `plan is ${state.status}` } : next.kind !== "run" ? { kind: "skip", why: `no attempt starts (${next.kind})` } : { kind: "sync" };
}
var FILES_IN_REASON = 5;
function baseSyncOutcome(state, next, result) {
  switch (result.kind) {
    case "up-to-date":
      return { kind: "proceed", note: `The work branch is up to date with ${result.base}.`, warn: !1 };
    case "merged":
      return { kind: "proceed", note: `Merged ${result.base} into the work branch (${result.commit.slice(0, 12)}).`, warn: !1 };
    case "unavailable":
      return { kind: "proceed", note: `Not syncing with ${result.base}: ${result.reason}. The step runs on the work branch as it is.`, warn: !0 };
    case "conflict":
      return { kind: "block", stepId: blockedStepId(state, next), reason: conflictReason(result) };
  }
}
function conflictReason(result) {
  let shown = result.files.slice(0, FILES_IN_REASON).join(", "), more = result.files.length > FILES_IN_REASON ? ` and ${result.files.length - FILES_IN_REASON} more` : "";
  return `the base branch ${result.base} does not merge cleanly into the work branch (conflicts in ${shown || "unknown files"}${more})`;
}
function blockOnBaseConflict(state, stepId, result) {
  let reason = conflictReason(result), line = `${stepId}: ${reason}`, blockers = state.blockers ?? [];
  return {
    state: { ...state, status: "BLOCKED", blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: "base-conflict", stepId, base: result.base, baseCommit: result.baseCommit, files: result.files }]
  };
}

// src/engine/base-sync.ts
var BaseSyncOnce = class {
  constructor(sync, log) {
    this.sync = sync;
    this.log = log;
  }
  sync;
  log;
  /** Whether this tick has synced the work branch with the base branch. */
  synced = !1;
  /**
   * Before the tick's first attempt (past its preflight and time budget checks), the base
   * branch's later changes are merged into the work branch. False when a conflict blocked the
   * plan instead (the loop then sees it blocked).
   */
  async beforeAttempt(ledger, d) {
    let sync = this.sync;
    if (decideBaseSync(ledger.state, d, { mode: sync ? "merge" : "off", synced: this.synced }).kind === "skip" || !sync) return !0;
    this.synced = !0;
    let result = await sync.sync(), outcome = baseSyncOutcome(ledger.state, d, result);
    return outcome.kind === "proceed" ? (outcome.warn ? this.log.warn(outcome.note) : this.log.info(outcome.note), !0) : result.kind !== "conflict" ? !0 : (this.log.error(`${outcome.stepId} blocked: ${outcome.reason}`), await ledger.commit(blockOnBaseConflict(ledger.state, outcome.stepId, result), { kind: "update", message: `${outcome.stepId} blocked: ${result.base} does not merge` }), !1);
  }
};

// src/engine/recovery.ts
import path from "node:path";
var EXITED = { exitCode: 0, signal: null, timedOut: !1, cancelled: !1, stdout: "", stderr: "", outputBytes: 0, durationMs: 0 };
async function recover(engine, ledger, d) {
  let { deps, cfg } = engine, toApply = await resultToApply(engine, ledger.state, d);
  if (toApply)
    return deps.log.info(`${d.stepId} attempt ${toApply.n}: workflow run ${toApply.owner.runId} ended with its result uploaded but not recorded; it is recorded now instead of running the step again.`), toApply;
  let logFile = d.attempt?.logFile ? path.resolve(path.dirname(cfg.logDir), d.attempt.logFile) : null;
  logFile && isInside(cfg.logDir, logFile) ? await deps.agent.reap(logFile) : logFile && deps.log.warn(`Not ending the process group named beside ${d.attempt?.logFile}: the state names a log outside the plan's log folder.`);
  let reason = ranElsewhere(d.attempt?.owner, cfg.owner) ? `${d.reason}; ${LOST_WORK}` : d.reason;
  deps.log.warn(`${d.stepId} attempt ${d.attempt?.n ?? "?"} ${reason}`);
  let usage = d.attempt ? await recoveredUsage(engine, ledger.state, d.stepId, d.attempt.n) : void 0;
  await acceptInterrupted(engine, ledger, d, usage) || await ledger.commit(recoverAttempt(ledger.state, d.stepId, reason, deps.clock.now(), usage), {
    kind: "update",
    message: `${d.stepId} attempt ${d.attempt?.n ?? "?"} interrupted`
  });
}
async function resultToApply({ deps, cfg }, state, d) {
  let owner = d.attempt?.owner, n = d.attempt?.n;
  if (!(!cfg.handOff || !deps.results || owner?.kind !== "actions" || n === void 0))
    try {
      if (await deps.results.hasResult(owner, attemptId(state, d.stepId, n))) return { kind: "apply", stepId: d.stepId, n, owner };
    } catch (err) {
      deps.log.warn(`Could not look for the result of ${d.stepId} attempt ${n} in workflow run ${owner.runId} (${describeError(err)}); the attempt is recorded as interrupted.`);
    }
}
async function acceptInterrupted(engine, ledger, d, usage) {
  let { deps, cfg } = engine, state = ledger.state, n = d.attempt?.n;
  if (n === void 0 || !mayAcceptInterrupted(d.attempt, cfg.owner, stepDef(state, d.stepId)) || currentStepId(state) !== d.stepId) return !1;
  let judged = await judge(engine, state, { stepId: d.stepId, n, timeoutMs: 0 }, EXITED);
  return judged.outcome !== "succeeded" ? (deps.log.info(`${d.stepId}: the interrupted attempt's work does not meet the step's contract (${judged.error ?? "failed"}); it runs again.`), !1) : (deps.log.warn(`${d.stepId}: the interrupted attempt ${n} left work that meets the step's contract; recorded as recovered, no new agent run.`), await finish(engine, ledger, { stepId: d.stepId, n }, { ...judged, outcome: "recovered", exitCode: null, error: null, ...usage ? { usage } : {} }), !0);
}
function isInside(dir, file) {
  let rel = path.relative(path.resolve(dir), file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
}

// src/engine/tick.ts
async function tick(deps, cfg) {
  return withStore(
    deps.store,
    "write",
    async () => {
      let loaded = await deps.store.load();
      return loaded.kind === "missing" ? (deps.log.info(`No state at ${deps.store.description}; nothing to do.`), { outcome: "missing", attempts: 0, writes: 0 }) : new Tick({ deps, cfg }, loaded.state, loaded.verbatim === !0).run();
    },
    (holder) => (cfg.commandsOnly || deps.log.info(`Another tick holds ${deps.store.description} (${holder}); nothing to do.`), { outcome: "busy", attempts: 0, writes: 0, detail: holder })
  );
}
var Tick = class {
  constructor(engine, loaded, verbatim) {
    this.engine = engine;
    let { deps, cfg } = engine;
    this.ledger = new Ledger(deps, loaded), this.gate = new ApprovalGate(deps.log, { trusted: verbatim && !cfg.requireApproval, requireApproval: cfg.requireApproval === !0, ...deps.approvals ? { verifier: deps.approvals } : {} }), this.inbox = new InboxSession(deps, this.ledger, this.gate), this.baseSync = new BaseSyncOnce(deps.baseSync, deps.log);
  }
  engine;
  ledger;
  gate;
  inbox;
  baseSync;
  /** The set-up is broken: set when a failed preflight blocked the plan. */
  configProblem;
  async run() {
    try {
      return await this.gate.check(this.ledger), await this.inbox.apply(), this.engine.cfg.commandsOnly ? this.result(idleOutcome(this.ledger.state)) : (await this.recordStickyBudget(), this.ledger.state.status === "IN_PROGRESS" && (await this.revalidateDoneSteps(), this.showResume()), await this.loop());
    } catch (err) {
      if (err instanceof ConflictError)
        return this.engine.deps.log.warn(`Giving up this tick: ${err.message}`), this.result("conflict", err.message);
      throw err;
    }
  }
  result(outcome, detail) {
    let { state, attempts, writes } = this.ledger;
    return { outcome, state, attempts, writes, ...detail ? { detail } : {}, ...this.configProblem ? { configProblem: this.configProblem } : {} };
  }
  /** The run's budget flags become the plan's default once (recordDefaultBudget); a flag that does not count says so. */
  async recordStickyBudget() {
    let given = this.engine.cfg.stickyBudget;
    if (!given) return;
    let recorded = recordDefaultBudget(this.ledger.state, given, budgetFlag);
    for (let line of recorded.ignored) this.engine.deps.log.warn(line);
    if (!recorded.changed) return;
    let budget = budgetText(recorded.state.defaultBudget ?? void 0);
    this.engine.deps.log.info(`Budget of the plan: ${budget}, over all its runs; recorded in its state, so later runs keep it without the flag.`), await this.ledger.commit({ state: recorded.state, notices: [] }, { kind: "update", message: `plan budget recorded: ${budget}` });
  }
  /** Resume re-validation: a finished step whose outputs vanished is run again before moving on. */
  async revalidateDoneSteps() {
    let state = this.ledger.state, byStep = await missingDoneOutputs(state, state.currentStep, this.engine.deps);
    byStep.size && await this.ledger.commit(reopenSteps(state, byStep), { kind: "update", message: `reopen ${[...byStep.keys()].join(", ")}: outputs missing` });
  }
  showResume() {
    if (!(this.ledger.state.currentStep === 0 || this.engine.cfg.quietResume))
      for (let line of resumeLines(this.ledger.state)) this.engine.deps.log.info(line);
  }
  async loop() {
    let { deps } = this.engine, ledger = this.ledger, now = () => deps.clock.now();
    for (; ; ) {
      ledger.attempts > 0 && await this.inbox.apply(), await this.gate.check(ledger);
      let d = await this.decide();
      switch (d.kind) {
        case "idle":
          return this.result(idleOutcome(ledger.state), d.reason);
        case "busy":
          return deps.log.info(`${d.stepId} attempt ${d.attempt?.n ?? "?"} is running in another tick (${ownerText(d.attempt?.owner)}); nothing to do.`), this.result("busy");
        case "wait":
          return deps.log.info(waitText(ledger.state, d.until)), this.result("waiting", d.until);
        case "complete":
          await ledger.commit(complete(ledger.state), { kind: "update", message: "plan done" });
          break;
        case "advance":
          await ledger.commit(advance(ledger.state, now()), { kind: "update", message: `${d.stepId} finished; advance` });
          break;
        case "cancel":
          await ledger.commit(cancel(ledger.state), { kind: "update", message: "plan cancelled" });
          break;
        case "gate":
          deps.log.info(`${d.stepId} is gated: the plan waits for an approval before it runs.`), await ledger.commit(pauseAtGate(ledger.state, d.stepId, stepDef(ledger.state, d.stepId), now()), { kind: "update", message: `paused at the gate of ${d.stepId}` });
          break;
        case "block":
          deps.log.error(`${d.stepId} blocked: ${d.reason}`), await ledger.commit(d.budget ? blockOnBudget(ledger.state, d.stepId, d.budget) : block(ledger.state, d.stepId, d.reason), { kind: "update", message: `${d.stepId} blocked: ${d.reason}` });
          break;
        case "recover": {
          let handOff = await recover(this.engine, ledger, d);
          if (handOff) return { ...this.result("handed-off"), handOff };
          break;
        }
        case "remediate":
          deps.log.warn(`${d.stepId} attempt ${d.forAttempt} failed validation; running remediation step ${d.via}, then ${d.stepId} again.`), await ledger.commit(beginRemediation(ledger.state, d.stepId, d.via, d.forAttempt), {
            kind: "update",
            message: `${d.stepId} attempt ${d.forAttempt} failed validation; remediate with ${d.via}`
          });
          break;
        case "run": {
          if (!await this.gate.stands(ledger, d.stepId)) break;
          let step = await runAttempt(this.engine, ledger, this.baseSync, d, (problem) => this.configProblem = problem);
          if (step === "budget") return this.result("budget");
          if (step !== "next") return { ...this.result("handed-off"), handOff: { kind: "run", start: step.handOff } };
          break;
        }
      }
    }
  }
  async decide() {
    let state = this.ledger.state, stepId = activeStepId(state), inFlight = stepId !== void 0 && state.status === "IN_PROGRESS" ? lastAttempt(stepRun(state, stepId)) : void 0, ownerLiveness = inFlight?.owner && stepRun(state, stepId).status === "IN_PROGRESS" ? await this.liveness(inFlight.owner) : void 0;
    return decide(state, { now: this.engine.deps.clock.now(), limits: this.engine.cfg.limits, ...ownerLiveness ? { ownerLiveness } : {} });
  }
  /**
   * An attempt this very runner started is not running: its ticks run one after another, and
   * the one that started it has ended (its write was refused as stale, or it failed). Asking the
   * probe would say "alive" (it is us) and leave the attempt to its lease, an hour away.
   */
  liveness(owner) {
    return sameOwner(owner, this.engine.cfg.owner) ? Promise.resolve("dead") : this.engine.deps.owners.liveness(owner);
  }
};
function idleOutcome(state) {
  switch (state.status) {
    case "DONE":
      return "done";
    case "BLOCKED":
      return "blocked";
    case "CANCELLED":
      return "cancelled";
    case "AWAITING_APPROVAL":
      return "awaiting-approval";
    default:
      return "idle";
  }
}
function ownerText(owner) {
  return owner ? owner.kind === "local" ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} attempt ${owner.runAttempt}` : "owner unknown";
}

export {
  waitReason,
  Ledger,
  tick
};
