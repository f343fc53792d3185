// The tool policy of one attempt (README, "Tool policy"): which tool calls the agent may
// make, how many, and what it is told when a call is refused. Pure: the hooks and `exec` read
// the policy file and the command log, and ask decideCall() for every call.
//
// Matching rules (documented in the README):
// - A pattern matches a call when it matches, as a whole, one of three texts: the tool's name
//   (`Bash`, `Edit`, `WebFetch`, `exec`), `Tool(subject)` (`Bash(git push origin main)`), or the
//   subject alone (the command line of a shell call or of `exec`, else the file, URL or query).
// - A glob: `*` is any run of characters (also `/` and spaces), `?` one character; everything
//   else is literal. `/regex/` (optionally `/regex/i`) is an RE2 regular expression, anchored at
//   both ends, which runs in time linear in the text.
// - block wins over allow; an empty or absent allow list allows everything not blocked.
import { countOf } from '../render/plural.js';
import { RE2JS } from 're2js';
import { STOP_MESSAGE } from '../tick/cooperative-stop.js';
import { compilePattern } from '../plan/rule-pattern.js';
import type { Plan, ToolsDef } from '../state/types.js';

export const TOOLS_VIAS = ['hook', 'exec'] as const;
export type ToolsVia = (typeof TOOLS_VIAS)[number];
export const ON_EXCEED = ['fail', 'deny'] as const;
export type OnExceed = (typeof ON_EXCEED)[number];

/** The policy an attempt runs under: the plan's `tools`, with the step's own fields replacing them. */
export interface EffectivePolicy {
  /** null: no limit. */
  maxCalls: number | null;
  allow: string[];
  block: string[];
  via: ToolsVia;
  /** Past maxCalls: `fail` fails the attempt (default, as the original orchestrator); `deny` only denies. */
  onExceed: OnExceed;
}

/** One tool call: the tool's name and what it acts on (a command line, a path, a URL; '' when nothing). */
export interface ToolCall {
  tool: string;
  subject: string;
}

export type CallDecision = { decision: 'allow'; reason?: undefined } | { decision: 'deny'; reason: string };

export function effectivePolicy(plan: Plan, stepId: string): EffectivePolicy {
  const base: ToolsDef = plan.tools ?? {};
  const own: ToolsDef = plan.steps[stepId]?.tools ?? {};
  const pick = <K extends keyof ToolsDef>(k: K): ToolsDef[K] => (own[k] !== undefined ? own[k] : base[k]);
  return {
    maxCalls: pick('maxCalls') ?? null,
    allow: [...(pick('allow') ?? [])],
    block: [...(pick('block') ?? [])],
    via: pick('via') ?? 'hook',
    onExceed: pick('onExceed') ?? 'fail',
  };
}

/**
 * Why an attempt that made `calls` tool calls fails under `policy`: more than maxCalls with
 * `onExceed: fail`. Null when it stayed within budget, has none, or only denies past it.
 */
export function toolBudgetProblem(policy: EffectivePolicy, calls: { calls: number } | undefined): string | null {
  if (policy.maxCalls === null || policy.onExceed !== 'fail' || !calls || calls.calls <= policy.maxCalls) return null;
  return `made ${countOf(calls.calls, 'tool call')}, more than the ${policy.maxCalls} the step allows (tools.maxCalls; tools.onExceed: fail)`;
}

/**
 * The answer to one call. `callsBefore` is how many calls this attempt made before it (every
 * recorded call, denied ones too: an agent that keeps trying refused commands is spending its
 * budget). A pending stop comes first: the agent must hear it whatever it asked for.
 */
