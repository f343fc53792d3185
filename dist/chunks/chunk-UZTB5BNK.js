
// src/core/errors.ts
var EXIT = {
  ok: 0,
  /** The plan did not finish (blocked, cancelled, waiting) where the caller asked it to. */
  notDone: 1,
  /** Configuration: bad flags, inputs, agent command, missing binary. */
  config: 2,
  /** The state file cannot be read or is invalid; it was left untouched. */
  state: 3
}, SequencerError = class extends Error {
  hint;
  constructor(message, hint) {
    super(message), this.name = new.target.name, this.hint = hint;
  }
}, PlanError = class extends SequencerError {
  constructor(issues, source = "plan") {
    super(formatIssues(`Invalid ${source}`, issues), "Fix the fields listed above.");
    this.issues = issues;
    this.source = source;
  }
  issues;
  source;
  exitCode = EXIT.config;
}, StateError = class extends SequencerError {
  constructor(message, issues = [], hint = "The state file was left untouched. Repair it by hand or restore it from history, then run the tick again.") {
    super(issues.length ? formatIssues(message, issues) : message, hint);
    this.issues = issues;
  }
  issues;
  exitCode = EXIT.state;
}, ConfigError = class extends SequencerError {
  exitCode = EXIT.config;
}, RemoteError = class extends SequencerError {
  exitCode = EXIT.notDone;
  constructor(message) {
    super(message, "Nothing was claimed: the state on the remote is as it was. Check the remote and its credentials, then run the tick again.");
  }
}, ConflictError = class extends SequencerError {
  exitCode = EXIT.ok;
};
function formatIssues(title, issues) {
  let lines = issues.map((i) => `  - ${i.path}: ${i.message}`);
  return `${title} (${issues.length} problem${issues.length === 1 ? "" : "s"}):
${lines.join(`
`)}`;
}
function describeError(err) {
  if (err instanceof Error) return err.message;
  if (typeof err == "string") return err;
  try {
    return `Non-error thrown: ${JSON.stringify(err)}`;
  } catch {
    return `Non-error thrown: ${String(err)}`;
  }
}
var UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function escapeUnshowable(text) {
  return text.replace(UNSHOWABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function showValue(value) {
  let text;
  try {
    text = value === void 0 ? "undefined" : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text = escapeUnshowable(text), text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
function exactDuration(ms, upTo = "s") {
  return upTo === "min" && ms % 6e4 === 0 ? `${ms / 6e4} min` : ms % 1e3 === 0 ? `${ms / 1e3} s` : `${ms} ms`;
}
function nearestName(name, known) {
  let lower = name.toLowerCase(), best, bestDistance = 1 / 0;
  for (let candidate of known) {
    let d = editDistance(lower, candidate.toLowerCase());
    d < bestDistance && (best = candidate, bestDistance = d);
  }
  let limit = Math.max(2, Math.floor(Math.max(name.length, best?.length ?? 0) / 3));
  return bestDistance <= limit ? best : void 0;
}
function editDistance(a, b) {
  if (a.length > 100 || b.length > 100) return 1 / 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length] ?? 1 / 0;
}

// src/core/plan/plan-limits.ts
var ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export {
  EXIT,
  SequencerError,
  PlanError,
  StateError,
  ConfigError,
  RemoteError,
  ConflictError,
  describeError,
  escapeUnshowable,
  showValue,
  exactDuration,
  nearestName,
  ID_PATTERN
};
