import {
  agentProgram,
  effectiveQueue,
  parseAgentCommand
} from "./chunk-A3WMSJ63.js";

// src/core/agent-stream/prompt-separator.ts
function table(groups) {
  let long = {}, short = {};
  for (let [takes, names] of Object.entries(groups))
    for (let name of names.split(/\s+/).filter(Boolean))
      name.startsWith("--") ? long[name] = takes : short[name.slice(1)] = takes;
  return { long, short };
}
var CLAUDE = table({
  many: `--add-dir --allowedTools --allowed-tools --betas --channels --dangerously-load-development-channels --disallowedTools --disallowed-tools
    --file --mcp-config --tools`,
  maybe: "--cloud --remote -d --debug --from-pr --prompt-suggestions --rc --remote-control -r --resume --teleport -w --worktree",
  one: `--agent --agents --append-system-prompt --append-system-prompt-file --autocompact --debug-file --effort --environment --fallback-model
    --input-format --json-schema --max-budget-usd --max-turns --model -n --name --output-format --permission-mode --permission-prompt-tool
    --permission-prompts --plugin-dir --plugin-url --remote-control-session-name-prefix --session-id --setting-sources --settings --system-prompt
    --system-prompt-file --system-prompt-snapshot`,
  none: `--allow-dangerously-skip-permissions --ax-screen-reader --bg --background --bare --brief --chrome -c --continue --dangerously-skip-permissions
    --desktop --disable-slash-commands --exclude-dynamic-system-prompt-sections --fork-session --forward-subagent-text -h --help --ide
    --include-hook-events --include-partial-messages --no-chrome --no-session-persistence -p --print --replay-user-messages --restricted
    --safe-mode --strict-mcp-config --tmux --verbose -v --version`
}), CODEX_EXEC = table({
  many: "-i --image",
  maybe: "",
  one: `-c --config --enable --disable --remote --remote-auth-token-env -m --model --local-provider -p --profile -s --sandbox -C --cd --add-dir
    --thread-source --cyber-access-program --output-schema --color -o --output-last-message`,
  none: `--strict-config --oss --approve-for-me --dangerously-bypass-approvals-and-sandbox --dangerously-bypass-hook-trust --worktree
    --skip-git-repo-check --trust --ephemeral --ignore-user-config --ignore-rules --json --experimental-json -h --help -V --version`
}), OPTIONS = { claude: CLAUDE, codex: CODEX_EXEC };
function optionTakingPrompt(agent, args) {
  let options = OPTIONS[agent];
  if (!options) return null;
  let open = null;
  for (let word of args) {
    if (open?.takes === "one") {
      open = null;
      continue;
    }
    if (word === "--") return null;
    if (word.length > 1 && word.startsWith("-")) {
      open = word.startsWith("--") ? longOption(options, word) : shortOptions(options, word);
      continue;
    }
    open?.takes !== "many" && (open = null);
  }
  return open && open.takes !== "one" ? open.option : null;
}
function longOption(options, word) {
  if (word.includes("=")) return null;
  let takes = options.long[word] ?? "many";
  return takes === "none" ? null : { option: word, takes };
}
function shortOptions(options, word) {
  for (let i = 1; i < word.length; i++) {
    let letter = word[i], takes = options.short[letter] ?? "many";
    if (takes !== "none")
      return i === word.length - 1 ? { option: `-${letter}`, takes } : null;
  }
  return null;
}

