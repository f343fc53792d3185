// What `status` advises under the step table: commands that work as written, naming the agent
// command when the plan needs one the state does not keep.
import { describe, expect, it } from 'vitest';
import { startAttempt } from '../../src/core/tick/apply.js';
import { needsDefaultAgent, statusAdvice, type InFlight } from '../../src/core/render/status-advice.js';
import type { State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const command = (verb: string): string => `agent-step-sequencer ${verb}`;
const owner = { kind: 'local' as const, host: 'h', pid: 42 };

function interrupted(s: State): { state: State; inFlight: InFlight } {
  const started = startAttempt(s, { stepId: 'a', n: 1, owner, now: T0, leaseMs: 1000 }).state;
  return { state: started, inFlight: { stepId: 'a', n: 1, owner, liveness: 'dead' } };
}

describe('status advice and the agent command', () => {
  it('names --agent in the commands that run agents when a step to run has no agent of its own and none is given', () => {
    const { state: s, inFlight } = interrupted(state(['a', 'b']));
    expect(needsDefaultAgent(s)).toBe(true);
    const lines = statusAdvice(s, inFlight, command);
    expect(lines).toContain('Next: `agent-step-sequencer check --agent CMD` records the attempt as interrupted and goes on (or `agent-step-sequencer run --agent CMD` to run to the end).');
    expect(lines.at(-1)).toMatch(/^CMD: the agent command the plan runs with, as given to its first run \(--agent, or STEP_AGENT_CMD/);
    expect(statusAdvice(state(['a']), undefined, command)).toEqual([
      'Next: `agent-step-sequencer run --agent CMD` to run it to the end, or `agent-step-sequencer check --agent CMD` for one heartbeat.',
      expect.stringMatching(/^CMD: /),
    ]);
  });

  it('leaves the commands as they are when the environment gives the agent command or every step to run has its own', () => {
    const { state: s, inFlight } = interrupted(state(['a', 'b']));
    expect(statusAdvice(s, inFlight, command, { agentKnown: true })).toContain(
      'Next: `agent-step-sequencer check` records the attempt as interrupted and goes on (or `agent-step-sequencer run` to run to the end).',
    );
    const own = state(['a', 'b'], {}, (id) => (id === 'a' ? { agent: 'claude -p' } : { run: ['make'] }));
    expect(needsDefaultAgent(own)).toBe(false);
    expect(statusAdvice(own, undefined, command)).toEqual(['Next: `agent-step-sequencer run` to run it to the end, or `agent-step-sequencer check` for one heartbeat.']);
    // A step that is done no longer needs it.
    const done = state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } }, (id) => (id === 'b' ? { agent: 'claude -p' } : {}));
    expect(needsDefaultAgent(done)).toBe(false);
  });
});
