// The pure tool policy: matching rules (globs over the whole command line, anchored RE2 regexes,
// tool names and Tool(subject)), block over allow, the call budget, the pending stop, the merge of
// plan defaults and step overrides, and the counting of command logs.
import { describe, expect, it } from 'vitest';
import { callLine, callTime, parsePolicyFile, policyFileText, resultLine, summarizeCommandLog } from '../../src/core/guard/command-log.js';
import { commandLine, decideCall, effectivePolicy, matchesCall, toolPatternProblem, type EffectivePolicy } from '../../src/core/guard/tool-policy.js';
import { STOP_MESSAGE } from '../../src/core/tick/cooperative-stop.js';
import type { Plan } from '../../src/core/state/types.js';

const bash = (command: string) => ({ tool: 'Bash', subject: command });
const policy = (p: Partial<EffectivePolicy> = {}): EffectivePolicy => ({ maxCalls: null, allow: [], block: [], via: 'hook', onExceed: 'fail', ...p });

describe('matchesCall', () => {
  it.each([
    ['git *', bash('git push origin main'), true],
    ['git *', bash('ls; git push'), false],
    ['git push*', bash('git push --force'), true],
    ['git ?ush', bash('git push'), true],
    ['git ?ush', bash('git pussh'), false],
    // A glob covers the whole line: no implicit prefix or suffix match.
    ['rm', bash('rm -rf /'), false],
    ['*rm -rf*', bash('cd x && rm -rf /'), true],
    // Special characters of regexes are literal in a glob.
    ['npm test (ci)', bash('npm test (ci)'), true],
    ['a.b', bash('axb'), false],
    ['echo *', bash('echo a\nb'), true],
    // Tool names and Tool(subject).
    ['Bash', bash('anything'), true],
    ['WebFetch', { tool: 'WebFetch', subject: 'https://example.com/' }, true],
    ['WebFetch', bash('WebFetch-like'), false],
    ['Bash(git *)', bash('git status'), true],
    ['Bash(git *)', { tool: 'exec', subject: 'git status' }, false],
    ['Edit(*.env)', { tool: 'Edit', subject: '/w/app/.env' }, true],
    ['*.env', { tool: 'Read', subject: '/w/app/.env' }, true],
    ['exec', { tool: 'exec', subject: 'ls' }, true],
    // Anchored regexes run by RE2.
    ['/git (status|diff)/', bash('git status'), true],
    ['/git (status|diff)/', bash('git status --short'), false],
    ['/GIT .*/i', bash('git log'), true],
    ['/GIT .*/', bash('git log'), false],
    ['/Bash\\(curl .*\\)/', bash('curl https://x'), true],
  ])('%s against %j: %s', (pattern, call, expected) => {
    expect(matchesCall(pattern, call)).toBe(expected);
  });

  it('a catastrophic-backtracking regex still answers at once (RE2, linear time)', () => {
    const started = Date.now();
    expect(matchesCall('/(a+)+$/', bash(`${'a'.repeat(50_000)}!`))).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('names what is wrong with a pattern', () => {
    expect(toolPatternProblem('git *')).toBeNull();
    expect(toolPatternProblem('/(a/')).toMatch(/RE2 cannot parse it: missing closing \)/);
    expect(toolPatternProblem('/x/g')).toBe('a /regex/ pattern takes no flag but i, got "g"');
    expect(toolPatternProblem('/(?=x)y/')).toMatch(/lookahead/);
  });
});

describe('decideCall', () => {
  it('allows everything with an empty policy', () => {
    expect(decideCall(bash('rm -rf /tmp/x'), policy(), 100, false)).toEqual({ decision: 'allow' });
  });

  it('allows only what an allow list names', () => {
    const p = policy({ allow: ['git *', 'Read'] });
    expect(decideCall(bash('git status'), p, 0, false).decision).toBe('allow');
    expect(decideCall({ tool: 'Read', subject: '/w/a.md' }, p, 0, false).decision).toBe('allow');
    const denied = decideCall(bash('curl https://example.com'), p, 0, false);
    expect(denied).toEqual({ decision: 'deny', reason: expect.stringContaining('Bash(curl https://example.com) matches none of the allow patterns ("git *", "Read")') });
  });

  it('block wins over allow', () => {
    const d = decideCall(bash('git push origin main'), policy({ allow: ['git *'], block: ['git push*'] }), 0, false);
    expect(d).toEqual({ decision: 'deny', reason: expect.stringContaining('matches the block pattern "git push*"') });
  });

  it('counts the budget in words that agree with the numbers', () => {
    expect(decideCall(bash('ls'), policy({ maxCalls: 1 }), 1, false).reason).toContain('at most 1 tool call per attempt and 1 was made.');
  });

  it('denies every call past maxCalls (onExceed deny), telling the agent to finish or exit non-zero', () => {
    const p = policy({ maxCalls: 2, onExceed: 'deny' });
    expect(decideCall(bash('ls'), p, 0, false).decision).toBe('allow');
    expect(decideCall(bash('ls'), p, 1, false).decision).toBe('allow');
    const over = decideCall(bash('ls'), p, 2, false);
    expect(over.decision).toBe('deny');
    expect(over.reason).toMatch(/at most 2 tool calls per attempt and 2 were made.*finish the step with what you have, or exit with a non-zero status/);
    expect(decideCall(bash('ls'), policy({ maxCalls: 0 }), 0, false).decision).toBe('deny');
  });

  it('a pending stop denies every call with the stop message, before any other rule', () => {
    expect(decideCall(bash('git status'), policy({ allow: ['git *'] }), 0, true)).toEqual({ decision: 'deny', reason: STOP_MESSAGE });
    expect(decideCall(bash('x'), policy({ maxCalls: 0 }), 5, true).reason).toBe(STOP_MESSAGE);
  });
});

describe('effectivePolicy', () => {
  const plan = (tools: Plan['tools'], own?: Plan['tools']): Plan => ({
    ...(tools ? { tools } : {}),
    steps: { a: { title: 'A', instruction: 'I', ...(own ? { tools: own } : {}) }, b: { title: 'B', instruction: 'I' } },
  });

  it('takes the plan defaults, each field a step sets replacing the plan one', () => {
    const p = plan({ maxCalls: 10, block: ['git push*'], allow: ['git *'] }, { maxCalls: 3, allow: [], via: 'exec' });
    expect(effectivePolicy(p, 'a')).toEqual({ maxCalls: 3, allow: [], block: ['git push*'], via: 'exec', onExceed: 'fail' });
    expect(effectivePolicy(p, 'b')).toEqual({ maxCalls: 10, allow: ['git *'], block: ['git push*'], via: 'hook', onExceed: 'fail' });
    expect(effectivePolicy(plan(undefined), 'a')).toEqual({ maxCalls: null, allow: [], block: [], via: 'hook', onExceed: 'fail' });
  });
});

describe('command log', () => {
  const now = new Date('2026-01-02T03:04:05.000Z');

  it('counts call lines and denied ones; results and damaged lines are not calls', () => {
    const text = [
      callLine({ now, via: 'claude', call: bash('git status'), decision: 'allow', id: 't1' }),
      resultLine({ now, via: 'claude', tool: 'Bash', id: 't1', exitCode: 0, durationMs: 12 }),
      callLine({ now, via: 'exec', call: { tool: 'exec', subject: 'git push' }, decision: 'deny', reason: 'no' }),
      '{"decision": "allow", broken\n',
      '{"decision":"maybe"}\n',
      callLine({ now, via: 'claude', call: { tool: 'Read', subject: '/w/a' }, decision: 'allow' }),
    ].join('');
    expect(summarizeCommandLog(text)).toEqual({ calls: 3, denied: 1 });
    expect(callTime(text, 't1')?.toISOString()).toBe(now.toISOString());
  });

  it('logs command lines as command and other subjects as target, cut to a bounded length', () => {
    expect(JSON.parse(callLine({ now, via: 'claude', call: bash('ls'), decision: 'allow' }))).toEqual({ time: now.toISOString(), via: 'claude', tool: 'Bash', command: 'ls', decision: 'allow' });
    expect(JSON.parse(callLine({ now, via: 'claude', call: { tool: 'WebFetch', subject: 'https://x' }, decision: 'allow' })).target).toBe('https://x');
    expect(callLine({ now, via: 'exec', call: { tool: 'exec', subject: 'x'.repeat(10_000) }, decision: 'allow' }).length).toBeLessThan(2200);
  });

  it('a policy file round-trips, and a damaged one is refused with the reason', () => {
    const p = policy({ maxCalls: 4, block: ['x'] });
    expect(parsePolicyFile(policyFileText('plan/a/1', p))).toEqual({ ok: true, policy: p });
    expect(parsePolicyFile('{')).toMatchObject({ ok: false, problem: expect.stringContaining('not JSON') });
    expect(parsePolicyFile('{"policy":{"maxCalls":"3","allow":[],"block":[]}}')).toEqual({ ok: false, problem: 'policy.maxCalls must be null or an integer >= 0, got "3"' });
  });

  it('shows argv as a command line, quoting words a shell would split', () => {
    expect(commandLine(['git', 'commit', '-m', "it's done"])).toBe("git commit -m 'it'\\''s done'");
  });
});
