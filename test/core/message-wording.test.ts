// Messages as a person reads them: counts agree with their numbers, every comment kind names the
// run that wrote it, no runner folder is named where it means nothing after the run, one wording
// per problem, and a missing setting is explained with the name of where to set it.
import { describe, expect, it } from 'vitest';
import { renderProposal, TOO_LARGE_HEADING, TOO_LARGE_HINT, tooLargeText } from '../../src/core/render/proposal-markdown.js';
import { draftHintComment, refusedPlanComment } from '../../src/core/render/refused-plan-markdown.js';
import { footer, problemComment, replyComment, runProblemComment, withoutFooter } from '../../src/core/render/comment-markers.js';
import { gateNotice } from '../../src/core/render/gate-markdown.js';
import { countOf, countOfTotal } from '../../src/core/render/plural.js';
import { finalSummary, resumeLines } from '../../src/core/render/render.js';
import { blockerNotice, cancelledNotice, finalSummaryComment, statusComment, type Links } from '../../src/core/render/render-markdown.js';
import { withoutRunnerPaths } from '../../src/core/render/runner-paths.js';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { agentCommandHelp, noAgentCommandText } from '../../src/core/trust/agent-command.js';
import { state, T0 } from '../fakes/states.js';

const links: Links = {
  run: {
    runUrl: 'https://github.com/o/r/actions/runs/7',
    logsUrl: 'https://github.com/o/r/actions/runs/7#artifacts',
    branchUrl: 'https://github.com/o/r/tree/sequencer/issue-1',
    branch: 'sequencer/issue-1',
  },
};
const FOOTER =
  '<sub>[workflow run](https://github.com/o/r/actions/runs/7) · [attempt logs](https://github.com/o/r/actions/runs/7#artifacts) · work branch [`sequencer/issue-1`](https://github.com/o/r/tree/sequencer/issue-1)</sub>';

describe('counts agree with their numbers', () => {
  it('nouns with an irregular plural give it', () => {
    expect(countOf(1, 'try', 'tries')).toBe('1 try');
    expect(countOf(3, 'try', 'tries')).toBe('3 tries');
    expect(countOfTotal(1, 3, 'step', 'done', 'present')).toBe('1 of 3 steps is done');
    expect(countOfTotal(2, 3, 'step', 'done', 'present')).toBe('2 of 3 steps are done');
  });

  it('/status: "1 of 2 steps is done", "1 attempt"', () => {
    const one = state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 1 } } } as never);
    expect(applyCommand(one, { kind: 'status', by: 'w' }, T0).reply).toBe('Plan is IN_PROGRESS: 0 of 1 step are done; current step a (FAILED, 1 attempt).');
    const two = state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'PENDING', tries: 0 } } } as never);
    expect(applyCommand(two, { kind: 'status', by: 'w' }, T0).reply).toBe('Plan is IN_PROGRESS: 1 of 2 steps is done; current step b (PENDING, 0 attempts).');
    // A skipped step is not done, and is named.
    const skipped = state(['a', 'b', 'c'], { currentStep: 2, stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'SKIPPED', tries: 0 }, c: { status: 'PENDING', tries: 0 } } } as never);
    expect(applyCommand(skipped, { kind: 'status', by: 'w' }, T0).reply).toBe('Plan is IN_PROGRESS: 1 of 3 steps is done, 1 skipped (b); current step c (PENDING, 0 attempts).');
  });

  it('the terminal summary of a one-step plan and its resume lines', () => {
    const done = state(['a'], { status: 'DONE', currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } } as never);
    expect(finalSummary(done)).toContain('Test plan: its 1 step finished (1 done, 0 skipped).');
    expect(finalSummary(done)).toContain('a Title a: done in 1 attempt');
    expect(resumeLines(done)[0]).toContain('done in 1 attempt');
  });

  it('the gate notice says "1 of 3 steps is done"', () => {
    const paused = state(['a', 'b', 'c'], { status: 'AWAITING_APPROVAL', currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } }, gate: { stepId: 'b', at: '2026-01-01T00:00:00Z' } } as never);
    expect(gateNotice(paused, 'b')).toContain('1 of 3 steps is done:');
    expect(gateNotice(paused, 'b')).not.toContain('steps are done');
  });

  it('a skipped step is never counted as done, and is named: gate and cancel notices', () => {
    const runs = { a: { status: 'DONE', tries: 1 }, b: { status: 'SKIPPED', tries: 0 } };
    const paused = state(['a', 'b', 'c'], { status: 'AWAITING_APPROVAL', currentStep: 2, stepRuns: runs, gate: { stepId: 'c', at: '2026-01-01T00:00:00Z' } } as never);
    expect(gateNotice(paused, 'c')).toContain('1 of 3 steps is done, 1 skipped (b):');
    const cancelled = state(['a', 'b', 'c'], { status: 'CANCELLED', currentStep: 2, stepRuns: runs, cancelRequested: { by: 'w', at: T0.toISOString() } } as never);
    expect(cancelledNotice(cancelled, null)).toContain('1 of 3 steps was done, 1 skipped (b):');
  });

  it('the proposal counts steps and instruction lines', () => {
    const long = `${'A long instruction. '.repeat(30)}`;
    const r = renderProposal(state(['a'], { status: 'AWAITING_APPROVAL' }, { instruction: long }), { limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 } });
    if (!('parts' in r)) throw new Error('too large');
    expect(r.parts[0]).toContain('(1 step)');
    expect(r.parts[0]).toContain(`Instruction (${long.length} characters, 1 line)`);
  });
});