// src/core/agent-stream/stream-command.ts
var CLAUDE_NAMES = /* @__PURE__ */ new Set(["claude", "claude-code"]), CODEX_NAMES = /* @__PURE__ */ new Set(["codex"]), GEMINI_NAMES = /* @__PURE__ */ new Set(["gemini", "gemini-cli"]), CODEX_GLOBAL_VALUES = /* @__PURE__ */ new Set([
  "-c",
  "--config",
  "--enable",
  "--disable",
  "-i",
  "--image",
  "-m",
  "--model",
  "--local-provider",
  "-p",
  "--profile",
  "-s",
  "--sandbox",
  "-a",
  "--ask-for-approval",
  "-C",
  "--cd",
  "--add-dir",
  "--remote",
  "--remote-auth-token-env"
]);
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
function streamCommand(argv) {
  let found = withStreamFlags(argv);
  if (!found) return null;
  let { command, optionsAt } = found, option = optionsAt === null ? null : optionTakingPrompt(command.agent, command.argv.slice(optionsAt));
  return option ? { ...command, argv: [...command.argv, "--"], closes: option } : command;
}
function promptCommand(argv) {
  return streamCommand(argv)?.closes ? [...argv, "--"] : [...argv];
}
function withStreamFlags(argv) {
  let program = agentProgram(argv);
  if (!program) return null;
  let after = program.index + 1, args = argv.slice(after), given = [...argv];
  if (CLAUDE_NAMES.has(program.name)) {
    let format = optionValue(args, ["--output-format"]);
    if (format !== void 0) {
      let parse = format === "stream-json" || format === "json";
      return { command: { agent: "claude", argv: given, added: [], parse, ...parse ? {} : { note: `Claude Code's --output-format ${format} is not read` } }, optionsAt: after };
    }
    if (!args.includes("-p") && !args.includes("--print"))
      return { command: { agent: "claude", argv: given, added: [], parse: !1, note: "Claude Code prints a stream only with -p (--print)" }, optionsAt: after };
    let added = ["--output-format", "stream-json", ...args.includes("--verbose") ? [] : ["--verbose"], ...args.includes("--include-partial-messages") ? [] : ["--include-partial-messages"]];
    return { command: { agent: "claude", argv: insert(argv, after, added), added, parse: !0 }, optionsAt: after };
  }
  if (CODEX_NAMES.has(program.name)) {
    let i = 0;
    for (; i < args.length; i++) {
      let a = args[i];
      if (!a.startsWith("-")) break;
      CODEX_GLOBAL_VALUES.has(a) && i++;
    }
    let sub = args[i];
    if (sub !== "exec" && sub !== "e")
      return { command: { agent: "codex", argv: given, added: [], parse: !1, note: "Codex prints a stream only as `codex exec`" }, optionsAt: null };
    let optionsAt = after + i + 1, execArgs = args.slice(i + 1);
    if (execArgs.includes("--json") || execArgs.includes("--experimental-json")) return { command: { agent: "codex", argv: given, added: [], parse: !0 }, optionsAt };
    let added = ["--json"];
    return { command: { agent: "codex", argv: insert(argv, optionsAt, added), added, parse: !0 }, optionsAt };
  }
  if (GEMINI_NAMES.has(program.name)) {
    let format = optionValue(args, ["-o", "--output-format"]);
    if (format !== void 0) {
      let parse = format === "stream-json";
      return { command: { agent: "gemini", argv: given, added: [], parse, ...parse ? {} : { note: `Gemini CLI's --output-format ${format} is not read` } }, optionsAt: null };
    }
    let added = ["--output-format", "stream-json"];
    return { command: { agent: "gemini", argv: insert(argv, after, added), added, parse: !0 }, optionsAt: null };
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
function byStep(steps, pick) {
  let out = {};
  for (let [id, step] of Object.entries(steps)) {
    let command = typeof step.agent == "string" ? streamCommandOf(step.agent) : null, found = command ? pick(command) : void 0;
    found !== void 0 && Object.defineProperty(out, id, { value: found, enumerable: !0, writable: !0, configurable: !0 });
  }
  return out;
}
function planStreamFlags(steps) {
  return byStep(steps, (command) => command.added.length ? command.added : void 0);
}
function planPromptSeparators(steps) {
  return byStep(steps, (command) => command.closes ? "--" : void 0);
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
    // The flags the sequencer adds to a step's own agent command to read its stream run with it
    // (the proposal shows them); only when some are, so other plans keep their hash.
    ...streamFlagsEntry(plan),
    // Likewise the `--` put before the prompt of a step agent command that ends inside an option
    // that would take the prompt as its value (`--allowedTools Bash`): only when some step gets it.
    ...separatorsEntry(plan),
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
function streamFlagsEntry(plan) {
  let flags = planStreamFlags(plan.steps);
  return Object.keys(flags).length ? { agentStreamFlags: flags } : {};
}
function separatorsEntry(plan) {
  let separators = planPromptSeparators(plan.steps);
  return Object.keys(separators).length ? { agentPromptSeparators: separators } : {};
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
  streamAgentOf,
  planHash,
  stepDigests,
  diffFromDigests
};
