import { describe, expect, it } from 'vitest';
import { newState } from '../../src/core/plan/new-state.js';
import { PRETTY_MAX_STEPS, adoptTexts, serializeState, serializeStateWithSpans } from '../../src/core/state/state-json.js';
import type { Plan, State } from '../../src/core/state/types.js';

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

  it('indents exactly as JSON.stringify(state, null, 2): line breaks in strings, empty objects and arrays, undefined, a reused plan', () => {
    const base = stateOf(3);
    const tricky = {
      ...base,
      plan: { ...base.plan, notes: 'line one\nline two\r\n\ttabbed "quoted"', empty: {}, none: [], nested: [{}, [], { a: [] }] },
      stepRuns: { s1: { status: 'FAILED', tries: 1, error: 'boom\n  at x', attempts: [] } },
      notBefore: undefined,
      blockers: [],
    } as unknown as State;
    expect(serializeState(tricky)).toBe(`${JSON.stringify(tricky, null, 2)}\n`);
    const next = { ...tricky, revision: 4, artifacts: ['a.md'] };
    expect(serializeState(next)).toBe(`${JSON.stringify(next, null, 2)}\n`);
    // Runs: a replaced run is written anew, the others as before; odd values as JSON has them.
    const runs = next.stepRuns as Record<string, unknown>;
    const after = { ...next, stepRuns: { ...runs, s1: { status: 'DONE', tries: 2, note: undefined }, s2: { status: 'PENDING', tries: 0 }, s3: null } } as unknown as State;
    expect(serializeState(after)).toBe(`${JSON.stringify(after, null, 2)}\n`);
    const none = { ...after, stepRuns: {} };
    expect(serializeState(none)).toBe(`${JSON.stringify(none, null, 2)}\n`);
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

describe('serializeStateWithSpans and adoptTexts', () => {
  it('says where the plan and queue lie in a compact document, and none for an indented one', () => {
    const state = stateOf(PRETTY_MAX_STEPS + 1);
    const { text, spans } = serializeStateWithSpans(state);
    expect(text.slice(...spans.plan!)).toBe(JSON.stringify(state.plan));
    expect(text.slice(...spans.stepQueue!)).toBe(JSON.stringify(state.stepQueue));
    expect(serializeStateWithSpans(stateOf(3)).spans).toEqual({});
  });

  it('writes an adopted text in place of serializing the object again', () => {
    // The adopted text is trusted as the object's own: the file store adopts only text whose
    // bytes its digest note names. Here it deliberately differs, to show it is what gets written.
    const state = stateOf(PRETTY_MAX_STEPS + 1);
    const stand = '{"title":"adopted"}';
    const doc = `{"plan":${stand},"x":1}`;
    adoptTexts(state, doc, { plan: [8, 8 + stand.length] });
    expect(serializeState(state)).toContain(`"plan":${stand}`);
  });

  it('ignores a span that is out of range, of the wrong kind, or not right after its field name', () => {
    const state = stateOf(PRETTY_MAX_STEPS + 1);
    const expected = `${JSON.stringify(state)}\n`;
    const doc = '{"other":{"a":1},"plan":[1,2],"stepQueue":{"b":2}}';
    adoptTexts(state, doc, { plan: [9, 16] }); // {"a":1}, but after "other":
    adoptTexts(state, doc, { plan: [24, 29] }); // after "plan": but an array
    adoptTexts(state, doc, { stepQueue: [42, 49] }); // after "stepQueue": but an object
    adoptTexts(state, doc, { plan: [40, 4000], stepQueue: [-1, 3] });
    expect(serializeState(state)).toBe(expected);
  });
});
