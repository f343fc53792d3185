import { describe, expect, it } from 'vitest';
import { AUTONOMY_PREAMBLE, promptPreamble, stepPrompt } from '../../src/core/tick/prompts.js';
import type { State } from '../../src/core/state/types.js';
import { state } from '../fakes/states.js';

/** A state as `newState` makes it, with the plan's preamble left at its default. */
function planState(preamble?: string | false): State {
  const s = state(['a']);
  const { promptPreamble: _fixture, ...plan } = s.plan;
  return { ...s, plan: preamble === undefined ? plan : { ...plan, promptPreamble: preamble } } as State;
}

describe('the prompt preamble', () => {
  it('tells the agent of a new plan to work on without asking, retry, try an alternative, and exit non-zero only when stuck', () => {
    const prompt = stepPrompt(planState(), 'a', 0, null);
    expect(prompt).toBe(`${AUTONOMY_PREAMBLE}\n\nDo a`);
    expect(AUTONOMY_PREAMBLE).toMatch(/do not stop to ask/);
    expect(AUTONOMY_PREAMBLE).toMatch(/retry once/);
    expect(AUTONOMY_PREAMBLE).toMatch(/try an alternative/);
    expect(AUTONOMY_PREAMBLE).toMatch(/exit with a non-zero status/);
  });

  it('keeps the original troubleshooting prompt word for word after it', () => {
    expect(stepPrompt(planState(), 'a', 1, 'boom')).toBe(`${AUTONOMY_PREAMBLE}\n\nStep a failed (tries: 1). Previous run ended with: boom. Please troubleshoot and retry: Do a`);
  });

  it("is the plan's own text, or nothing with false", () => {
    expect(stepPrompt(planState('House rules: be brief.'), 'a', 0, null)).toBe('House rules: be brief.\n\nDo a');
    expect(stepPrompt(planState(false), 'a', 0, null)).toBe('Do a');
  });

  it('is off for a seed state (no version): its agent gets the prompts the original sequencer sent', () => {
    const { version: _v, ...seed } = planState();
    expect(promptPreamble(seed as State)).toBeNull();
    expect(stepPrompt(seed as State, 'a', 0, null)).toBe('Do a');
  });
});
