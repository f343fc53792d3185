// `audit`: what needs a person's attention across all plans, decided from gathered facts alone.
// Every finding says what is wrong, where, and what to do about it (the hint).
import { activeStepId } from '../tick/remediation.js';
import { isIdleStatus } from './plan-index.js';
import { daysBetween, lastChangeMs, type FleetFacts, type PlanFacts } from './plan-facts.js';
import { lastAttempt, stepRun } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { countOf } from '../render/plural.js';

export type Severity = 'error' | 'warning' | 'notice';

export type FindingCode =
  'invalid-state' | 'state-too-large' | 'branch-without-state' | 'lease-expired' | 'cancel-stuck' | 'stale-blocked' | 'stale-approval' | 'finished-plan-caches' | 'not-indexed' | 'workflow-disabled';

export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** Absent for repository-wide findings (a disabled workflow). */
  planId?: string;
  message: string;
  hint: string;
}

export interface AuditOptions {
  now: Date;
  /** BLOCKED or AWAITING_APPROVAL for more than this many days is reported. */
  staleDays: number;
}

export const DEFAULT_STALE_DAYS = 14;

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

export function auditFindings(facts: FleetFacts, opts: AuditOptions): Finding[] {
  const findings: Finding[] = [];
  for (const plan of facts.plans) findings.push(...planFindings(plan, opts));
  for (const w of facts.workflows ?? []) {
    if (w.state !== 'disabled_inactivity') continue;
    findings.push({
      code: 'workflow-disabled',
      severity: 'error',
      message: `Workflow "${w.name}" (${w.path}) was disabled by GitHub for inactivity: its schedule, the heartbeat, no longer runs.`,
      hint: `Enable it in the Actions tab or with \`gh workflow enable ${w.path.split('/').pop()}\`. GitHub disables scheduled workflows after 60 days without repository activity.`,
    });
  }
  return findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.planId ?? '').localeCompare(b.planId ?? '') || a.code.localeCompare(b.code));
}

