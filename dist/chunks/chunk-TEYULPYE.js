import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/errors.ts
var EXIT = {
  ok: 0,
  /** The plan did not finish (blocked, cancelled, waiting) where the caller asked it to. */
  notDone: 1,
  /** Configuration: bad flags, inputs, agent command, missing binary. */
  config: 2,
  /** The state file cannot be read or is invalid; it was left untouched. */
  state: 3
};
var SequencerError = class extends Error {
  hint;
  constructor(message, hint) {
    super(message);
    this.name = new.target.name;
    this.hint = hint;
  }
};
var PlanError = class extends SequencerError {
  constructor(issues, source = "plan") {
    super(formatIssues(`Invalid ${source}`, issues), "Fix the fields listed above; `agent-step-sequencer validate FILE` checks a plan without running it.");
    this.issues = issues;
    this.source = source;
  }
  issues;
  source;
  exitCode = EXIT.config;
};
var StateError = class extends SequencerError {
  constructor(message, issues = [], hint = "The state file was left untouched. Repair it by hand or restore it from history, then run the tick again.") {
    super(issues.length ? formatIssues(message, issues) : message, hint);
    this.issues = issues;
  }
  issues;
  exitCode = EXIT.state;
};
var ConfigError = class extends SequencerError {
  exitCode = EXIT.config;
};
var RemoteError = class extends SequencerError {
  exitCode = EXIT.notDone;
  constructor(message) {
    super(message, "Nothing was claimed: the state on the remote is as it was. Check the remote and its credentials, then run the tick again.");
  }
};
var ConflictError = class extends SequencerError {
  exitCode = EXIT.ok;
};
function formatIssues(title, issues) {
  const lines = issues.map((i) => `  - ${i.path}: ${i.message}`);
  return `${title} (${issues.length} problem${issues.length === 1 ? "" : "s"}):
${lines.join("\n")}`;
}
function describeError(err) {
  if (err instanceof Error) return err.message;
  if (typeof err === "string") return err;
  try {
    return `Non-error thrown: ${JSON.stringify(err)}`;
  } catch {
    return `Non-error thrown: ${String(err)}`;
  }
}
function showValue(value) {
  let text;
  try {
    text = value === void 0 ? "undefined" : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export {
  EXIT,
  SequencerError,
  PlanError,
  StateError,
  ConfigError,
  RemoteError,
  ConflictError,
  describeError,
  showValue
};
