// The sequencer's own variables an agent command may name, checked where the command is split
// into words and filled in when an attempt starts.
import type { Fail } from './program-check.js';

/**
 * The sequencer's own variables of an attempt that an agent command may name: `claude -p --settings
 * $SEQUENCER_CLAUDE_SETTINGS`. They are filled in by the engine (expandAgentVariables), never by a
 * shell, and hold only paths and ids the sequencer chose.
 */
export const AGENT_COMMAND_VARIABLES = [
  'SEQUENCER_CLAUDE_SETTINGS',
  'SEQUENCER_POLICY_FILE',
  'SEQUENCER_COMMAND_LOG',
  'SEQUENCER_STOP_FILE',
  'SEQUENCER_PAYLOAD_FILE',
  'SEQUENCER_RESULT_FILE',
  'SEQUENCER_WORKSPACE',
  'SEQUENCER_PLAN_ID',
  'SEQUENCER_STEP_ID',
  'SEQUENCER_ATTEMPT',
  'SEQUENCER_ATTEMPT_ID',
] as const;

const REFERENCE = /^\$(?:\{(SEQUENCER_[A-Za-z0-9_]*)\}|(SEQUENCER_[A-Za-z0-9_]*))/;

/** `$SEQUENCER_NAME` or `${SEQUENCER_NAME}` at text[i], kept as written; an unknown name is refused. */
export function sequencerReference(text: string, i: number, fail: Fail): string | null {
  const m = REFERENCE.exec(text.slice(i, i + 200));
  if (!m) return null;
  const name = m[1] ?? m[2] ?? '';
  if (!(AGENT_COMMAND_VARIABLES as readonly string[]).includes(name)) {
    fail(`names ${m[0]}, which the sequencer does not set for an agent command; expected one of ${AGENT_COMMAND_VARIABLES.map((v) => `$${v}`).join(', ')}`);
  }
  return m[0];
}

/** Fills the `$SEQUENCER_…` references in an agent command's words from the attempt's environment. */
export function expandAgentVariables(argv: readonly string[], env: Readonly<Record<string, string>>): string[] {
  return argv.map((word) =>
    word.includes('$SEQUENCER_') || word.includes('${SEQUENCER_')
      ? word.replace(/\$\{(SEQUENCER_[A-Za-z0-9_]+)\}|\$(SEQUENCER_[A-Za-z0-9_]+)/g, (whole, braced: string | undefined, bare: string | undefined) => env[braced ?? bare ?? ''] ?? whole)
      : word,
  );
}