describe('every comment kind links the run that wrote it', () => {
  const s = state(['a', 'b'], {
    planId: 'issue-1',
    currentStep: 1,
    stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'FAILED', tries: 3 } },
    gate: { stepId: 'b', at: '2026-01-01T00:00:00Z' },
  } as never);
  const bodies: Record<string, string> = {
    status: statusComment(s, links),
    blocked: blockerNotice(s, 'b', 'why', links),
    summary: finalSummaryComment({ ...s, status: 'DONE' }, links),
    cancelled: cancelledNotice(s, null, links),
    gate: gateNotice(s, 'b', links),
    problem: problemComment('issue-1', 'No plan found', links),
    'run problem': runProblemComment('issue-1', TOO_LARGE_HEADING, tooLargeText({ parts: 25, chars: 1_400_000 }), TOO_LARGE_HINT, links),
    refused: refusedPlanComment(s, { login: 'mallory', userType: 'User' }, [{ stepId: 'a', fields: ['agent'] }], links),
    'draft hint': draftHintComment('issue-1', links),
    reply: replyComment(5, 'alice', '/draft', 'drafting a plan runs the agent, so only someone with write access can ask for it: no write access.', links),
  };
  it.each(Object.keys(bodies))('%s', (kind) => {
    expect(bodies[kind]!.split('\n').at(-1)).toBe(FOOTER);
  });

  it('without a run (the CLI) there is no footer, and a footer alone is no change to a comment', () => {
    expect(footer({})).toEqual([]);
    expect(problemComment('issue-1', 'x')).not.toContain('workflow run');
    const body = draftHintComment('issue-1', links);
    expect(withoutFooter(body)).toBe(draftHintComment('issue-1'));
    const other = body.replace('runs/7', 'runs/8').replace('runs/7', 'runs/8');
    expect(withoutFooter(other)).toBe(withoutFooter(body));
  });
});

describe('one wording per problem, with the fix', () => {
  it('a plan too large to propose', () => {
    const body = runProblemComment('issue-1', TOO_LARGE_HEADING, tooLargeText({ parts: 25, chars: 1_400_000 }), TOO_LARGE_HINT);
    expect(body).toContain('### ⚠️ Plan too large to propose');
    expect(body).toContain('Its proposal would take 25 comments (1400000 characters); at most 20 are posted, so nothing can be approved.');
    expect(body).toContain('dispatch `command: start` with the `plan` input');
    expect(body).not.toContain('Add a fenced');
  });

  it('an empty agent command names the input in the Action and the option and variable in the CLI', () => {
    expect(noAgentCommandText('step-1', 'action')).toBe(
      "No agent command for step-1: set the Action's `agent-command` input in the workflow (for example `agent-command: claude -p`), or give the step its own agent (plan.steps.step-1.agent).",
    );
    expect(noAgentCommandText('step-1', 'cli')).toBe(
      'No agent command for step-1: pass --agent "claude -p" or set STEP_AGENT_CMD in the environment, or give the step its own agent (plan.steps.step-1.agent).',
    );
    expect(agentCommandHelp('action')).not.toContain('STEP_AGENT_CMD');
    expect(agentCommandHelp('cli')).not.toContain('agent-command');
  });
});

describe('no runner folder in what is published', () => {
  const paths = { workspace: '/home/runner/work/repo/repo', runnerTemp: '/home/runner/work/_temp' };
  it('workspace files are named relatively, the temp folder as $RUNNER_TEMP', () => {
    expect(withoutRunnerPaths('Missing required outputs: /home/runner/work/repo/repo/out/a.md', paths)).toBe('Missing required outputs: out/a.md');
    expect(withoutRunnerPaths('workspace /home/runner/work/repo/repo is not writable', paths)).toBe('workspace $GITHUB_WORKSPACE is not writable');
    expect(withoutRunnerPaths('agent output in /home/runner/work/_temp/sequencer-planning/plan-draft.log', paths)).toBe('agent output in $RUNNER_TEMP/sequencer-planning/plan-draft.log');
  });

  it('a folder inside the other is replaced whole, and a root folder is never replaced', () => {
    expect(withoutRunnerPaths('/w/tmp/x and /w/y', { workspace: '/w', runnerTemp: '/w/tmp' })).toBe('$RUNNER_TEMP/x and y');
    expect(withoutRunnerPaths('/etc/passwd', { workspace: '/', runnerTemp: '' })).toBe('/etc/passwd');
    expect(withoutRunnerPaths('/a/b', null)).toBe('/a/b');
  });
});
