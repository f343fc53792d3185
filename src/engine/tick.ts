// The tick: load → approval → inbox → re-validate → loop(decide → recover | checkpoint → run →
// judge → commit). Written against the ports only; every decision comes from src/core, and each
// part of the work is a module of its own (see the imports below).
import { advance, block, cancel, complete, reopenSteps } from '../core/tick/apply.js';
import { blockOnBudget, budgetFlag, budgetText, recordDefaultBudget } from '../core/tick/budget.js';
import { pauseAtGate } from '../core/tick/gates.js';
import { ConflictError } from '../core/errors.js';
import { decide, type Decision } from '../core/tick/decide.js';
import { activeStepId, beginRemediation } from '../core/tick/remediation.js';
import { resumeLines } from '../core/render/render.js';
import { waitText } from '../core/tick/wait-reason.js';
import { lastAttempt, sameOwner, stepDef, stepRun } from '../core/state/step-view.js';
import type { AttemptOwner, State } from '../core/state/types.js';
import type { Liveness } from '../ports.js';
import { withStore } from '../store-access.js';
import { ApprovalGate } from './approval-gate.js';
import { runAttempt } from './attempt.js';
import { BaseSyncOnce } from './base-sync.js';
import { Ledger } from './commit.js';
import { missingDoneOutputs } from './done-outputs.js';
import { InboxSession } from './inbox-session.js';
import { recover } from './recovery.js';
import type { Engine, EngineConfig, EngineDeps, TickOutcome, TickResult } from './types.js';

export async function tick(deps: EngineDeps, cfg: EngineConfig): Promise<TickResult> {
  // The store is released on every path, also when it could not be opened.
  return withStore(
    deps.store,
    'write',
    async () => {
      const loaded = await deps.store.load();
      if (loaded.kind === 'missing') {
        deps.log.info(`No state at ${deps.store.description}; nothing to do.`);
        return { outcome: 'missing', attempts: 0, writes: 0 };
      }
      return new Tick({ deps, cfg }, loaded.state, loaded.verbatim === true).run();
    },
    (holder) => {
      // A steering command says itself what happens to it (the running tick applies it).
      if (!cfg.commandsOnly) deps.log.info(`Another tick holds ${deps.store.description} (${holder}); nothing to do.`);
      return { outcome: 'busy', attempts: 0, writes: 0, detail: holder };
    },
  );
}

class Tick {
  private readonly ledger: Ledger;
  private readonly gate: ApprovalGate;
  private readonly inbox: InboxSession;
  private readonly baseSync: BaseSyncOnce;
  /** The set-up is broken: set when a failed preflight blocked the plan. */
  private configProblem: string | undefined;

  constructor(
    private readonly engine: Engine,
    loaded: State,
    verbatim: boolean,
  ) {
    const { deps, cfg } = engine;
    this.ledger = new Ledger(deps, loaded);
    this.gate = new ApprovalGate(deps.log, { trusted: verbatim && !cfg.requireApproval, requireApproval: cfg.requireApproval === true, ...(deps.approvals ? { verifier: deps.approvals } : {}) });
    this.inbox = new InboxSession(deps, this.ledger, this.gate);
    this.baseSync = new BaseSyncOnce(deps.baseSync, deps.log);
  }

  async run(): Promise<TickResult> {
    try {
      await this.gate.check(this.ledger);
      await this.inbox.apply();
      if (this.engine.cfg.commandsOnly) return this.result(idleOutcome(this.ledger.state));
      await this.recordStickyBudget();
      if (this.ledger.state.status === 'IN_PROGRESS') {
        await this.revalidateDoneSteps();
        this.showResume();
      }
      return await this.loop();
    } catch (err) {
      if (err instanceof ConflictError) {
        this.engine.deps.log.warn(`Giving up this tick: ${err.message}`);
        return this.result('conflict', err.message);
      }
      throw err;
    }
  }

  private result(outcome: TickOutcome, detail?: string): TickResult {
    const { state, attempts, writes } = this.ledger;
    return { outcome, state, attempts, writes, ...(detail ? { detail } : {}), ...(this.configProblem ? { configProblem: this.configProblem } : {}) };
  }

  /** The run's budget flags become the plan's default once (recordDefaultBudget); a flag that does not count says so. */
  private async recordStickyBudget(): Promise<void> {
    const given = this.engine.cfg.stickyBudget;
    if (!given) return;
    const recorded = recordDefaultBudget(this.ledger.state, given, budgetFlag);
    for (const line of recorded.ignored) this.engine.deps.log.warn(line);
    if (!recorded.changed) return;
    const budget = budgetText(recorded.state.defaultBudget ?? undefined);
    this.engine.deps.log.info(`Budget of the plan: ${budget}, over all its runs; recorded in its state, so later runs keep it without the flag.`);
    await this.ledger.commit({ state: recorded.state, notices: [] }, { kind: 'update', message: `plan budget recorded: ${budget}` });
  }