export function decideCall(call: ToolCall, policy: EffectivePolicy, callsBefore: number, stopRequested: boolean | string): CallDecision {
  // A stop says why (a cancel, a spent budget) when it knows.
  if (stopRequested) return { decision: 'deny', reason: typeof stopRequested === 'string' ? stopRequested : STOP_MESSAGE };
  if (policy.maxCalls !== null && callsBefore >= policy.maxCalls) {
    const spent = `Tool call budget spent: this step allows at most ${countOf(policy.maxCalls, 'tool call')} per attempt and ${callsBefore} ${callsBefore === 1 ? 'was' : 'were'} made.`;
    return {
      decision: 'deny',
      reason:
        policy.onExceed === 'deny'
          ? `${spent} Make no more calls: finish the step with what you have, or exit with a non-zero status if it cannot be finished.`
          : `${spent} This attempt has failed (tools.onExceed: fail): make no more calls and exit.`,
    };
  }
  const shown = showCall(call);
  const blocked = policy.block.find((p) => matchesCall(p, call));
  if (blocked !== undefined)
    return {
      decision: 'deny',
      reason: `Blocked by the step's tool policy: ${shown} matches the block pattern ${JSON.stringify(blocked)}. Do the work another way, or exit with a non-zero status if it needs this.`,
    };
  if (policy.allow.length > 0 && !policy.allow.some((p) => matchesCall(p, call))) {
    return {
      decision: 'deny',
      reason: `Not allowed by the step's tool policy: ${shown} matches none of the allow patterns (${policy.allow.map((p) => JSON.stringify(p)).join(', ')}). Use an allowed tool or command, or exit with a non-zero status if the step needs this.`,
    };
  }
  return { decision: 'allow' };
}

function showCall(call: ToolCall): string {
  const subject = call.subject.length > 200 ? `${call.subject.slice(0, 200)}…` : call.subject;
  return subject ? `${call.tool}(${subject})` : call.tool;
}

/** Whether `pattern` matches the call's tool name, `Tool(subject)`, or its subject, each as a whole. */
export function matchesCall(pattern: string, call: ToolCall): boolean {
  const matcher = compileToolPattern(pattern);
  if (!matcher.ok) return false;
  return matcher.matches(call.tool) || matcher.matches(`${call.tool}(${call.subject})`) || (call.subject !== '' && matcher.matches(call.subject));
}

type ToolMatcher = { ok: true; matches: (text: string) => boolean } | { ok: false; problem: string };

const REGEX_FORM = /^\/([\s\S]*)\/([a-z]*)$/;
const cache = new Map<string, ToolMatcher>();

/** The matcher for a pattern, or why it is not one (for plan validation). */
export function compileToolPattern(pattern: string): ToolMatcher {
  const known = cache.get(pattern);
  if (known) return known;
  const compiled = compileUncached(pattern);
  if (cache.size >= 1000) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

function compileUncached(pattern: string): ToolMatcher {
  const regex = REGEX_FORM.exec(pattern);
  if (regex && pattern.length >= 2) {
    const [, body = '', flags = ''] = regex;
    if (flags !== '' && flags !== 'i') return { ok: false, problem: `a /regex/ pattern takes no flag but i, got ${JSON.stringify(flags)}` };
    // Anchored at both ends: the pattern describes the whole command line, like a glob.
    const checked = compilePattern(`\\A(?:${body})\\z`, flags);
    if (!checked.ok) return { ok: false, problem: checked.problem };
    return { ok: true, matches: (text) => checked.pattern.test(text) };
  }
  let source = '';
  let literal = '';
  const flush = () => {
    if (literal) source += RE2JS.quote(literal);
    literal = '';
  };
  for (const ch of pattern) {
    if (ch === '*' || ch === '?') {
      flush();
      source += ch === '*' ? '.*' : '.';
    } else literal += ch;
  }
  flush();
  const re = RE2JS.compile(source, RE2JS.DOTALL);
  return { ok: true, matches: (text) => re.matches(text) };
}

/** Why `pattern` cannot be a tool pattern, or null. */
export function toolPatternProblem(pattern: string): string | null {
  const compiled = compileToolPattern(pattern);
  return compiled.ok ? null : compiled.problem;
}

/** A command line for matching and logs: plain words as they are, others in single quotes. */
export function commandLine(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}
