// What a completion commit holds is the plan's choice: validated with the field named, shown in
// the proposal, bound by the plan hash, and handed to the store with each completion.
import { describe, expect, it } from 'vitest';
import { commitSelection } from '../../src/core/plan/commit-selection.js';
import { parsePlan } from '../../src/core/plan/validate-plan.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { renderProposal } from '../../src/core/render/proposal-markdown.js';
import { DEFAULT_LIMITS } from '../../src/core/state/step-view.js';
import { state } from '../fakes/states.js';

const steps = { a: { title: 'A', instruction: 'Do a', requiredOutputs: ['out/a.md'] }, b: { title: 'B', instruction: 'Do b', commit: { ignore: ['tmp/**'] } } };

describe('the commit field', () => {
  it("chooses per step: the step's own, else the plan's, else all", () => {
    const plan = parsePlan({ commit: 'outputs', steps });
    expect(commitSelection(plan, 'a')).toEqual({ kind: 'outputs', paths: ['out/a.md'] });
    expect(commitSelection(plan, 'b')).toEqual({ kind: 'ignore', patterns: ['tmp/**'] });
    expect(commitSelection(parsePlan({ steps }), 'a')).toEqual({ kind: 'all' });
  });

  it.each([
    ['everything', { commit: 'everything' }, /plan\.commit: must be "all", "outputs" or \{ "ignore": \["pattern", …\] \}, got "everything"/],
    ['an ignore list with a stray field', { commit: { ignore: [], also: 1 } }, /plan\.commit: must be/],
    ['a pattern that leaves the workspace', { commit: { ignore: ['../x'] } }, /plan\.commit\.ignore\[0\]: must be a relative glob/],
    ['pathspec magic', { commit: { ignore: [':(icase)x'] } }, /plan\.commit\.ignore\[0\]: must be a relative glob/],
  ])('refuses %s, naming the field', (_name, extra, message) => {
    expect(() => parsePlan({ ...extra, steps })).toThrow(message);
  });

  it('is shown in the proposal and bound by the plan hash', () => {
    const plan = parsePlan({ commit: 'outputs', steps });
    expect(planHash(plan)).not.toBe(planHash(parsePlan({ steps })));
    const rendered = renderProposal({ ...state(['a', 'b']), plan, planHash: planHash(plan) }, { limits: DEFAULT_LIMITS });
    const text = 'parts' in rendered ? rendered.parts.join('\n') : '';
    expect(text).toContain("- A finished step's commit holds: only the step's required outputs (the plan's `commit`)");
    expect(text).toContain('Its commit holds: every file the agent leaves but those matching "tmp/\\*\\*" (its own `commit`).');
  });
});
