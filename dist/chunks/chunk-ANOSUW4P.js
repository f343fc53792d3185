import {
  agentNamed,
  agentOptionsAt,
  agentProgram,
  effectiveQueue,
  optionTakingPrompt,
  parseAgentCommand
} from "./chunk-O2X2K62E.js";

// src/core/agent-stream/stream-command.ts
function optionValue(args, names) {
  for (let i = 0; i < args.length; i++) {
    let a = args[i];
    for (let name of names) {
      if (a === name) return args[i + 1] ?? "";
      if (a.startsWith(`${name}=`)) return a.slice(name.length + 1);
    }
  }
}
function insert(argv, at, words) {
  return [...argv.slice(0, at), ...words, ...argv.slice(at)];
}
var CLAUDE_HOOK_SETTINGS = ["--settings", "$SEQUENCER_CLAUDE_SETTINGS"], OTHER_FILESYSTEM = /* @__PURE__ */ new Set(["docker", "podman", "chroot", "bwrap"]);
function streamCommand(argv, options = {}) {
  let found = withStreamFlags(argv, options.hook ?? !0);
  if (!found) return null;
  let { command, optionsAt } = found, option = optionsAt === null ? null : optionTakingPrompt(command.agent, command.argv.slice(optionsAt));
  return option ? { ...command, argv: [...command.argv, "--"], closes: option } : command;
}
function promptCommand(argv) {
  return streamCommand(argv)?.closes ? [...argv, "--"] : [...argv];
}
var AS_WRITTEN = { drop: 0, before: [] };
function dashPromptPlace(argv, prompt) {
  if (!prompt.startsWith("-")) return AS_WRITTEN;
  let program = agentProgram(argv), agent = program ? agentNamed(program.name) : null;
  if (!program || !agent) return AS_WRITTEN;
  let args = argv.slice(program.index + 1), at = agentOptionsAt(agent, args);
  if (at === null || args.slice(at).includes("--")) return AS_WRITTEN;
  if (agent !== "gemini") return { drop: 0, before: ["--"] };
  let last = args[args.length - 1] ?? "";
  return last === "-p" || last === "--prompt" ? { drop: 1, before: [], option: "--prompt" } : /^-[A-Za-z]+p$/.test(last) ? { drop: 1, before: [last.slice(0, -1)], option: "--prompt" } : args.some((a) => /^(-p|--prompt|-i|--prompt-interactive)(=|$)/.test(a) || /^-[A-Za-z]+[pi]$/.test(a)) ? AS_WRITTEN : { drop: 0, before: [], option: "--prompt" };
}
function withStreamFlags(argv, hook) {
  let program = agentProgram(argv);
  if (!program) return null;
  let after = program.index + 1, args = argv.slice(after), given = [...argv], agent = agentNamed(program.name);
  if (agent === "claude") {
    let settings = optionValue(args, ["--settings"]), wired = hook && settings === void 0 && !program.wrappers.some((w) => OTHER_FILESYSTEM.has(w)) ? [...CLAUDE_HOOK_SETTINGS] : [], own = settings !== void 0 && !/^\$(SEQUENCER_CLAUDE_SETTINGS|\{SEQUENCER_CLAUDE_SETTINGS\})$/.test(settings) ? { ownSettings: settings } : {}, claude = (added2, parse, note) => ({
      agent: "claude",
      argv: added2.length || wired.length ? insert(argv, after, [...added2, ...wired]) : given,
      added: added2,
      hook: wired,
      ...own,
      parse,
      ...note ? { note } : {}
    }), format = optionValue(args, ["--output-format"]);
    if (format !== void 0) {
      let parse = format === "stream-json" || format === "json";
      return { command: claude([], parse, parse ? void 0 : `Claude Code's --output-format ${format} is not read`), optionsAt: after };
    }
    if (!args.includes("-p") && !args.includes("--print"))
      return { command: claude([], !1, "Claude Code prints a stream only with -p (--print)"), optionsAt: after };
    let added = ["--output-format", "stream-json", ...args.includes("--verbose") ? [] : ["--verbose"], ...args.includes("--include-partial-messages") ? [] : ["--include-partial-messages"]];
    return { command: claude(added, !0), optionsAt: after };
  }
  if (agent === "codex") {
    let at = agentOptionsAt("codex", args);
    if (at === null)
      return { command: { agent: "codex", argv: given, added: [], hook: [], parse: !1, note: "Codex prints a stream only as `codex exec`" }, optionsAt: null };
    let optionsAt = after + at, execArgs = args.slice(at);
    if (execArgs.includes("--json") || execArgs.includes("--experimental-json")) return { command: { agent: "codex", argv: given, added: [], hook: [], parse: !0 }, optionsAt };
    let added = ["--json"];
    return { command: { agent: "codex", argv: insert(argv, optionsAt, added), added, hook: [], parse: !0 }, optionsAt };
  }
  if (agent === "gemini") {
    let format = optionValue(args, ["-o", "--output-format"]);
    if (format !== void 0) {
      let parse = format === "stream-json";
      return { command: { agent: "gemini", argv: given, added: [], hook: [], parse, ...parse ? {} : { note: `Gemini CLI's --output-format ${format} is not read` } }, optionsAt: null };
    }
    let added = ["--output-format", "stream-json"];
    return { command: { agent: "gemini", argv: insert(argv, after, added), added, hook: [], parse: !0 }, optionsAt: null };
  }
  return null;
}
function streamCommandOf(command) {
  try {
    return streamCommand(parseAgentCommand(command, "agent"));
  } catch {
    return null;
  }
}
function streamAgentOf(command) {
  let stream = streamCommandOf(command);
  return stream?.parse ? stream.agent : void 0;
}
function planAgentAdditions(steps) {
  let flags = {}, hook = {}, separators = {}, put = (into, id, value) => Object.defineProperty(into, id, { value, enumerable: !0, writable: !0, configurable: !0 });
  for (let [id, step] of Object.entries(steps)) {
    let command = typeof step.agent == "string" ? streamCommandOf(step.agent) : null;
    command && (command.added.length && put(flags, id, command.added), command.hook.length && put(hook, id, command.hook), command.closes && put(separators, id, "--"));
  }
  return {
    ...Object.keys(flags).length ? { agentStreamFlags: flags } : {},
    ...Object.keys(hook).length ? { agentHookSettings: hook } : {},
    ...Object.keys(separators).length ? { agentPromptSeparators: separators } : {}
  };
}