  /** Resume re-validation: a finished step whose outputs vanished is run again before moving on. */
  private async revalidateDoneSteps(): Promise<void> {
    const state = this.ledger.state;
    const byStep = await missingDoneOutputs(state, state.currentStep, this.engine.deps);
    if (!byStep.size) return;
    await this.ledger.commit(reopenSteps(state, byStep), { kind: 'update', message: `reopen ${[...byStep.keys()].join(', ')}: outputs missing` });
  }

  private showResume(): void {
    // A run that ticks again after a wait has shown them already.
    if (this.ledger.state.currentStep === 0 || this.engine.cfg.quietResume) return;
    for (const line of resumeLines(this.ledger.state)) this.engine.deps.log.info(line);
  }

  private async loop(): Promise<TickResult> {
    const { deps } = this.engine;
    const ledger = this.ledger;
    const now = () => deps.clock.now();
    for (;;) {
      if (ledger.attempts > 0) await this.inbox.apply();
      await this.gate.check(ledger);
      const d = await this.decide();
      switch (d.kind) {
        case 'idle':
          return this.result(idleOutcome(ledger.state), d.reason);
        case 'busy':
          deps.log.info(`${d.stepId} attempt ${d.attempt?.n ?? '?'} is running in another tick (${ownerText(d.attempt?.owner)}); nothing to do.`);
          return this.result('busy');
        case 'wait':
          deps.log.info(waitText(ledger.state, d.until));
          return this.result('waiting', d.until);
        case 'complete':
          await ledger.commit(complete(ledger.state), { kind: 'update', message: 'plan done' });
          break;
        case 'advance':
          await ledger.commit(advance(ledger.state, now()), { kind: 'update', message: `${d.stepId} finished; advance` });
          break;
        case 'cancel':
          await ledger.commit(cancel(ledger.state), { kind: 'update', message: 'plan cancelled' });
          break;
        case 'gate':
          deps.log.info(`${d.stepId} is gated: the plan waits for an approval before it runs.`);
          await ledger.commit(pauseAtGate(ledger.state, d.stepId, stepDef(ledger.state, d.stepId), now()), { kind: 'update', message: `paused at the gate of ${d.stepId}` });
          break;
        case 'block':
          deps.log.error(`${d.stepId} blocked: ${d.reason}`);
          await ledger.commit(d.budget ? blockOnBudget(ledger.state, d.stepId, d.budget) : block(ledger.state, d.stepId, d.reason), { kind: 'update', message: `${d.stepId} blocked: ${d.reason}` });
          break;
        case 'recover': {
          const handOff = await recover(this.engine, ledger, d);
          if (handOff) return { ...this.result('handed-off'), handOff };
          break;
        }
        case 'remediate':
          deps.log.warn(`${d.stepId} attempt ${d.forAttempt} failed validation; running remediation step ${d.via}, then ${d.stepId} again.`);
          await ledger.commit(beginRemediation(ledger.state, d.stepId, d.via, d.forAttempt), {
            kind: 'update',
            message: `${d.stepId} attempt ${d.forAttempt} failed validation; remediate with ${d.via}`,
          });
          break;
        case 'run': {
          if (!(await this.gate.stands(ledger, d.stepId))) break;
          const step = await runAttempt(this.engine, ledger, this.baseSync, d, (problem) => (this.configProblem = problem));
          if (step === 'budget') return this.result('budget');
          if (step !== 'next') return { ...this.result('handed-off'), handOff: { kind: 'run', start: step.handOff } };
          break;
        }
      }
    }
  }

  private async decide(): Promise<Decision> {
    const state = this.ledger.state;
    // During a remediation detour the attempt in flight belongs to the remediation step.
    const stepId = activeStepId(state);
    const inFlight = stepId !== undefined && state.status === 'IN_PROGRESS' ? lastAttempt(stepRun(state, stepId)) : undefined;
    const ownerLiveness = inFlight?.owner && stepRun(state, stepId!).status === 'IN_PROGRESS' ? await this.liveness(inFlight.owner) : undefined;
    return decide(state, { now: this.engine.deps.clock.now(), limits: this.engine.cfg.limits, ...(ownerLiveness ? { ownerLiveness } : {}) });
  }

  /**
   * An attempt this very runner started is not running: its ticks run one after another, and
   * the one that started it has ended (its write was refused as stale, or it failed). Asking the
   * probe would say "alive" (it is us) and leave the attempt to its lease, an hour away.
   */
  private liveness(owner: AttemptOwner): Promise<Liveness> {
    return sameOwner(owner, this.engine.cfg.owner) ? Promise.resolve('dead') : this.engine.deps.owners.liveness(owner);
  }
}

function idleOutcome(state: State): TickOutcome {
  switch (state.status) {
    case 'DONE':
      return 'done';
    case 'BLOCKED':
      return 'blocked';
    case 'CANCELLED':
      return 'cancelled';
    case 'AWAITING_APPROVAL':
      return 'awaiting-approval';
    default:
      return 'idle';
  }
}

function ownerText(owner: AttemptOwner | undefined): string {
  if (!owner) return 'owner unknown';
  return owner.kind === 'local' ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} attempt ${owner.runAttempt}`;
}
