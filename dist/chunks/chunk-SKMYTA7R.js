import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

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
  __require,
  __commonJS,
  __toESM,
  EXIT,
  SequencerError,
  PlanError,
  StateError,
  ConfigError,
  ConflictError,
  describeError,
  showValue
};
