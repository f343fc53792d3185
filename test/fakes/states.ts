// Builders for plans and states used across core and engine tests.
import { newState } from '../../src/core/plan/new-state.js';
import type { Plan, State, StepDef } from '../../src/core/state/types.js';

export const T0 = new Date('2026-01-01T00:00:00Z');

export function plan(ids: string[], extra: Partial<StepDef> | ((id: string) => Partial<StepDef>) = {}): Plan {
  const steps: Record<string, StepDef> = {};
  for (const id of ids) {
    const more = typeof extra === 'function' ? extra(id) : extra;
    steps[id] = { title: `Title ${id}`, instruction: `Do ${id}`, ...more };
  }
  // The prompts under test here are the step's own; the autonomy preamble has its own tests.
  return { title: 'Test plan', steps, promptPreamble: false };
}

export function state(ids: string[], overrides: Partial<State> = {}, extra?: Partial<StepDef> | ((id: string) => Partial<StepDef>)): State {
  return { ...newState(plan(ids, extra), { planId: 'p', now: T0, approved: { by: 'tester' } }), ...overrides };
}
