// The plan hash ties an approval to exactly the plan that was approved: a plan edited after
// `/approve` no longer matches, and 001's "definition changed since the run started" check
// compares hashes. It must not depend on key order, which JSON/YAML round trips may change.
import { createHash } from 'node:crypto';
import type { Plan } from '../state/types.js';
import { effectiveQueue } from './plan-queue.js';
import { planAgentAdditions } from '../agent-stream/stream-command.js';

/** `sha256:<hex>` of the plan's title, steps (with what the sequencer adds to their agent commands), effective step order, tool policy, prompt preamble, budget, preflight checks, step groups, commit choice and deadline. */
export function planHash(plan: Plan): string {
  const hashed = {
    title: plan.title ?? null,
    steps: plan.steps,
    // Canonical JSON sorts keys, which erases the order of `steps`; that order is the run order
    // when there is no explicit queue, so the effective queue is hashed explicitly.
    stepQueue: effectiveQueue(plan),
    // Only when set, so the hash of every plan without a tool policy (and its approval) stays as it was.
    ...(plan.tools !== undefined ? { tools: plan.tools } : {}),
    // What the agent is told before every step is part of what was approved.
    ...(plan.promptPreamble !== undefined ? { promptPreamble: plan.promptPreamble } : {}),
    // What the sequencer adds to a step's own agent command runs with it (the proposal shows it),
    // each kind only when some step gets it, so other plans keep their hash: the flags that make
    // it print its stream; the `--settings $SEQUENCER_CLAUDE_SETTINGS` that wires the tool hook
    // into a Claude Code command without settings of its own; the `--` before the prompt of a
    // command that ends inside an option that would take the prompt as its value
    // (`--allowedTools Bash`). Not where a prompt that starts with `-` goes (dashPromptPlace: `--`
    // before it, or Gemini CLI's `--prompt=<prompt>`): it follows from the instruction and preamble
    // hashed here, or from a payload known only when the attempt runs, and adds no option: the
    // agent reads the approved words as its prompt.
    ...planAgentAdditions(plan.steps),
    // What the plan may spend; a step's own budget is hashed with its step.
    ...(plan.budget !== undefined ? { budget: plan.budget } : {}),
    // The checks before every attempt run commands: what runs is what was approved.
    ...(plan.preflight !== undefined ? { preflight: plan.preflight } : {}),
    // Which steps run again together is part of what runs.
    ...(plan.groups !== undefined ? { groups: plan.groups } : {}),
    // What a finished step's commit holds is approved too.
    ...(plan.commit !== undefined ? { commit: plan.commit } : {}),
    // When the plan stops is part of it: a moved deadline is a plan to approve again, not an edit
    // that never reaches the state (an unchanged hash means nothing new to propose).
    ...(plan.deadline !== undefined ? { deadline: plan.deadline } : {}),
  };
  return `sha256:${createHash('sha256').update(canonicalJson(hashed)).digest('hex')}`;
}

/** JSON with object keys sorted at every depth; `undefined` members are left out as JSON does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
