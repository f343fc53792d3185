// Routing after a validation failure (`onValidationFail`, README "Step contracts"): retry the step,
// block at once, or detour through a remediation step and then retry. A detour is recorded in the
// failed step's run (`remediation`), so a tick that dies mid-detour is resumed by the next one
// exactly where it was, and decide() can follow it from the state alone.
import type { Transition } from './apply.js';
import { renderInstruction, troubleshootingPrompt, withPreamble } from './prompts.js';
import { lastAttempt, stepRun } from '../state/step-view.js';
import type { Plan, Remediation, State, StepDef, StepRun } from '../state/types.js';

/** Where a validation failure goes: `retry` (the default), `fail` (block the plan), or a detour through remediation step `via`. */
export type ValidationRoute = { kind: 'retry' } | { kind: 'fail' } | { kind: 'detour'; via: string };

/** The route `def.onValidationFail` (or `def.onOverflow`) names; any value other than the two keywords is a step id. */
export function routeOf(def: StepDef, field: 'onValidationFail' | 'onOverflow' = 'onValidationFail'): ValidationRoute {
  const route = def[field];
  if (route === undefined || route === 'retry') return { kind: 'retry' };
  if (route === 'fail') return { kind: 'fail' };
  return { kind: 'detour', via: route };
}

/**
 * How a FAILED run's last failure is routed: by onValidationFail when it failed validation rules,
 * by onOverflow when it overflowed, otherwise null (the retry policy). A failure from before a
 * fresh budget (`/retry` sets tries to 0) is not routed again: the person chose.
 */
export function validationRoute(def: StepDef, run: StepRun): (ValidationRoute & { field: 'onValidationFail' | 'onOverflow' }) | null {
  if (run.status !== 'FAILED' || run.tries === 0) return null;
  const last = lastAttempt(run);
  if (last?.outcome === 'overflow') return { ...routeOf(def, 'onOverflow'), field: 'onOverflow' };
  const failed = last?.failedRules;
  return Array.isArray(failed) && failed.length > 0 ? { ...routeOf(def), field: 'onValidationFail' } : null;
}

/** The detour this run is waiting on, if any (read defensively: state files are edited by hand). */
export function pendingRemediation(state: State, stepId: string): Remediation | undefined {
  const run = state.stepRuns[stepId];
  const r = run?.remediation;
  if (!run || run.status !== 'FAILED' || run.tries === 0 || !r || typeof r !== 'object') return undefined;
  if (r.status !== 'PENDING' || typeof r.step !== 'string' || !Object.hasOwn(state.plan.steps, r.step)) return undefined;
  return r.forAttempt === lastAttempt(run)?.n ? r : undefined;
}

/**
 * The current step followed by the remediation steps it waits on, innermost last:
 * `[a]` normally, `[a, fix]` during a detour, `[a, fix, fix-fix]` when the fix itself failed
 * validation and routes on. Plan validation forbids routing cycles; `seen` guards hand edits.
 */
export function detourChain(state: State, stepId: string): string[] {
  const chain = [stepId];
  const seen = new Set(chain);
  for (let at = stepId; ;) {
    const next = pendingRemediation(state, at)?.step;
    if (next === undefined || seen.has(next)) return chain;
    chain.push(next);
    seen.add(next);
    at = next;
  }
}

/** The step whose attempt runs (or would run) next: the current step or its innermost detour. */
export function activeStepId(state: State): string | undefined {
  const current = state.stepQueue[state.currentStep];
  if (current === undefined) return undefined;
  return detourChain(state, current).at(-1);
}

/** The remediation steps a step can route to (onValidationFail, onOverflow), transitively (`a → fix → fix-fix`). */
export function remediationTargets(plan: Plan, stepId: string): string[] {
  const out: string[] = [];
  const queue = [stepId];
  while (queue.length) {
    const def = plan.steps[queue.shift()!];
    if (!def) continue;
    for (const field of ['onValidationFail', 'onOverflow'] as const) {
      const route = routeOf(def, field);
      if (route.kind !== 'detour' || route.via === stepId || out.includes(route.via) || !Object.hasOwn(plan.steps, route.via)) continue;
      out.push(route.via);
      queue.push(route.via);
    }
  }
  return out;
}

/**
 * Starts a detour: attempt `forAttempt` of `stepId` failed validation and `via` repairs it. The
 * remediation step runs afresh (PENDING), keeping its tries: they count against its own
 * maxAttempts across detours, which bounds the loop.
 */
export function beginRemediation(state: State, stepId: string, via: string, forAttempt: number): Transition {
  const failed = stepRun(state, stepId);
  const fixer = stepRun(state, via);
  const remediation: Remediation = { step: via, forAttempt, status: 'PENDING' };
  return {
    state: {
      ...state,
      stepRuns: {
        ...state.stepRuns,
        [stepId]: { ...failed, remediation },
        [via]: { ...fixer, status: 'PENDING', error: null },
      },
    },
    notices: [],
  };
}

/** The remediation step succeeded: the step it repaired is retried next. */
export function finishRemediation(state: State, stepId: string, via: string): State {
  const run = state.stepRuns[stepId];
  const r = run?.remediation;
  if (!run || !r || r.step !== via || r.status !== 'PENDING') return state;
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: { ...run, remediation: { ...r, status: 'DONE' } } } };
}

/**
 * A remediation step's prompt: its own instruction plus why the step it repairs failed; on its
 * own retry, wrapped in the usual troubleshooting prompt.
 */
export function remediationPrompt(state: State, stepId: string, forStep: string, triesSoFar: number, lastError: string | null | undefined): string {
  const failed = stepRun(state, forStep);
  const title = state.plan.steps[forStep]?.title;
  const attempt = failed.remediation?.forAttempt ?? lastAttempt(failed)?.n ?? failed.tries;
  const instruction = [
    renderInstruction(state.plan.steps[stepId]?.instruction ?? '', state),
    `This is a remediation step for step ${forStep}${title ? ` (${title})` : ''}, whose attempt ${attempt} failed: ${failed.error ?? 'unknown error'}. Step ${forStep} runs again after this one.`,
  ].join('\n\n');
  if (triesSoFar > 0 && lastError) return withPreamble(state, troubleshootingPrompt(stepId, triesSoFar, lastError, instruction));
  return withPreamble(state, instruction);
}