function planFindings(plan: PlanFacts, opts: AuditOptions): Finding[] {
  const { planId, location, doc } = plan;
  if (doc.kind === 'invalid') {
    return [
      {
        code: 'invalid-state',
        severity: 'error',
        planId,
        message: `${planId}: the state at ${location} fails validation: ${doc.error}`,
        hint: 'Ticks refuse it and leave it untouched: fix the named fields by hand or restore the state from the history, then tick again.',
      },
    ];
  }
  if (doc.kind === 'too-large') {
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB`;
    return [
      {
        code: 'state-too-large',
        severity: 'error',
        planId,
        message: `${planId}: the state at ${location} is ${mib(doc.bytes)} (${doc.bytes} bytes), more than the ${mib(doc.limit)} audit and maintenance read, so it was not checked.`,
        hint: 'The git store cannot load a state this large either, and maintenance leaves the plan alone. Find what grew it (long stdout, error or payload fields, or many attempts, in stepRuns), trim it by hand or restore a smaller state from the history.',
      },
    ];
  }
  if (doc.kind === 'missing') {
    return [
      {
        code: 'branch-without-state',
        severity: 'warning',
        planId,
        message: `${planId}: ${location} holds no state file (.sequencer/${planId}/state.json).`,
        hint: 'Nothing ticks it. Delete the branch if it is not a plan, or restore the state from its history.',
      },
    ];
  }
  const state = doc.state;
  const out: Finding[] = [];
  const inFlight = attemptInFlight(state);
  const leaseMs = inFlight?.leaseExpiresAt ? Date.parse(inFlight.leaseExpiresAt) : NaN;
  const leaseExpired = inFlight !== undefined && (Number.isNaN(leaseMs) || leaseMs <= opts.now.getTime());
  if (inFlight && leaseExpired) {
    out.push({
      code: 'lease-expired',
      severity: 'warning',
      planId,
      message: `${planId}: ${inFlight.stepId} attempt ${inFlight.n} has run past its lease (${inFlight.leaseExpiresAt ?? 'no lease recorded'}) without a result.`,
      hint: `The runner that owned it is gone. The next tick records it as interrupted and retries it; if none comes, check that the heartbeat runs, or tick it by hand (dispatch command tick with plan-id ${planId}; locally \`agent-step-sequencer check\`).`,
    });
  }
  if (state.cancelRequested && state.status === 'IN_PROGRESS' && (!inFlight || leaseExpired)) {
    out.push({
      code: 'cancel-stuck',
      severity: 'warning',
      planId,
      message: `${planId}: cancel requested by @${state.cancelRequested.by} at ${state.cancelRequested.at}, but the plan is still IN_PROGRESS.`,
      hint: '`maintenance --apply` (or the next tick) finishes the cancellation; nothing new starts meanwhile.',
    });
  }
  const since = lastChangeMs(plan);
  const days = since === null ? null : daysBetween(since, opts.now);
  if (days !== null && days > opts.staleDays && (state.status === 'BLOCKED' || state.status === 'AWAITING_APPROVAL')) {
    const blocked = state.status === 'BLOCKED';
    out.push({
      code: blocked ? 'stale-blocked' : 'stale-approval',
      severity: 'warning',
      planId,
      message: `${planId}: ${blocked ? 'blocked' : 'awaiting approval'} for ${days} days (since ${new Date(since!).toISOString()})${blocked && state.blockers?.length ? `: ${state.blockers[state.blockers.length - 1]}` : ''}.`,
      hint: blocked ? 'Fix the cause, then comment /retry (or /skip the step); /cancel ends the plan.' : 'Comment /approve to run it, or /cancel to drop it.',
    });
  }
  const caches = plan.caches ?? [];
  if (caches.length && (state.status === 'DONE' || state.status === 'CANCELLED')) {
    const bytes = caches.reduce((n, c) => n + (c.sizeBytes ?? 0), 0);
    out.push({
      code: 'finished-plan-caches',
      severity: 'notice',
      planId,
      message: `${planId}: ${caches.length} cache entr${caches.length === 1 ? 'y' : 'ies'} (${(bytes / 1024 / 1024).toFixed(1)} MiB) kept for a plan that is ${state.status}.`,
      hint: '`maintenance --apply` deletes them when it prunes the plan; GitHub also evicts entries unused for 7 days.',
    });
  }
  if (plan.tip && isIdleStatus(state.status) && plan.tip.idleSha !== plan.tip.sha) {
    out.push({
      code: 'not-indexed',
      severity: 'notice',
      planId,
      message: `${planId}: ${state.status} but not recorded as idle, so every heartbeat fetches ${location}.`,
      hint: 'The next heartbeat records it; `maintenance --apply` does it now.',
    });
  }
  return out;
}

/** The attempt a step IN_PROGRESS claims to be running (remediation detours included). */
export function attemptInFlight(state: State): { stepId: string; n: number; leaseExpiresAt: string | undefined } | undefined {
  if (state.status !== 'IN_PROGRESS') return undefined;
  const stepId = activeStepId(state);
  if (stepId === undefined) return undefined;
  const run = stepRun(state, stepId);
  if (run.status !== 'IN_PROGRESS') return undefined;
  const attempt = lastAttempt(run);
  return { stepId, n: attempt?.n ?? run.tries, leaseExpiresAt: attempt?.leaseExpiresAt };
}

/** One line per finding for terminals and logs. */
export function formatFinding(f: Finding): string {
  return `${f.severity.toUpperCase()} ${f.code}: ${f.message}\n  hint: ${f.hint}`;
}

/** The job summary of an audit: one table row per finding. */
export function findingsMarkdown(findings: Finding[], planCount: number): string {
  const head = `### Agent Step Sequencer audit\n\n${countOf(planCount, 'plan')}, ${countOf(findings.length, 'finding')}.\n`;
  if (!findings.length) return `${head}\nNothing needs attention.\n`;
  const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const rows = findings.map((f) => `| ${f.severity} | \`${f.code}\` | ${cell(f.planId ?? '')} | ${cell(f.message)} | ${cell(f.hint)} |`);
  return `${head}\n| severity | finding | plan | what | what to do |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}
