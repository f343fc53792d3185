import { describe, expect, it } from 'vitest';
import { newState } from '../../src/core/new-state.js';
import { PRETTY_MAX_STEPS, serializeState } from '../../src/core/state-json.js';
import type { Plan, State } from '../../src/core/types.js';

const now = new Date('2025-05-01T12:00:00.000Z');

function planOf(n: number, note = 'Do part'): Plan {
  const steps: Plan['steps'] = {};
  for (let i = 1; i <= n; i++) steps[`s${i}`] = { title: `Step ${i}`, instruction: `${note} ${i}`, requiredOutputs: [`out/${i}.md`] };
  return { title: `plan of ${n}`, steps };
}

function stateOf(n: number): State {
  return newState(planOf(n), { planId: 'p', now });
}

describe('serializeState', () => {
  it(`indents plans of up to ${PRETTY_MAX_STEPS} steps, as people edit them, with a final newline`, () => {
    const state = stateOf(PRETTY_MAX_STEPS);
    expect(serializeState(state)).toBe(`${JSON.stringify(state, null, 2)}\n`);
  });

  it('writes larger plans compact, exactly as JSON.stringify would: same field order, unknown fields kept, undefined left out', () => {
    const base = stateOf(PRETTY_MAX_STEPS + 1);
    const state = { extraFirst: { a: [1, 'x'] }, ...base, notBefore: undefined, lastHeartbeatIso: '2025-05-01T12:00:00.000Z', trailing: null } as unknown as State;
    Object.defineProperty(state, '__proto__', { value: { kept: true }, enumerable: true, writable: true, configurable: true });
    const text = serializeState(state);
    expect(text).toBe(`${JSON.stringify(state)}\n`);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(Object.keys(state).filter((k) => k !== 'notBefore'));
  });

  it('reuses the text of a plan and a queue it already wrote, and writes a new plan afresh', () => {
    const state = stateOf(PRETTY_MAX_STEPS + 1);
    const first = serializeState(state);
    const checkpoint = serializeState({ ...state, revision: 1, currentStep: 1 });
    expect(checkpoint).toBe(`${JSON.stringify({ ...state, revision: 1, currentStep: 1 })}\n`);
    expect(first).not.toBe(checkpoint);

    // A replan is a new plan object: its own text must be written, never the old plan's.
    const replanned = { ...state, plan: planOf(PRETTY_MAX_STEPS + 1, 'Redo part'), stepQueue: [...state.stepQueue].reverse() };
    const text = serializeState(replanned);
    expect(text).toBe(`${JSON.stringify(replanned)}\n`);
    expect(text).toContain('Redo part 7');
    expect(text).not.toContain('"Do part 7"');
  });
});