// src/core/plan/plan-hash.ts
import { createHash } from "node:crypto";
function planHash(plan) {
  let hashed = {
    title: plan.title ?? null,
    steps: plan.steps,
    // Canonical JSON sorts keys, which erases the order of `steps`; that order is the run order
    // when there is no explicit queue, so the effective queue is hashed explicitly.
    stepQueue: effectiveQueue(plan),
    // Only when set, so the hash of every plan without a tool policy (and its approval) stays as it was.
    ...plan.tools !== void 0 ? { tools: plan.tools } : {},
    // What the agent is told before every step is part of what was approved.
    ...plan.promptPreamble !== void 0 ? { promptPreamble: plan.promptPreamble } : {},
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
    ...plan.budget !== void 0 ? { budget: plan.budget } : {},
    // The checks before every attempt run commands: what runs is what was approved.
    ...plan.preflight !== void 0 ? { preflight: plan.preflight } : {},
    // Which steps run again together is part of what runs.
    ...plan.groups !== void 0 ? { groups: plan.groups } : {},
    // What a finished step's commit holds is approved too.
    ...plan.commit !== void 0 ? { commit: plan.commit } : {},
    // When the plan stops is part of it: a moved deadline is a plan to approve again, not an edit
    // that never reaches the state (an unchanged hash means nothing new to propose).
    ...plan.deadline !== void 0 ? { deadline: plan.deadline } : {}
  };
  return `sha256:${createHash("sha256").update(canonicalJson(hashed)).digest("hex")}`;
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map((v) => v === void 0 ? "null" : canonicalJson(v)).join(",")}]`;
  if (typeof value == "object" && value !== null) {
    let record = value;
    return `{${Object.keys(record).sort().filter((k) => record[k] !== void 0).map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// src/core/plan/step-digests.ts
import { createHash as createHash2 } from "node:crypto";
var MAX_DIGESTED_STEPS = 500;
function stepDigests(plan) {
  let ids = Object.keys(plan.steps);
  if (!(ids.length > MAX_DIGESTED_STEPS))
    return Object.fromEntries(ids.map((id) => [id, createHash2("sha256").update(canonicalJson(plan.steps[id])).digest("hex").slice(0, 16)]));
}
function diffFromDigests(digests, plan) {
  if (typeof digests != "object" || digests === null || Array.isArray(digests)) return null;
  let before = digests, now = stepDigests(plan);
  if (!now) return null;
  let changes = Object.keys(now).map((stepId) => ({
    stepId,
    change: Object.hasOwn(before, stepId) ? before[stepId] === now[stepId] ? "unchanged" : "changed" : "added"
  }));
  for (let stepId of Object.keys(before)) Object.hasOwn(now, stepId) || changes.push({ stepId, change: "removed" });
  return changes;
}

export {
  streamCommand,
  promptCommand,
  dashPromptPlace,
  streamAgentOf,
  planHash,
  stepDigests,
  diffFromDigests
};
