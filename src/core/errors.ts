// Error classes carry an exit code and a hint so the one top-level handler can print a useful
// message and exit with the documented code, whatever layer the error came from.

export const EXIT = {
  ok: 0,
  /** The plan did not finish (blocked, cancelled, waiting) where the caller asked it to. */
  notDone: 1,
  /** Configuration: bad flags, inputs, agent command, missing binary. */
  config: 2,
  /** The state file cannot be read or is invalid; it was left untouched. */
  state: 3,
} as const;

export interface Issue {
  /** Path of the offending field, e.g. `plan.steps.step-2.requiredOutputs[0]`. */
  path: string;
  message: string;
}

export abstract class SequencerError extends Error {
  abstract readonly exitCode: number;
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = new.target.name;
    this.hint = hint;
  }
}

/** A plan document is malformed; lists every problem at once. */
export class PlanError extends SequencerError {
  readonly exitCode = EXIT.config;
  constructor(
    readonly issues: Issue[],
    readonly source = 'plan',
  ) {
    super(formatIssues(`Invalid ${source}`, issues), 'Fix the fields listed above.');
  }
}

/** The state document cannot be read or is invalid. It is never overwritten when this is thrown. */
export class StateError extends SequencerError {
  readonly exitCode = EXIT.state;
  constructor(
    message: string,
    readonly issues: Issue[] = [],
    hint = 'The state file was left untouched. Repair it by hand or restore it from history, then run the tick again.',
  ) {
    super(issues.length ? formatIssues(message, issues) : message, hint);
  }
}

/** Flags, inputs, environment or agent command are wrong. */
export class ConfigError extends SequencerError {
  readonly exitCode = EXIT.config;
}

/** The remote store could not be read or written (unreachable, refused). Nothing was claimed. */
export class RemoteError extends SequencerError {
  readonly exitCode = EXIT.notDone;
  constructor(message: string) {
    super(message, 'Nothing was claimed: the state on the remote is as it was. Check the remote and its credentials, then run the tick again.');
  }
}

/** Another writer changed the state since we read it (stale revision or rejected push). */
export class ConflictError extends SequencerError {
  readonly exitCode = EXIT.ok;
}

export function formatIssues(title: string, issues: Issue[]): string {
  const lines = issues.map((i) => `  - ${i.path}: ${i.message}`);
  return `${title} (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}

/** Renders any thrown value, including non-Error throws, as one readable message. */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  try {
    return `Non-error thrown: ${JSON.stringify(err)}`;
  } catch {
    return `Non-error thrown: ${String(err)}`;
  }
}

/**
 * Control characters, line and paragraph separators and the bidirectional controls: in a message
 * they would break its line or reorder what a reader sees (a step id that reads as another).
 */
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every character of UNSHOWABLE written as a `\uXXXX` escape, as JSON writes controls. */
export function escapeUnshowable(text: string): string {
  return text.replace(UNSHOWABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON-ish rendering of a bad value for error messages, kept short and on one line as it reads. */
export function showValue(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  text = escapeUnshowable(text);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * A time limit in a message, said exactly as it was set (never rounded) so it matches the setting:
 * `1500 ms`, `2 s`, and where limits are set in minutes (`upTo: 'min'`), `10 min`.
 */
export function exactDuration(ms: number, upTo: 's' | 'min' = 's'): string {
  if (upTo === 'min' && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

// "Did you mean" hints for a misspelt plan field, step id or CLI option: here, beside the rest of
// how an error names what was expected, so every start-up that can fail already has it.
/** The known name closest to `name` by edit distance (case-insensitive), if close enough to be a typo. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // A third of the longer name, at least 2 edits: "requiredOuputs" and "timeout" find their
  // field, "color" does not become "title".
  const limit = Math.max(2, Math.floor(Math.max(name.length, best?.length ?? 0) / 3));
  return bestDistance <= limit ? best : undefined;
}

function editDistance(a: string, b: string): number {
  // Field names are short; names past 100 characters are no typo of anything we know.
  if (a.length > 100 || b.length > 100) return Infinity;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? Infinity;
}
