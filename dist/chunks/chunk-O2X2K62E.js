import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ON_EXCEED,
  TOOLS_VIAS,
  toolPatternProblem
} from "./chunk-PY777ZN4.js";
import {
  DEFAULT_GROUP_ATTEMPTS,
  MAX_ROUTES,
  MAX_ROUTE_TIMES
} from "./chunk-IU6TIPQF.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  add,
  checkInteger,
  checkKnownFields,
  checkString,
  cloneJson,
  index,
  isNonEmptyString,
  isRecord,
  key,
  listSome,
  timestampProblem
} from "./chunk-X26RSK32.js";
import {
  compilePattern
} from "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  ID_PATTERN,
  PlanError,
  nearestName,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/agent-stream/agent-names.ts
var NAMES = { claude: "claude", "claude-code": "claude", codex: "codex", gemini: "gemini", "gemini-cli": "gemini" }, CODEX_GLOBAL_VALUES = /* @__PURE__ */ new Set([
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
function agentNamed(name) {
  return Object.hasOwn(NAMES, name) ? NAMES[name] : null;
}
function agentOptionsAt(agent, args) {
  if (agent !== "codex") return 0;
  let sub = codexSubcommandAt(args);
  return args[sub] === "exec" || args[sub] === "e" ? sub + 1 : null;
}
function codexSubcommandAt(args) {
  let i = 0;
  for (; i < args.length; i++) {
    let a = args[i];
    if (!a.startsWith("-")) break;
    CODEX_GLOBAL_VALUES.has(a) && i++;
  }
  return i;
}

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
}), OPTIONS = { claude: CLAUDE, codex: CODEX_EXEC }, GEMINI = table({
  many: "",
  maybe: "",
  one: `-m --model -w --worktree --approval-mode --policy --admin-policy --allowed-mcp-server-names --allowed-tools -e --extensions -r --resume
    --session-file --session-id --delete-session --include-directories -o --output-format`,
  none: ""
});
function optionTakingPrompt(agent, args) {
  let options = OPTIONS[agent], open = options ? openAtEnd(options, args) : null;
  return open && open.takes !== "one" ? open.option : null;
}
function openAtEnd(options, args) {
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
  return open;
}
function promptProblem(name, args) {
  let agent = agentNamed(name), at = agent ? agentOptionsAt(agent, args) : null;
  if (agent === null || at === null) return null;
  let own = args.slice(at);
  if (agent === "gemini") {
    let problem = geminiPromptProblem(own);
    if (problem) return problem;
  }
  let open = openAtEnd(agent === "gemini" ? GEMINI : OPTIONS[agent], own);
  return open?.takes !== "one" ? null : `ends with ${open.option}, which takes the prompt (added as the last argument) as its value; give ${open.option} a value (${open.option} <value>) or leave it out`;
}
function geminiPromptProblem(args) {
  for (let i = 0; i < args.length; i++) {
    let word = args[i], attached = /^(--prompt|-p)=/.exec(word);
    if (attached)
      return `gives ${attached[1]} a value of its own (${showValue(word)}) while the prompt is added as the last argument, and Gemini CLI refuses both ("Cannot use both a positional prompt and the --prompt (-p) flag together"); end the command with ${attached[1]}, without a value`;
    let prompt = word === "--prompt" ? word : /^-[A-Za-z]*p$/.test(word) ? "-p" : null, next = args[i + 1];
    if (!(prompt === null || next === void 0))
      return next.startsWith("-") ? `has ${prompt} followed by ${showValue(next)}, and Gemini CLI takes only the word right after ${prompt} as the prompt (it stops with "Not enough arguments following: p" when that word is an option); the prompt is added as the last argument, so move ${prompt} to the end of the command` : `gives ${prompt} a value of its own (${showValue(next)}) while the prompt is added as the last argument, and Gemini CLI refuses both ("Cannot use both a positional prompt and the --prompt (-p) flag together"); end the command with ${prompt}, without a value`;
  }
  return null;
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

// src/core/trust/agent-command-variables.ts
var AGENT_COMMAND_VARIABLES = [
  "SEQUENCER_CLAUDE_SETTINGS",
  "SEQUENCER_POLICY_FILE",
  "SEQUENCER_COMMAND_LOG",
  "SEQUENCER_STOP_FILE",
  "SEQUENCER_PAYLOAD_FILE",
  "SEQUENCER_RESULT_FILE",
  "SEQUENCER_WORKSPACE",
  "SEQUENCER_PLAN_ID",
  "SEQUENCER_STEP_ID",
  "SEQUENCER_ATTEMPT",
  "SEQUENCER_ATTEMPT_ID"
], REFERENCE = /^\$(?:\{(SEQUENCER_[A-Za-z0-9_]*)\}|(SEQUENCER_[A-Za-z0-9_]*))/;
function sequencerReference(text, i, fail) {
  let m = REFERENCE.exec(text.slice(i, i + 200));
  if (!m) return null;
  let name = m[1] ?? m[2] ?? "";
  return AGENT_COMMAND_VARIABLES.includes(name) || fail(`names ${m[0]}, which the sequencer does not set for an agent command; expected one of ${AGENT_COMMAND_VARIABLES.map((v) => `$${v}`).join(", ")}`), m[0];
}
function expandAgentVariables(argv, env) {
  return argv.map(
    (word) => word.includes("$SEQUENCER_") || word.includes("${SEQUENCER_") ? word.replace(/\$\{(SEQUENCER_[A-Za-z0-9_]+)\}|\$(SEQUENCER_[A-Za-z0-9_]+)/g, (whole, braced, bare) => env[braced ?? bare ?? ""] ?? whole) : word
  );
}

// src/core/trust/agent-command-words.ts
var EXAMPLE = 'give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.';
function tokenize(text, fail) {
  let words = [], word = "", inWord = !1, i = 0, syntax = (what) => fail(
    `uses shell syntax (${what}) outside single quotes; it is not run by a shell, so pipes, redirections, ";", "&", substitutions and variables do not work. Quote the character to pass it literally, or ${EXAMPLE}`
  );
  for (; i < text.length; ) {
    let ch = text[i];
    if (ch === " " || ch === "	" || ch === `
` || ch === "\r")
      inWord && words.push(word), word = "", inWord = !1, i++;
    else if (ch === "'") {
      let end = text.indexOf("'", i + 1);
      end < 0 && fail("has an unbalanced single quote; expected a closing '"), word += text.slice(i + 1, end), inWord = !0, i = end + 1;
    } else if (ch === '"') {
      i++;
      let closed = !1;
      for (; i < text.length; ) {
        let c = text[i];
        if (c === '"') {
          closed = !0, i++;
          break;
        }
        if (c === "\\" && i + 1 < text.length) {
          let next = text[i + 1];
          '\\"$`'.includes(next) ? word += next : next !== `
` && (word += c + next), i += 2;
          continue;
        }
        c === "`" && syntax("`...`");
        let ref = c === "$" ? sequencerReference(text, i, fail) : null;
        if (ref) {
          word += ref, i += ref.length;
          continue;
        }
        c === "$" && isExpansion(text, i) && syntax(`"${text.slice(i, i + 2)}..."`), word += c, i++;
      }
      closed || fail('has an unbalanced double quote; expected a closing "'), inWord = !0;
    } else if (ch === "\\") {
      i + 1 >= text.length && fail("ends with a lone backslash; expected a character after it");
      let next = text[i + 1];
      next !== `
` && (word += next, inWord = !0), i += 2;
    } else {
      "|;&<>()`".includes(ch) && syntax(ch);
      let ref = ch === "$" ? sequencerReference(text, i, fail) : null;
      if (ref) {
        word += ref, inWord = !0, i += ref.length;
        continue;
      }
      ch === "$" && isExpansion(text, i) && syntax(`${text.slice(i, i + 2)}...`), ch === "#" && !inWord && syntax("# comment"), word += ch, inWord = !0, i++;
    }
  }
  return inWord && words.push(word), words;
}
function isExpansion(text, i) {
  let next = text[i + 1];
  return next !== void 0 && /[A-Za-z_0-9{(?!#@*$-]/.test(next);
}

// src/core/trust/container-runner-options.ts
var CONTAINER_VALUES = [
  "--add-host",
  "--annotation",
  "--attach",
  "--blkio-weight",
  "--blkio-weight-device",
  "--cap-add",
  "--cap-drop",
  "--cgroup-parent",
  "--cgroupns",
  "--cgroups",
  "--cgroup-conf",
  "--cidfile",
  "--conmon-pidfile",
  "--cpu-count",
  "--cpu-percent",
  "--cpu-period",
  "--cpu-quota",
  "--cpu-rt-period",
  "--cpu-rt-runtime",
  "--cpu-shares",
  "--cpus",
  "--cpuset-cpus",
  "--cpuset-mems",
  "--detach-keys",
  "--device",
  "--device-cgroup-rule",
  "--device-read-bps",
  "--device-read-iops",
  "--device-write-bps",
  "--device-write-iops",
  "--dns",
  "--dns-opt",
  "--dns-option",
  "--dns-search",
  "--domainname",
  "--env",
  "--env-file",
  "--expose",
  "--gidmap",
  "--gpus",
  "--group-add",
  "--group-entry",
  "--health-cmd",
  "--health-interval",
  "--health-retries",
  "--health-start-interval",
  "--health-start-period",
  "--health-timeout",
  "--health-on-failure",
  "--hostname",
  "--hostuser",
  "--image-volume",
  "--init-path",
  "--ip",
  "--ip6",
  "--ipc",
  "--isolation",
  "--kernel-memory",
  "--label",
  "--label-file",
  "--link",
  "--link-local-ip",
  "--log-driver",
  "--log-opt",
  "--mac-address",
  "--memory",
  "--memory-reservation",
  "--memory-swap",
  "--memory-swappiness",
  "--mount",
  "--name",
  "--net",
  "--net-alias",
  "--network",
  "--network-alias",
  "--oom-score-adj",
  "--os",
  "--arch",
  "--variant",
  "--passwd-entry",
  "--personality",
  "--pid",
  "--pidfile",
  "--pids-limit",
  "--platform",
  "--pod",
  "--pod-id-file",
  "--preserve-fds",
  "--publish",
  "--pull",
  "--requires",
  "--restart",
  "--retry",
  "--retry-delay",
  "--runtime",
  "--sdnotify",
  "--seccomp-policy",
  "--secret",
  "--security-opt",
  "--shm-size",
  "--shm-size-systemd",
  "--stop-signal",
  "--stop-timeout",
  "--storage-opt",
  "--subgidname",
  "--subuidname",
  "--sysctl",
  "--timeout",
  "--tmpfs",
  "--tz",
  "--uidmap",
  "--ulimit",
  "--umask",
  "--unsetenv",
  "--user",
  "--userns",
  "--uts",
  "--volume",
  "--volume-driver",
  "--volumes-from",
  "--workdir",
  "--authfile",
  "--cert-dir",
  "--creds",
  "--decryption-key",
  "--chrootdirs",
  "--env-merge",
  "--hooks-dir"
], CONTAINER_GLOBALS = [
  "--context",
  "-c",
  "--config",
  "--host",
  "-H",
  "--log-level",
  "-l",
  "--tlscacert",
  "--tlscert",
  "--tlskey",
  "--connection",
  "--url",
  "--identity",
  "--root",
  "--runroot",
  "--storage-driver",
  "--storage-opt",
  "--cgroup-manager",
  "--events-backend",
  "--network-cmd-path",
  "--network-config-dir",
  "--module",
  "--conmon",
  "--runtime",
  "--tmpdir",
  "--volumepath",
  "--imagestore"
];

// src/core/trust/sandbox-runner-options.ts
var BWRAP_ONE = [
  "--remount-ro",
  "--tmpfs",
  "--proc",
  "--dev",
  "--mqueue",
  "--dir",
  "--unsetenv",
  "--chdir",
  "--uid",
  "--gid",
  "--hostname",
  "--lock-file",
  "--sync-fd",
  "--info-fd",
  "--json-status-fd",
  "--block-fd",
  "--userns-block-fd",
  "--seccomp",
  "--add-seccomp-fd",
  "--exec-label",
  "--file-label",
  "--userns",
  "--userns2",
  "--pidns",
  "--args",
  "--cap-add",
  "--cap-drop",
  "--perms",
  "--size",
  "--argv0"
], BWRAP_TWO = [
  "--bind",
  "--bind-try",
  "--ro-bind",
  "--ro-bind-try",
  "--dev-bind",
  "--dev-bind-try",
  "--symlink",
  "--setenv",
  "--chmod",
  "--bind-data",
  "--ro-bind-data",
  "--file",
  "--overlay-src"
], SYSTEMD_RUN_VALUES = [
  "--unit",
  "--property",
  "--description",
  "--slice",
  "--uid",
  "--gid",
  "--nice",
  "--working-directory",
  "--setenv",
  "--machine",
  "--host",
  "--on-active",
  "--on-boot",
  "--on-startup",
  "--on-unit-active",
  "--on-unit-inactive",
  "--on-calendar",
  "--timer-property",
  "--path-property",
  "--socket-property",
  "--service-type",
  "--capsule",
  "--user-unit"
];

// src/core/trust/uv-runner-options.ts
var UV_VALUES = [
  "--with",
  "--with-editable",
  "--with-requirements",
  "--from",
  "--extra",
  "--group",
  "--no-group",
  "--only-group",
  "--env-file",
  "--package",
  "--python",
  "--index",
  "--default-index",
  "--index-url",
  "--extra-index-url",
  "--find-links",
  "--upgrade-package",
  "--reinstall-package",
  "--refresh-package",
  "--index-strategy",
  "--keyring-provider",
  "--resolution",
  "--prerelease",
  "--fork-strategy",
  "--exclude-newer",
  "--exclude-newer-package",
  "--config-setting",
  "--config-settings-package",
  "--no-build-isolation-package",
  "--link-mode",
  "--no-build-package",
  "--no-binary-package",
  "--python-platform",
  "--directory",
  "--project",
  "--config-file",
  "--cache-dir",
  "--color",
  "--allow-insecure-host",
  "--python-preference"
];

// src/core/trust/command-runners.ts
var VIA_SHELL = "runs its command through a shell", PACKAGE_RUNNER = { value: "p", longValue: ["--package"], refuse: { "-c": VIA_SHELL, "--call": VIA_SHELL, "--shell-mode": VIA_SHELL }, packageName: !0 }, UV = { value: "pPCfiw", longValue: UV_VALUES, globalValue: UV_VALUES }, CONDA = { value: "npr", longValue: ["--name", "--prefix", "--cwd", "--root-prefix", "--attach", "--label"], subcommands: ["run"] }, CONTAINER = {
  value: "acehlmpuvw",
  longValue: CONTAINER_VALUES,
  positionals: 1,
  entrypoint: ["--entrypoint"],
  subcommands: ["run", "exec", "container run", "container exec"],
  globalValue: CONTAINER_GLOBALS
}, WRAPPERS = {
  env: {
    value: "uCPa",
    longValue: ["--unset", "--chdir", "--argv0"],
    assignments: !0,
    refuse: { "-S": "splits its argument like a shell would", "--split-string": "splits its argument like a shell would" }
  },
  nohup: {},
  nice: { value: "n", longValue: ["--adjustment"] },
  timeout: { value: "sk", longValue: ["--signal", "--kill-after"], positionals: 1 },
  setsid: {},
  stdbuf: { value: "ioe", longValue: ["--input", "--output", "--error"] },
  time: { value: "fo", longValue: ["--format", "--output"] },
  command: {},
  sudo: {
    value: "uUgphCDRTrt",
    longValue: ["--user", "--group", "--other-user", "--host", "--prompt", "--close-from", "--chdir", "--chroot", "--command-timeout", "--role", "--type"],
    assignments: !0,
    refuse: { "-s": "runs a shell", "--shell": "runs a shell", "-i": "runs a login shell", "--login": "runs a login shell", "-e": "runs an editor", "--edit": "runs an editor" }
  },
  doas: { value: "uC", refuse: { "-s": "runs a shell" } },
  xargs: {
    value: "adEILnPs",
    attachedOnly: "eil",
    longValue: ["--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"]
  },
  ionice: { value: "cnpPu" },
  chrt: { longValue: ["--sched-runtime", "--sched-period", "--sched-deadline"], value: "TPD", positionals: 1 },
  taskset: { positionals: 1 },
  flock: { value: "wE", longValue: ["--timeout", "--wait", "--conflict-exit-code"], positionals: 1, refuse: { "-c": "runs its command through sh -c", "--command": "runs its command through sh -c" } },
  chroot: { positionals: 1 },
  unbuffer: {},
  npx: PACKAGE_RUNNER,
  bunx: PACKAGE_RUNNER,
  npm: { ...PACKAGE_RUNNER, subcommands: ["exec", "x"] },
  pnpm: { ...PACKAGE_RUNNER, subcommands: ["dlx", "exec"] },
  yarn: { ...PACKAGE_RUNNER, subcommands: ["dlx", "exec"], aliases: { node: "node" } },
  // Only `bun x`: `bun run` and the rest are bun the interpreter.
  bun: { ...PACKAGE_RUNNER, subcommands: ["x"] },
  uv: { ...UV, subcommands: ["run", "tool run"] },
  uvx: { ...UV, packageName: !0 },
  poetry: { value: "CP", longValue: ["--directory", "--project"], subcommands: ["run"], globalValue: ["-C", "--directory", "-P", "--project"] },
  pipenv: { longValue: ["--python", "--pypi-mirror"], subcommands: ["run"], globalValue: ["--python", "--pypi-mirror"] },
  conda: CONDA,
  mamba: CONDA,
  micromamba: CONDA,
  docker: CONTAINER,
  podman: CONTAINER,
  unshare: {
    value: "SGRw",
    longValue: ["--setuid", "--setgid", "--root", "--wd", "--propagation", "--setgroups", "--map-user", "--map-group", "--map-users", "--map-groups"]
  },
  bwrap: { longValue: BWRAP_ONE, longValue2: BWRAP_TWO },
  firejail: {
    refuse: { "--shell": "runs its command through that shell" },
    harmless: { "--shell": "none" }
  },
  "systemd-run": { value: "puMHEC", longValue: SYSTEMD_RUN_VALUES, refuse: { "-S": "runs a shell", "--shell": "runs a shell" } },
  run0: { value: "ugD", longValue: ["--user", "--group", "--nice", "--chdir", "--setenv", "--property", "--description", "--slice", "--unit", "--machine", "--background"] }
};

// src/core/trust/editor-code-options.ts
var CODE_OPTIONS = [
  // Emacs reads long options with one dash or two, and a value after `=` or as the next word.
  [/^emacs(-\d+(\.\d+)*)?$/, (args) => firstOption(args, (name) => name === "eval" || name === "execute"), "evaluates Lisp, which can run any program"],
  // gdb takes long options with one dash or two, abbreviated to any unambiguous prefix.
  [
    /^gdb(-multiarch)?$/,
    (args) => firstOption(args, (name) => name === "ex" || name === "iex" || name.length >= 2 && "eval-command".startsWith(name) || name.length >= 6 && "init-eval-command".startsWith(name)),
    "runs debugger commands (`shell` runs any program)"
  ],
  [
    /^lldb(-\d+)?$/,
    (args) => firstOption(args, (name, dashes) => dashes === 1 && /^[oOk]$/.test(name) || /^one-line(-before-file|-on-crash)?$/.test(name)),
    "runs debugger commands (`platform shell` runs any program)"
  ],
  [/^(vi|vim|nvim|ex|view|vimdiff|gvim|rvim|evim|gview|rview|nvi)$/, vimCommand, "runs editor commands (`:!` runs any program)"]
];
function codeOption(name, args) {
  for (let [pattern, find, why] of CODE_OPTIONS) {
    if (!pattern.test(name)) continue;
    let option = find(args);
    if (option) return { option, why };
  }
  return null;
}
function firstOption(args, matches) {
  for (let a of args) {
    if (a === "--") return null;
    let m = /^(--?)([^=]+)/.exec(a);
    if (m && matches(m[2], m[1].length)) return `${m[1]}${m[2]}`;
  }
  return null;
}
function vimCommand(args) {
  for (let a of args) {
    if (a === "--") return null;
    if (a === "--cmd" || a.startsWith("--cmd=")) return "--cmd";
    if (a.startsWith("+") && !/^\+\d*$/.test(a)) return a;
    if (/^-[A-Za-z]*c/.test(a)) return "-c";
  }
  return null;
}

// src/core/trust/git-check.ts
function checkGit(args, ctx) {
  let refuse = (what, why) => ctx.fail(`runs git ${what}, which ${why}; ${ctx.hint}`), i = 0;
  for (; i < args.length; i++) {
    let a = args[i];
    if (!a.startsWith("-")) break;
    (a.startsWith("-c") || a.startsWith("--config-env")) && refuse(`${a.startsWith("-c") ? "-c" : "--config-env"}`, "sets configuration that can run commands (alias.*, core.pager, core.fsmonitor, \u2026)"), a.startsWith("--exec-path=") && refuse("--exec-path", "makes git take its subcommands from another folder"), (a === "-C" || a === "--git-dir" || a === "--work-tree" || a === "--namespace") && i++;
  }
  let sub = args[i], rest = args.slice(i + 1);
  sub === "submodule" && rest.includes("foreach") && refuse("submodule foreach", "runs its command through a shell"), sub === "filter-branch" && refuse("filter-branch", "runs its filters through a shell"), sub === "bisect" && rest[0] === "run" && refuse("bisect run", "runs the given command"), (sub === "rebase" || sub === "difftool") && rest.some((a) => /^(-x|--exec|--extcmd)(=|$)|^-[^-]*x/.test(a)) && refuse(`${sub} ${sub === "rebase" ? "--exec" : "--extcmd"}`, "runs the given command through a shell");
}

// src/core/trust/interpreter-check.ts
var PYTHON = { inline: "c", inlineLong: [], withValue: "WXQ", stop: "m" }, JS_RUNTIME = {
  inline: "ep",
  inlineLong: ["--eval", "--print"],
  inlineSub: [],
  withValue: "rC",
  longWithValue: ["--require", "--import", "--loader", "--experimental-loader", "--conditions", "--input-type", "--title", "--env-file", "--cwd", "--config"]
}, INTERPRETERS = [
  [/^(python|pypy)(\d+(\.\d+)?)?$/, PYTHON],
  [/^(node|nodejs|tsx|ts-node)$/, JS_RUNTIME],
  [/^bun$/, { ...JS_RUNTIME, passSub: ["run"] }],
  [/^deno$/, { ...JS_RUNTIME, inlineSub: ["eval"], passSub: ["run"] }],
  [/^perl(\d+(\.\d+)*)?$/, { inline: "eE", inlineLong: [], withValue: "", attachedValue: "IMmxidDCV", digitsValue: "l0" }],
  [/^ruby(\d+(\.\d+)*)?$/, { inline: "e", inlineLong: [], withValue: "IrCEK", attachedValue: "iFWTx", digitsValue: "0" }],
  [/^php(\d+(\.\d+)*)?$/, { inline: "rRBE", inlineLong: ["--run", "--process-code", "--process-begin", "--process-end"], withValue: "cdzt", stop: "f" }],
  [/^osascript$/, { inline: "e", inlineLong: [], withValue: "ls" }],
  [/^(lua|luajit)(\d+(\.\d+)*)?$/, { inline: "e", inlineLong: [], withValue: "l" }],
  [/^expect$/, { inline: "c", inlineLong: [], withValue: "bD", stop: "f" }],
  [/^(r|rscript)$/, { inline: "e", inlineLong: [], withValue: "", stop: "f" }],
  [/^julia(-\d+(\.\d+)*)?$/, { inline: "eE", inlineLong: ["--eval", "--print"], withValue: "JLpCtgO", longWithValue: ["--project", "--sysimage", "--load", "--procs", "--threads", "--cpu-target"] }],
  [/^guile(\d+(\.\d+)*)?$/, { inline: "c", inlineLong: [], withValue: "lLCxe", stop: "s" }],
  [
    /^racket$/,
    {
      inline: "e",
      inlineLong: ["--eval"],
      withValue: "ftlpWLSXGAIN",
      longWithValue: ["--load", "--require", "--lib", "--collects", "--config", "--search", "--addon", "--warn", "--syslog", "--name", "--compiled"],
      stop: "ru"
    }
  ],
  [/^elixir$/, { inline: "e", inlineLong: ["--eval"], withValue: "r", longWithValue: ["--require", "--erl", "--name", "--sname", "--cookie", "--pa", "--pz"] }]
];
function checkInterpreter(name, interp, args, ctx) {
  let { fail } = ctx, inlineFail = (flag) => fail(`runs ${name} with inline code (${flag}); ${scriptAdvice(name, ctx)}`), first = args[0];
  first !== void 0 && interp.inlineSub?.includes(first) && inlineFail(first), first !== void 0 && interp.passSub?.includes(first) && (args = args.slice(1));
  for (let i = 0; i < args.length; i++) {
    let a = args[i];
    if (a === "-" || !a.startsWith("-")) return;
    if (a === "--") {
      if (i + 1 < args.length) return;
      break;
    }
    if (a.startsWith("--")) {
      let flag = a.split("=", 1)[0];
      interp.inlineLong.includes(flag) && inlineFail(flag), interp.longWithValue?.includes(flag) && !a.includes("=") && i++;
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      let c = a[j];
      if (interp.inline.includes(c) && inlineFail(`-${c}`), interp.stop?.includes(c)) return;
      if (interp.attachedValue?.includes(c)) break;
      if (interp.digitsValue?.includes(c)) {
        for (; j + 1 < a.length && /[0-9]/.test(a[j + 1]); ) j++;
        continue;
      }
      if (interp.withValue.includes(c)) {
        j === a.length - 1 && i++;
        break;
      }
    }
  }
  ctx.prompt && fail(`runs ${name} without a script, so the prompt would be taken for the script's path; ${scriptAdvice(name, ctx)}`);
}
function scriptAdvice(name, ctx) {
  return ctx.prompt ? `put the agent in a script file (e.g. "${name} agent-script") or ${ctx.hint}` : `put the code in a script file (e.g. ["${name}", "checks/verify-script"]) or ${ctx.hint}`;
}

// src/core/trust/wrapped-command.ts
function wrapperArgs(w, args) {
  if (!w.subcommands && !w.aliases) return { args };
  let i = 0;
  for (; i < args.length && args[i].startsWith("-") && args[i] !== "--"; ) i += w.globalValue?.includes(args[i]) ? 2 : 1;
  let words = args.slice(i), alias = words[0] !== void 0 && w.aliases && Object.hasOwn(w.aliases, words[0]) ? w.aliases[words[0]] : void 0;
  if (alias) return { alias, args: words.slice(1) };
  for (let sub of w.subcommands ?? []) {
    let parts = sub.split(" ");
    if (parts.every((p, k) => words[k] === p)) return { args: words.slice(parts.length) };
  }
  return null;
}
function wrappedCommand(name, w, args, ctx) {
  let refuse = (flag, why) => ctx.fail(`runs "${name} ${flag}", which ${why}; ${ctx.hint}`), entrypoint, i = 0;
  for (; i < args.length; i++) {
    let a = args[i];
    if (a === "--") {
      i++;
      break;
    }
    if (!(w.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a))) {
      if (!a.startsWith("-") || a === "-") break;
      if (a.startsWith("--")) {
        let [flag = a] = a.split("=", 1), value = a.includes("=") ? a.slice(flag.length + 1) : void 0, why = w.refuse?.[flag];
        why && (value === void 0 || w.harmless?.[flag] !== value) && refuse(flag, why), w.entrypoint?.includes(flag) ? entrypoint = value ?? args[++i] ?? "" : w.longValue2?.includes(flag) ? i += 2 : w.longValue?.includes(flag) && value === void 0 && i++;
        continue;
      }
      if (!/^-\d+$/.test(a))
        for (let j = 1; j < a.length; j++) {
          let c = a[j], why = w.refuse?.[`-${c}`];
          if (why && refuse(`-${c}`, why), w.attachedOnly?.includes(c)) break;
          if (w.value?.includes(c)) {
            j === a.length - 1 && i++;
            break;
          }
        }
    }
  }
  i += w.positionals ?? 0;
  let rest = args.slice(i);
  if (entrypoint) return [...entrypointWords(entrypoint), ...rest];
  let late = rest[0] !== void 0 ? w.refuse?.[rest[0]] : void 0;
  return late && refuse(rest[0], late), w.packageName && rest.length > 0 ? [rest[0].replace(/^(@[^/]+\/)?([^@]+)(@.*)?$/, "$2"), ...rest.slice(1)] : rest;
}
function entrypointWords(value) {
  if (value.startsWith("["))
    try {
      let words = JSON.parse(value);
      if (Array.isArray(words) && words.every((w) => typeof w == "string")) return words.length ? words : [value];
    } catch {
    }
  return [value];
}
function nixCommand(args, refuse) {
  let sub = args.find((a) => a === "develop" || a === "shell");
  if (sub === void 0) return null;
  let at = args.findIndex((a) => a === "-c" || a === "--command");
  return at < 0 && refuse(`nix ${sub} without -c/--command`, "starts a shell"), args.slice(at + 1);
}

// src/core/trust/program-check.ts
function isPathLike(cmd) {
  return /[\\/]/.test(cmd) || /^[A-Za-z]:/.test(cmd);
}
function programName(word) {
  return (word.split(/[\\/]/).pop() ?? word).toLowerCase().replace(/\.(exe|cmd|bat|com)$/, "");
}
var SHELLS = /* @__PURE__ */ new Set([
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "mksh",
  "fish",
  "csh",
  "tcsh",
  "ash",
  "yash",
  "rbash",
  "nu",
  "elvish",
  "xonsh",
  "osh",
  "ysh",
  "pwsh",
  "powershell",
  "cmd",
  "busybox",
  "toybox",
  "eval",
  "exec",
  "source",
  "."
]), SHELL_RUNNERS = {
  su: "runs its command through the target user's shell",
  runuser: "runs its command through the target user's shell",
  sg: "runs its command through /bin/sh",
  newgrp: "starts a shell",
  login: "starts a shell",
  script: "runs its command (or a shell) through $SHELL",
  ssh: "runs its command through the remote user's shell",
  rsh: "runs its command through the remote user's shell",
  watch: "runs its command through sh -c",
  parallel: "runs its commands through a shell",
  at: "hands its input to a shell",
  batch: "hands its input to a shell",
  tmux: "runs its commands through a shell",
  screen: "runs its commands through a shell",
  "nix-shell": "runs its command (or a shell) through bash",
  pixi: "runs its command through its own shell (deno_task_shell)"
}, PROGRAM_FIRST = [
  [/^(awk|gawk|mawk|nawk|original-awk|goawk|busybox-awk)$/, "runs awk, whose program is given inline (and whose system() runs a shell)"],
  [/^g?sed$/, "runs sed, whose script is given inline (and whose e command runs a shell)"]
];
function checkProgram(argv, ctx) {
  let { fail, hint } = ctx, first = argv[0];
  /^[\s|&;<>()$`\\"'*?!{}[\]#~=%^]*$/.test(first) && fail(`starts with ${showValue(first)}, which is shell syntax, not a program; ${hint}`);
  let name = programName(first), args = argv.slice(1);
  if (SHELLS.has(name)) {
    let script = args[0];
    if (ctx.prompt && script !== void 0 && !script.startsWith("-") && name !== "cmd") {
      let shown = isPathLike(script) ? script : `./${script}`;
      fail(
        `runs a shell interpreter (${name}); to run the script ${script}, start it with a shebang line (#!/usr/bin/env ${name}), make it executable (chmod +x ${script}) and give its path: "${shown}". The prompt is passed as its last argument and never run by a shell.`
      );
    }
    fail(`runs a shell interpreter (${name}); ${hint}`);
  }
  let runner = SHELL_RUNNERS[name];
  runner && fail(`runs ${name}, which ${runner}; ${hint}`);
  for (let [pattern, why] of PROGRAM_FIRST) pattern.test(name) && fail(`${why}; ${hint}`);
  let wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : void 0, wrapped = wrapper ? wrapperArgs(wrapper, args) : null;
  if (wrapped?.alias) return checkProgram([wrapped.alias, ...wrapped.args], ctx);
  if (wrapper && wrapped) {
    let rest = wrappedCommand(name, wrapper, wrapped.args, ctx);
    rest.length > 0 ? checkProgram(rest, ctx) : ctx.prompt && fail(`runs ${name} without a program to run, so the prompt would be run as the program; ${hint}`);
    return;
  }
  if (name === "nix") {
    let rest = nixCommand(args, (what, why) => fail(`runs ${what}, which ${why}; ${hint}`));
    if (rest?.length) return checkProgram(rest, ctx);
    rest && ctx.prompt && fail(`runs nix without a program after -c, so the prompt would be run as the program; ${hint}`);
  }
  let code = codeOption(name, args);
  if (code && fail(`runs ${name} ${code.option}, which ${code.why}; ${hint}`), name === "git" && checkGit(args, ctx), name === "find") {
    let exec = args.find((a) => /^-(exec|execdir|ok|okdir)$/.test(a));
    exec && fail(`runs find ${exec}, which runs other programs; ${hint}`);
  }
  for (let [pattern, interp] of INTERPRETERS)
    pattern.test(name) && checkInterpreter(name, interp, args, ctx);
}

// src/core/trust/agent-command.ts
var CHECK_EXAMPLE = 'run a program or a script file from the workspace with plain arguments, e.g. ["./checks/verify.sh"] or ["npm", "test"]; nothing here is run by a shell.';
function parseAgentCommand(text, source) {
  let shown = showValue(text), fail = (why) => {
    throw new ConfigError(`${source}: ${shown} ${why}`, "The agent command is split into words like a shell would, but no shell ever runs it.");
  };
  if (typeof text != "string" || text.trim() === "")
    throw new ConfigError(`${source}: ${showValue(text)} is empty; expected an agent command such as "claude -p" or "codex exec --sandbox workspace-write"`);
  let argv = tokenize(text, fail);
  argv.length === 0 && fail('has no words; expected an agent command such as "claude -p"'), checkProgram(argv, { fail, hint: EXAMPLE, prompt: !0 });
  let program = agentProgram(argv), problem = program ? promptProblem(program.name, argv.slice(program.index + 1)) : null;
  if (problem) throw new ConfigError(`${source}: ${shown} ${problem}`);
  return argv;
}
function agentCommandProblem(text) {
  try {
    return parseAgentCommand(text, ""), null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message.replace(/^: /, "");
    throw err;
  }
}
function commandProblem(argv) {
  try {
    return checkProgram([...argv], {
      fail: (why) => {
        throw new ConfigError(why);
      },
      hint: CHECK_EXAMPLE,
      prompt: !1
    }), null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}
function agentProgram(argv) {
  let words = [...argv], index2 = 0, wrappers = [], ctx = {
    fail: (why) => {
      throw new ConfigError(why);
    },
    hint: "",
    prompt: !0
  };
  for (let depth = 0; depth < 16 && words.length > 0; depth++) {
    let name = programName(words[0]), wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : void 0, wrapped = wrapper ? wrapperArgs(wrapper, words.slice(1)) : null;
    if (!wrapper || !wrapped) return { index: index2, name, wrappers };
    wrappers.push(name);
    let rest;
    try {
      rest = wrapped.alias ? [wrapped.alias, ...wrapped.args] : wrappedCommand(name, wrapper, wrapped.args, ctx);
    } catch {
      return null;
    }
    if (rest.length === 0) return null;
    index2 += words.length - rest.length, words = rest;
  }
  return null;
}
function agentCommandHelp(surface) {
  return surface === "action" ? "set the Action's `agent-command` input in the workflow (for example `agent-command: claude -p`)" : 'pass --agent "claude -p" or set STEP_AGENT_CMD in the environment';
}
function noAgentCommandText(stepId, surface) {
  return `No agent command for ${stepId}: ${agentCommandHelp(surface)}, or give the step its own agent (plan.steps.${stepId}.agent).`;
}

// src/core/trust/runner-files.ts
var RUNNER_FILE_VARIABLES = ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"], RUNNER_FILE_REASON = "names a file the Actions runner reads back after the step as its outputs, the job's environment or PATH, its state or the job summary";
function isRunnerFileVariable(name) {
  return RUNNER_FILE_VARIABLES.includes(name.toUpperCase());
}
function withoutRunnerFiles(env) {
  let out = {};
  for (let [k, v] of Object.entries(env)) isRunnerFileVariable(k) || (out[k] = v);
  return out;
}

// src/core/plan/plan-queue.ts
function defaultQueue(plan) {
  let ids = Object.keys(plan.steps), targets = /* @__PURE__ */ new Set();
  for (let id of ids)
    for (let route of [plan.steps[id]?.onValidationFail, plan.steps[id]?.onOverflow])
      route && route !== id && Object.hasOwn(plan.steps, route) && targets.add(route);
  return ids.filter((id) => !targets.has(id));
}
function effectiveQueue(plan, given) {
  return [...given ?? plan.stepQueue ?? defaultQueue(plan)];
}

// src/core/plan/validate-budget.ts
var BUDGET_FIELDS = ["costUsd", "tokens"];
function checkBudget(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "costUsd" (US dollars), "tokens" or both, got ${showValue(value)}`);
    return;
  }
  strict && checkKnownFields(issues, path, value, BUDGET_FIELDS);
  let cost = value.costUsd;
  cost !== void 0 && (typeof cost != "number" || !Number.isFinite(cost) || cost <= 0 || cost > 1e6) && add(issues, key(path, "costUsd"), `must be a number of US dollars > 0 and <= ${1e6}, got ${showValue(cost)}`);
  let tokens = value.tokens;
  tokens !== void 0 && (typeof tokens != "number" || !Number.isInteger(tokens) || tokens < 1 || tokens > 1e12) && add(issues, key(path, "tokens"), `must be a whole number of tokens from 1 to ${1e12}, got ${showValue(tokens)}`);
  let name = path.slice(path.lastIndexOf(".") + 1);
  cost === void 0 && tokens === void 0 && add(issues, path, `must set "costUsd", "tokens" or both; leave "${name}" out for no budget`);
}

// src/core/plan/workspace-paths.ts
import { posix } from "node:path";
var EXPECTED = 'expected a path relative to the workspace, e.g. "out/report.md"', CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
function checkRelativePath(p) {
  if (typeof p != "string") return `${showValue(p)} is not a string; ${EXPECTED}`;
  if (p.trim() === "") return `${showValue(p)} is empty; ${EXPECTED}`;
  if (p.includes("\0")) return `${showValue(p)} contains a NUL character; ${EXPECTED}`;
  let control = CONTROL.exec(p);
  if (control) return `${showValue(p)} contains a line break or control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}; ${EXPECTED}`;
  let slashed = p.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(p)) return `${showValue(p)} is absolute; ${EXPECTED}`;
  let normal = posix.normalize(slashed);
  return normal === ".." || normal.startsWith("../") ? `${showValue(p)} leads outside the workspace (".."); ${EXPECTED}` : normal === ".sequencer" || normal.startsWith(".sequencer/") ? `${showValue(p)} is in the state folder .sequencer/, where only the sequencer writes; ${EXPECTED}` : null;
}

// src/core/plan/sql-query.ts
var READ_STARTS = ["SELECT", "WITH", "VALUES"];
function sqlQueryProblem(query) {
  if (query.length > 1e4) return `is ${query.length} characters long; at most 10000 are allowed`;
  let scan = scanSql(query);
  return scan.unterminated ? `has an unterminated ${scan.unterminated}` : scan.firstWord ? READ_STARTS.includes(scan.firstWord) ? scan.afterEnd ? 'must be one statement: nothing but spaces or comments may follow a ";"' : scan.firstWord === "WITH" && scan.words.some((w) => WRITE_WORDS.has(w)) ? "must only read: a WITH clause may lead to SELECT only, not INSERT, UPDATE, DELETE or REPLACE" : null : `must be one statement that only reads, starting with ${READ_STARTS.join(", ")}; it starts with ${scan.firstWord}` : "is empty (only spaces or comments)";
}
var WRITE_WORDS = /* @__PURE__ */ new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);
function scanSql(sql) {
  let words = [], ended = !1, afterEnd = !1, i = 0;
  for (; i < sql.length; ) {
    let c = sql[i];
    if (c === "-" && sql[i + 1] === "-") {
      let nl = sql.indexOf(`
`, i);
      i = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") {
      let end = sql.indexOf("*/", i + 2);
      if (end < 0) return { firstWord: words[0] ?? null, words, afterEnd, unterminated: "comment (/* without */)" };
      i = end + 2;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    ended && (afterEnd = !0);
    let close = c === "'" ? "'" : c === '"' ? '"' : c === "`" ? "`" : c === "[" ? "]" : null;
    if (close) {
      let j = i + 1;
      for (; ; ) {
        let at = sql.indexOf(close, j);
        if (at < 0) return { firstWord: words[0] ?? null, words, afterEnd, unterminated: c === "'" ? "string" : "quoted name" };
        if (close !== "]" && sql[at + 1] === close) {
          j = at + 2;
          continue;
        }
        i = at + 1;
        break;
      }
      continue;
    }
    if (c === ";") {
      ended = !0, i++;
      continue;
    }
    let word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i, i + 64));
    if (word) {
      words.push(word[0].toUpperCase()), i += word[0].length;
      continue;
    }
    i++;
  }
  return { firstWord: words[0] ?? null, words, afterEnd };
}

// src/core/plan/validate-rules.ts
var RULE_KINDS = [
  "file_exists",
  "file_contains",
  "json_schema",
  "payload_has_key",
  "payload_value_matches",
  "payload_values_equal",
  "command",
  "command_output_contains",
  "payload_provenance",
  "db_query"
], MAX_COMMAND_TIMEOUT_SECONDS = 604800, RULE_FIELDS = {
  file_exists: ["path"],
  file_contains: ["path", "pattern", "flags"],
  json_schema: ["path", "schema"],
  payload_has_key: ["key"],
  payload_value_matches: ["key", "pattern", "flags"],
  payload_values_equal: ["keys", "step"],
  command: ["argv", "timeoutSeconds"],
  command_output_contains: ["argv", "text", "timeoutSeconds"],
  db_query: ["path", "query", "expect", "timeoutSeconds"],
  payload_provenance: ["key", "maxAgeDays"]
}, MAX_AGE_DAYS = 3650, MAX_DB_EXPECT_CHARS = 4096;
function checkRelativePathField(issues, path, value) {
  if (typeof value != "string") {
    add(issues, path, `must be a relative path inside the workspace (a string), got ${showValue(value)}`);
    return;
  }
  let reason = checkRelativePath(value);
  if (!reason) return;
  let shown = showValue(value), why = (reason.startsWith(`${shown} `) ? reason.slice(shown.length + 1) : reason).replace(/; expected .*$/s, "");
  add(issues, path, `must be a relative path inside the workspace, got ${shown} (${why})`);
}
function checkRules(value, path, issues, stepIds, strict = !1) {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of validation rules, got ${showValue(value)}`);
    return;
  }
  value.forEach((rule, i) => checkRule(rule, index(path, i), { issues, stepIds, strict }));
}
function checkRule(rule, path, ctx) {
  let expected = `an object with exactly one key among ${RULE_KINDS.join(", ")}`;
  if (!isRecord(rule)) {
    add(ctx.issues, path, `must be ${expected}, got ${showValue(rule)}`);
    return;
  }
  let keys = Object.keys(rule);
  if (keys.length !== 1) {
    add(ctx.issues, path, `must be ${expected}, got ${countOf(keys.length, "key")}${keys.length ? ` (${keys.join(", ")})` : ""}`);
    return;
  }
  let kind = keys[0];
  if (!RULE_KINDS.includes(kind)) {
    let near = nearestName(kind, RULE_KINDS);
    add(ctx.issues, key(path, kind), `is not a known rule kind; ${near ? `did you mean ${near}? ` : ""}expected one of ${RULE_KINDS.join(", ")}`);
    return;
  }
  let bodyPath = key(path, kind), body = rule[kind];
  if (!isRecord(body)) {
    add(ctx.issues, bodyPath, `must be an object with the rule's settings, got ${showValue(body)}`);
    return;
  }
  ctx.strict && checkKnownFields(ctx.issues, bodyPath, body, RULE_FIELDS[kind]), checkRuleBody(kind, body, bodyPath, ctx);
}
function checkRuleBody(kind, body, path, ctx) {
  let { issues } = ctx;
  switch (kind) {
    case "file_exists":
      checkRelativePathField(issues, key(path, "path"), body.path);
      return;
    case "file_contains":
      checkRelativePathField(issues, key(path, "path"), body.path), checkPattern(issues, path, body);
      return;
    case "json_schema":
      checkRelativePathField(issues, key(path, "path"), body.path), typeof body.schema == "string" ? checkRelativePathField(issues, key(path, "schema"), body.schema) : isRecord(body.schema) || add(issues, key(path, "schema"), `must be a JSON Schema object or a relative path to one, got ${showValue(body.schema)}`);
      return;
    case "payload_has_key":
      checkString(issues, key(path, "key"), body.key, "a payload key");
      return;
    case "payload_value_matches":
      checkString(issues, key(path, "key"), body.key, "a payload key"), checkPattern(issues, path, body);
      return;
    case "payload_values_equal":
      checkKeys(issues, key(path, "keys"), body.keys), body.step !== void 0 && !(typeof body.step == "string" && ctx.stepIds.has(body.step)) && add(issues, key(path, "step"), `must name a step of this plan whose payload to compare, got ${showValue(body.step)}; known steps: ${listSome(ctx.stepIds)}`);
      return;
    case "command":
      checkArgv(issues, key(path, "argv"), body.argv), checkTimeout(issues, path, body);
      return;
    case "command_output_contains":
      checkArgv(issues, key(path, "argv"), body.argv), (typeof body.text != "string" || body.text.length === 0) && add(issues, key(path, "text"), `must be a non-empty string to find in the command's output, got ${showValue(body.text)}`), checkTimeout(issues, path, body);
      return;
    case "payload_provenance": {
      checkString(issues, key(path, "key"), body.key, "the payload key of the list of items");
      let days = body.maxAgeDays;
      days !== void 0 && (typeof days != "number" || !Number.isFinite(days) || days <= 0 || days > MAX_AGE_DAYS) && add(issues, key(path, "maxAgeDays"), `must be a number of days > 0 and <= ${MAX_AGE_DAYS}, got ${showValue(days)}`);
      return;
    }
    case "db_query":
      checkRelativePathField(issues, key(path, "path"), body.path), checkQuery(issues, key(path, "query"), body.query), checkExpect(issues, key(path, "expect"), body), checkTimeout(issues, path, body);
      return;
  }
}
function checkQuery(issues, path, value) {
  if (!isNonEmptyString(value)) {
    add(issues, path, `must be a non-empty SQL query (one SELECT, WITH or VALUES statement, at most ${1e4} characters), got ${showValue(value)}`);
    return;
  }
  let problem = sqlQueryProblem(value);
  problem && add(issues, path, `${problem}, got ${showValue(value)}`);
}
function checkExpect(issues, path, body) {
  if (!Object.hasOwn(body, "expect")) return;
  let v = body.expect;
  v === null || typeof v == "boolean" || typeof v == "number" && Number.isFinite(v) || typeof v == "string" && v.length <= MAX_DB_EXPECT_CHARS || add(issues, path, `must be the value the first column of the first row should have: a string (at most ${MAX_DB_EXPECT_CHARS} characters), a number, true, false or null, got ${showValue(v)}`);
}
function checkPattern(issues, path, body) {
  let { flags, pattern } = body;
  if (flags === void 0 || typeof flags == "string" || add(issues, key(path, "flags"), `must be a string of regular expression flags (some of i, m, s, u; g, y and d are accepted), got ${showValue(flags)}`), typeof pattern != "string" || pattern.length === 0) {
    add(issues, key(path, "pattern"), `must be a non-empty regular expression in RE2 syntax, got ${showValue(pattern)}`);
    return;
  }
  let result = compilePattern(pattern, typeof flags == "string" ? flags : "");
  result.ok || (result.field === "flags" ? add(issues, key(path, "flags"), `must be regular expression flags (some of i, m, s, u; g, y and d are accepted), got ${showValue(flags)}: ${result.problem}`) : add(issues, key(path, "pattern"), `must be a regular expression in RE2 syntax (a subset of JavaScript's), got ${showValue(pattern)}: ${result.problem}`));
}
function checkKeys(issues, path, value) {
  if (!Array.isArray(value) || value.length < 2) {
    add(issues, path, `must be an array of at least 2 payload keys to compare, got ${showValue(value)}`);
    return;
  }
  value.forEach((k, i) => checkString(issues, index(path, i), k, "a payload key"));
}
function checkArgv(issues, path, value) {
  if (!Array.isArray(value) || value.length === 0) {
    add(issues, path, `must be a non-empty array of strings (the program, then its arguments; no shell), got ${showValue(value)}`);
    return;
  }
  if (value.forEach((arg, i) => {
    typeof arg != "string" ? add(issues, index(path, i), `must be a string, got ${showValue(arg)}`) : arg.includes("\0") && add(issues, index(path, i), `must not contain a NUL character, got ${showValue(arg)}`);
  }), typeof value[0] == "string" && !isNonEmptyString(value[0]))
    add(issues, index(path, 0), `must name the program to run, got ${showValue(value[0])}`);
  else if (value.every((arg) => typeof arg == "string")) {
    let problem = commandProblem(value);
    problem && add(issues, path, `must not run a shell or inline code: ${showValue(value)} ${problem}`);
  }
}
function checkTimeout(issues, path, body) {
  let t = body.timeoutSeconds;
  t !== void 0 && (typeof t != "number" || !Number.isFinite(t) || t <= 0 || t > MAX_COMMAND_TIMEOUT_SECONDS) && add(issues, key(path, "timeoutSeconds"), `must be a number of seconds > 0 and <= ${MAX_COMMAND_TIMEOUT_SECONDS}, got ${showValue(t)}`);
}

// src/core/trust/code-env.ts
var LOADER = "makes the dynamic loader load other code into every process", STARTUP = "runs code when an interpreter starts", SEARCH = "changes where programs or modules are looked up, so other code runs under their names", CONFIG = "changes which configuration files programs read, and those can name commands to run", LAUNCH = "names a program that other programs start", SHELL = "changes what shells run", EXACT = {
  PATH: SEARCH,
  HOME: CONFIG,
  XDG_CONFIG_HOME: CONFIG,
  XDG_CONFIG_DIRS: CONFIG,
  ZDOTDIR: CONFIG,
  SHELL: LAUNCH,
  EDITOR: LAUNCH,
  VISUAL: LAUNCH,
  PAGER: LAUNCH,
  MANPAGER: LAUNCH,
  BROWSER: LAUNCH,
  LESSOPEN: LAUNCH,
  LESSCLOSE: LAUNCH,
  SSH_ASKPASS: LAUNCH,
  SUDO_ASKPASS: LAUNCH,
  RUSTC_WRAPPER: LAUNCH,
  RUSTC_WORKSPACE_WRAPPER: LAUNCH,
  BASH_ENV: SHELL,
  ENV: SHELL,
  SHELLOPTS: SHELL,
  BASHOPTS: SHELL,
  PROMPT_COMMAND: SHELL,
  PS4: SHELL,
  IFS: SHELL,
  GCONV_PATH: LOADER,
  OPENSSL_CONF: LOADER,
  OPENSSL_ENGINES: LOADER,
  OPENSSL_MODULES: LOADER,
  NODE_OPTIONS: STARTUP,
  NODE_PATH: SEARCH,
  NODE_REPL_EXTERNAL_MODULE: STARTUP,
  ELECTRON_RUN_AS_NODE: "turns an Electron app into Node.js, which then runs code it is given",
  PYTHONPATH: SEARCH,
  PYTHONHOME: SEARCH,
  PYTHONUSERBASE: SEARCH,
  PYTHONSTARTUP: STARTUP,
  PYTHONWARNINGS: "imports modules named in it when Python starts",
  PYTHONBREAKPOINT: "imports the code breakpoint() calls",
  PERL5OPT: STARTUP,
  PERL5DB: STARTUP,
  PERL5LIB: SEARCH,
  PERLLIB: SEARCH,
  RUBYOPT: STARTUP,
  RUBYLIB: SEARCH,
  GEM_HOME: SEARCH,
  GEM_PATH: SEARCH,
  JAVA_TOOL_OPTIONS: STARTUP,
  _JAVA_OPTIONS: STARTUP,
  JDK_JAVA_OPTIONS: STARTUP,
  CLASSPATH: SEARCH,
  DOTNET_STARTUP_HOOKS: STARTUP,
  PHPRC: CONFIG,
  PHP_INI_SCAN_DIR: CONFIG,
  TCLLIBPATH: SEARCH,
  JULIA_LOAD_PATH: SEARCH,
  JULIA_DEPOT_PATH: SEARCH,
  R_PROFILE: STARTUP,
  R_PROFILE_USER: STARTUP,
  R_ENVIRON: STARTUP,
  R_ENVIRON_USER: STARTUP,
  GOFLAGS: "adds flags to every go command (-toolexec runs a program)",
  MAKEFLAGS: "adds options to every make (--eval runs make code)"
}, PREFIXES = [
  ["LD_", LOADER],
  ["DYLD_", LOADER],
  ["CORECLR_", LOADER],
  ["GIT_", "configures git: its commands, hooks, configuration and credentials"],
  ["NPM_CONFIG_", "configures npm, including the shell its scripts run in"],
  ["LUA_INIT", STARTUP],
  ["LUA_PATH", SEARCH],
  ["LUA_CPATH", SEARCH]
];
function codeEnvReason(name) {
  let upper = name.toUpperCase();
  if (isRunnerFileVariable(upper)) return RUNNER_FILE_REASON;
  if (Object.hasOwn(EXACT, upper)) return EXACT[upper] ?? null;
  for (let [prefix, why] of PREFIXES) if (upper.startsWith(prefix)) return why;
  return null;
}

// src/core/plan/commit-selection.ts
var MAX_PATTERNS = 100;
function commitSelection(plan, stepId) {
  let def = plan.steps[stepId], field = def?.commit ?? plan.commit;
  return field === "outputs" ? { kind: "outputs", paths: def?.requiredOutputs ?? [] } : isRecord(field) && Array.isArray(field.ignore) ? { kind: "ignore", patterns: field.ignore.filter((p) => typeof p == "string") } : { kind: "all" };
}
function commitText(field) {
  if (field !== void 0) {
    if (field === "all") return "every file the agent leaves that git does not ignore";
    if (field === "outputs") return "only the step's required outputs";
    if (isRecord(field) && Array.isArray(field.ignore)) return `every file the agent leaves but those matching ${field.ignore.map((p) => JSON.stringify(p)).join(", ")}`;
  }
}
function checkCommitField(issues, path, value) {
  if (!(value === "all" || value === "outputs")) {
    if (!isRecord(value) || !Array.isArray(value.ignore) || Object.keys(value).some((k) => k !== "ignore")) {
      add(issues, path, `must be "all", "outputs" or { "ignore": ["pattern", \u2026] }, got ${showValue(value)}`);
      return;
    }
    value.ignore.length > MAX_PATTERNS && add(issues, key(path, "ignore"), `may hold at most ${MAX_PATTERNS} patterns, got ${value.ignore.length}`), value.ignore.forEach((p, i) => {
      let at = index(key(path, "ignore"), i);
      typeof p != "string" || p.trim() === "" || p.length > 300 ? add(issues, at, `must be a glob of 1-300 characters relative to the workspace, got ${showValue(p)}`) : (/[\u0000-\u001f\u007f]/.test(p) || p.startsWith("/") || p.startsWith(":") || p.split("/").includes("..")) && add(issues, at, `must be a relative glob without control characters, a leading "/" or ":", or "..", got ${showValue(p)}`);
    });
  }
}

// src/core/plan/validate-tools.ts
var TOOLS_FIELDS = ["maxCalls", "allow", "block", "via", "onExceed"], MAX_TOOL_CALLS = 1e6, MAX_PATTERNS2 = 500, MAX_PATTERN_CHARS = 1e3;
function checkTools(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with any of ${TOOLS_FIELDS.join(", ")}, got ${showValue(value)}`);
    return;
  }
  strict && checkKnownFields(issues, path, value, TOOLS_FIELDS), value.maxCalls !== void 0 && checkInteger(issues, key(path, "maxCalls"), value.maxCalls, 0, MAX_TOOL_CALLS);
  for (let field of ["allow", "block"])
    value[field] !== void 0 && checkPatterns(issues, key(path, field), value[field]);
  value.via !== void 0 && !TOOLS_VIAS.includes(value.via) && add(
    issues,
    key(path, "via"),
    `must be "hook" (the agent CLI's tool hook enforces the policy) or "exec" (the agent runs every command through agent-step-sequencer exec), got ${showValue(value.via)}`
  ), value.onExceed !== void 0 && !ON_EXCEED.includes(value.onExceed) && add(
    issues,
    key(path, "onExceed"),
    `must be "fail" (default: an attempt that makes more than maxCalls tool calls fails) or "deny" (later calls are denied and the step may still finish), got ${showValue(value.onExceed)}`
  );
}
function checkPatterns(issues, path, value) {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of patterns (globs such as "git *" or "Bash(npm test)", tool names such as "WebFetch", or "/regex/"), got ${showValue(value)}`);
    return;
  }
  value.length > MAX_PATTERNS2 && add(issues, path, `must hold at most ${MAX_PATTERNS2} patterns, got ${value.length}`);
  for (let i = 0; i < Math.min(value.length, MAX_PATTERNS2); i++) {
    let p = value[i];
    if (typeof p != "string" || p === "") add(issues, index(path, i), `must be a non-empty string (a pattern), got ${showValue(p)}`);
    else if (p.length > MAX_PATTERN_CHARS) add(issues, index(path, i), `must be at most ${MAX_PATTERN_CHARS} characters, got ${p.length}`);
    else {
      let problem = toolPatternProblem(p);
      problem && add(issues, index(path, i), `is not a valid pattern ${showValue(p)}: ${problem}`);
    }
  }
}

// src/core/plan/preflight.ts
var PREFLIGHT_FIELDS = ["tools", "env", "commands"], PREFLIGHT_COMMAND_SECONDS = 60, MAX_ENTRIES = 50, ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/, TOOL_NAME = /^[^\u0000-\u001f\u007f]{1,200}$/;
function checkPreflight(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with any of ${PREFLIGHT_FIELDS.join(", ")}, got ${showValue(value)}`);
    return;
  }
  strict && checkKnownFields(issues, path, value, PREFLIGHT_FIELDS), list(issues, key(path, "tools"), value.tools, "program names to find on PATH", (p, v) => {
    (typeof v != "string" || !TOOL_NAME.test(v) || v.trim() === "") && add(issues, p, `must be a program name (one line, at most 200 characters), got ${showValue(v)}`);
  }), list(issues, key(path, "env"), value.env, "environment variable names that must be set", (p, v) => {
    (typeof v != "string" || !ENV_NAME.test(v)) && add(issues, p, `must be an environment variable name (letters, digits and "_", not starting with a digit), got ${showValue(v)}`);
  }), list(issues, key(path, "commands"), value.commands, 'commands that must succeed, each an argv array such as ["gh", "auth", "status"]', (p, v) => checkArgv(issues, p, v));
}
function list(issues, path, value, what, each) {
  if (value !== void 0) {
    if (!Array.isArray(value) || value.length > MAX_ENTRIES) {
      add(issues, path, `must be an array of at most ${MAX_ENTRIES} ${what}, got ${showValue(value)}`);
      return;
    }
    value.forEach((v, i) => each(index(path, i), v));
  }
}
function preflightOf(plan, stepId) {
  let own = plan.steps[stepId]?.preflight, all = [plan.preflight, own].filter((p) => isRecord(p));
  return {
    tools: [...new Set(all.flatMap((p) => p.tools ?? []))],
    env: [...new Set(all.flatMap((p) => p.env ?? []))],
    commands: all.flatMap((p) => p.commands ?? [])
  };
}
function hasPreflightCommands(value) {
  return isRecord(value) && Array.isArray(value.commands) && value.commands.length > 0;
}

// src/core/plan/validate-flow.ts
var GROUP_FIELDS = ["steps", "maxAttempts"], ROUTE_FIELDS = ["when", "goto", "max"], MAX_EXPECTED_CHARS = 4096;
function checkFlow(issues, basePath, plan, strict) {
  let queue = effectiveQueue(plan), position = new Map(queue.map((id, i) => [id, i])), grouped = /* @__PURE__ */ new Map();
  if (plan.groups !== void 0) {
    let path = key(basePath, "groups");
    if (!isRecord(plan.groups)) add(issues, path, `must be an object mapping group ids to { "steps": [...], "maxAttempts"?: n }, got ${showValue(plan.groups)}`);
    else for (let [id, group] of Object.entries(plan.groups)) checkGroup(issues, key(path, id), id, group, position, grouped, strict);
  }
  for (let [stepId, step] of Object.entries(plan.steps)) {
    if (!isRecord(step)) continue;
    let stepPath = key(key(basePath, "steps"), stepId);
    step.retry !== void 0 && (step.retry !== "step" && step.retry !== "group" ? add(issues, key(stepPath, "retry"), `must be "step" (a failure retries this step) or "group" (its group runs again from its first step), got ${showValue(step.retry)}`) : step.retry === "group" && !grouped.has(stepId) && add(issues, key(stepPath, "retry"), `is "group", but step ${stepId} is in no group of plan.groups`)), step.routes !== void 0 && checkRoutes(issues, key(stepPath, "routes"), step.routes, position, Array.isArray(step.validate) ? step.validate.length : 0, strict);
  }
}
function checkGroup(issues, path, id, group, position, grouped, strict) {
  if (ID_PATTERN.test(id) || add(issues, path, `has an invalid group id ${showValue(id)}; expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`), !isRecord(group)) {
    add(issues, path, `must be an object with "steps" (consecutive queued steps) and optionally "maxAttempts" (default ${DEFAULT_GROUP_ATTEMPTS}), got ${showValue(group)}`);
    return;
  }
  strict && checkKnownFields(issues, path, group, GROUP_FIELDS), group.maxAttempts !== void 0 && checkInteger(issues, key(path, "maxAttempts"), group.maxAttempts, 1, MAX_ATTEMPTS);
  let steps = group.steps;
  if (!Array.isArray(steps) || steps.length === 0) {
    add(issues, key(path, "steps"), `must be a non-empty array of step ids, got ${showValue(steps)}`);
    return;
  }
  let previous;
  steps.forEach((stepId, i) => {
    let p = index(key(path, "steps"), i);
    if (typeof stepId != "string" || !position.has(stepId)) {
      add(issues, p, `must name a step of the plan's queue, got ${showValue(stepId)}; queued steps: ${listSome([...position.keys()])}`);
      return;
    }
    let other = grouped.get(stepId);
    other !== void 0 && add(issues, p, `names step ${stepId}, which is in group ${other} already; a step is in one group at most`), grouped.set(stepId, id);
    let at = position.get(stepId);
    previous !== void 0 && at !== previous + 1 && add(issues, p, `must follow the group's previous step in the queue: a group is consecutive queued steps, in order (${stepId} is at ${at + 1}, expected ${previous + 2})`), previous = at;
  });
}
function checkRoutes(issues, path, routes, position, rules, strict) {
  if (!Array.isArray(routes) || routes.length > MAX_ROUTES) {
    add(issues, path, `must be an array of at most ${MAX_ROUTES} routes ({ "when": \u2026, "goto": "<step id>", "max"?: n }), got ${showValue(routes)}`);
    return;
  }
  routes.forEach((route, i) => {
    let p = index(path, i);
    if (!isRecord(route)) {
      add(issues, p, `must be an object with "when" and "goto", got ${showValue(route)}`);
      return;
    }
    strict && checkKnownFields(issues, p, route, ROUTE_FIELDS), (typeof route.goto != "string" || !position.has(route.goto)) && add(issues, key(p, "goto"), `must name a step of the plan's queue, got ${showValue(route.goto)}; queued steps: ${listSome([...position.keys()])}`), route.max !== void 0 && checkInteger(issues, key(p, "max"), route.max, 1, MAX_ROUTE_TIMES), checkWhen(issues, key(p, "when"), route.when, rules);
  });
}
function checkWhen(issues, path, when, rules) {
  let expected = '{ "key": "<payload key>", "equals": <value> }, { "rule": <index>, "passes": true } or { "rule": <index>, "fails": true }';
  if (!isRecord(when)) {
    add(issues, path, `must be ${expected}, got ${showValue(when)}`);
    return;
  }
  let keys = Object.keys(when).sort().join(",");
  if (keys === "equals,key") {
    isNonEmptyString(when.key) || add(issues, key(path, "key"), `must be a payload key (a dot path), got ${showValue(when.key)}`);
    let v = when.equals;
    v === null || typeof v == "boolean" || typeof v == "number" && Number.isFinite(v) || typeof v == "string" && v.length <= MAX_EXPECTED_CHARS || add(issues, key(path, "equals"), `must be a string, number, true, false or null, got ${showValue(v)}`);
    return;
  }
  if (keys === "passes,rule" || keys === "fails,rule") {
    let flag = keys === "passes,rule" ? "passes" : "fails";
    when[flag] !== !0 && add(issues, key(path, flag), `must be true, got ${showValue(when[flag])}`), (typeof when.rule != "number" || !Number.isInteger(when.rule) || when.rule < 0 || when.rule >= rules) && add(
      issues,
      key(path, "rule"),
      rules ? `must be the index of one of the step's ${rules} validation rules (0 to ${rules - 1}), got ${showValue(when.rule)}` : `names a validation rule, but the step has none, got ${showValue(when.rule)}`
    );
    return;
  }
  add(issues, path, `must be ${expected}, got ${showValue(when)}`);
}

// src/core/plan/validate-plan.ts
var MAX_STEPS = 1e4, MAX_ATTEMPTS = 100, MAX_TIMEOUT_MINUTES = 10080, ENV_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/, RESERVED_ENV_PREFIX = "SEQUENCER_", ROUTE_KEYWORDS = ["retry", "fail"], MIN_OUTPUT_BYTES = 1024, MAX_OUTPUT_BYTES = 1024 * 1024 * 1024, ROUTE_FIELDS2 = ["onValidationFail", "onOverflow"];
function parsePlan(input, source = "plan") {
  let { plan, issues } = validatePlan(input, "plan", !0, { strict: !0 });
  if (!plan || issues.length > 0) throw new PlanError(issues, source);
  return plan;
}
function validatePlan(input, basePath = "plan", copy = !0, opts = {}) {
  let issues = [];
  if (!isRecord(input))
    return add(issues, basePath, `must be an object with "steps" (a plan), got ${showValue(input)}`), { issues, stepIds: /* @__PURE__ */ new Set() };
  let plan = copy ? cloneJson(input) : input, strict = opts.strict === !0;
  strict && checkKnownFields(issues, basePath, plan, PLAN_FIELDS), strict && "$schema" in plan && (typeof plan.$schema != "string" && add(issues, key(basePath, "$schema"), `must be a string (the schema's URL or path, for editors), got ${showValue(plan.$schema)}`), delete plan.$schema);
  let stepsPath = key(basePath, "steps"), steps = plan.steps, stepIds = /* @__PURE__ */ new Set();
  if (!isRecord(steps))
    add(issues, stepsPath, `must be an object mapping step ids to steps, got ${showValue(steps)}`);
  else {
    let ids = Object.keys(steps);
    ids.length === 0 && !opts.finished && add(issues, stepsPath, "must contain at least one step, got {}"), ids.length > MAX_STEPS && add(issues, stepsPath, `must contain at most ${MAX_STEPS} steps, got ${ids.length}`), stepIds = new Set(ids);
    let routes = /* @__PURE__ */ new Map();
    for (let id of ids) {
      ID_PATTERN.test(id) || add(issues, key(stepsPath, id), `has an invalid step id ${showValue(id)}; expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
      let step = steps[id], normalized = checkStep(step, stepsPath, id, stepIds, issues, strict);
      if (normalized) {
        normalized !== step && Object.defineProperty(steps, id, { value: normalized, enumerable: !0, writable: !0, configurable: !0 });
        for (let field of ROUTE_FIELDS2) {
          let target = normalized[field];
          typeof target == "string" && target !== id && stepIds.has(target) && !ROUTE_KEYWORDS.includes(target) && routes.set(id, [...routes.get(id) ?? [], { field, to: target }]);
        }
      }
    }
    checkRoutingLoops(routes, stepsPath, issues);
  }
  if (plan.title !== void 0 && typeof plan.title != "string" && add(issues, key(basePath, "title"), `must be a string, got ${showValue(plan.title)}`), plan.stepQueue !== void 0 && checkQueue(issues, key(basePath, "stepQueue"), plan.stepQueue, stepIds, !1), plan.promptPreamble !== void 0 && plan.promptPreamble !== !1 && typeof plan.promptPreamble != "string" && add(issues, key(basePath, "promptPreamble"), `must be a string (put before every step prompt) or false (none), got ${showValue(plan.promptPreamble)}`), plan.deadline !== void 0) {
    let problem = timestampProblem(plan.deadline, !0);
    problem && add(issues, key(basePath, "deadline"), problem);
  }
  return plan.tools !== void 0 && checkTools(issues, key(basePath, "tools"), plan.tools, strict), plan.preflight !== void 0 && checkPreflight(issues, key(basePath, "preflight"), plan.preflight, strict), isRecord(steps) && (plan.groups !== void 0 || Object.values(steps).some((s) => isRecord(s) && (s.routes !== void 0 || s.retry !== void 0))) && checkFlow(issues, basePath, plan, strict), plan.budget !== void 0 && checkBudget(issues, key(basePath, "budget"), plan.budget, strict), plan.commit !== void 0 && checkCommitField(issues, key(basePath, "commit"), plan.commit), issues.length > 0 ? { issues, stepIds } : { plan, issues, stepIds };
}
var PLAN_FIELDS = ["$schema", "title", "steps", "stepQueue", "deadline", "promptPreamble", "tools", "budget", "preflight", "groups", "commit"], STEP_FIELDS = [
  "title",
  "instruction",
  "requiredOutputs",
  "required_outputs",
  "validate",
  "onValidationFail",
  "maxAttempts",
  "retryBackoff",
  "attemptTimeoutMinutes",
  "timeoutMinutes",
  "agent",
  "env",
  "expectPayload",
  "inheritPayload",
  "gate",
  "tools",
  "outputTolerance",
  "preflight",
  "maxOutputBytes",
  "onOverflow",
  "run",
  "retry",
  "routes",
  "budget",
  "commit"
];
function checkQueue(issues, path, value, stepIds, allowEmpty) {
  if (!Array.isArray(value) || !allowEmpty && value.length === 0)
    return add(issues, path, `must be a${allowEmpty ? "n" : " non-empty"} array of step ids, got ${showValue(value)}`), !1;
  let before = issues.length, seen = /* @__PURE__ */ new Set();
  for (let i = 0; i < value.length; i++) {
    let id = value[i];
    typeof id != "string" ? add(issues, index(path, i), `must be a step id (a string), got ${showValue(id)}`) : seen.has(id) ? add(issues, index(path, i), `repeats step ${showValue(id)} (already at index ${value.indexOf(id)}); each step may be queued once`) : (seen.add(id), stepIds.has(id) || add(issues, index(path, i), `names unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`));
  }
  return issues.length === before;
}
var TIMEOUT_FIELDS = ["attemptTimeoutMinutes", "timeoutMinutes"], MAX_RETRY_BACKOFF_SECONDS = 3600, PAYLOAD_FIELDS = ["expectPayload", "inheritPayload"];
function checkStep(step, stepsPath, id, stepIds, issues, strict) {
  if (!isRecord(step)) {
    add(issues, key(stepsPath, id), `must be an object with "title" and "instruction", got ${showValue(step)}`);
    return;
  }
  return isNonEmptyString(step.title) || checkString(issues, key(key(stepsPath, id), "title"), step.title, "a short human-readable label"), !isNonEmptyString(step.instruction) && !(step.run !== void 0 && step.instruction === void 0) && checkString(issues, key(key(stepsPath, id), "instruction"), step.instruction, "the full instruction for the agent"), isPlainStep(step) ? step : checkStepFields(step, key(stepsPath, id), id, stepIds, issues, strict);
}
var PLAIN_STEP_FIELDS = /* @__PURE__ */ new Set(["title", "instruction"]);
function isPlainStep(step) {
  for (let field of Object.keys(step)) if (!PLAIN_STEP_FIELDS.has(field)) return !1;
  return !0;
}
function checkStepFields(step, path, id, stepIds, issues, strict) {
  strict && checkKnownFields(issues, path, step, STEP_FIELDS);
  let outputsField = "requiredOutputs", normalized = step;
  Object.hasOwn(step, "required_outputs") && (Object.hasOwn(step, "requiredOutputs") ? add(issues, key(path, "required_outputs"), 'cannot be given together with "requiredOutputs" (the same field in snake_case); keep one') : (outputsField = "required_outputs", normalized = Object.fromEntries(Object.entries(step).map(([k, v]) => [k === "required_outputs" ? "requiredOutputs" : k, v]))));
  let outputs = normalized.requiredOutputs;
  if (outputs !== void 0) {
    let outputsPath = key(path, outputsField);
    if (!Array.isArray(outputs)) add(issues, outputsPath, `must be an array of relative paths inside the workspace, got ${showValue(outputs)}`);
    else
      for (let i = 0; i < outputs.length; i++) {
        let output = outputs[i];
        (typeof output != "string" || checkRelativePath(output) !== null) && checkRelativePathField(issues, index(outputsPath, i), output);
      }
  }
  step.maxAttempts !== void 0 && checkInteger(issues, key(path, "maxAttempts"), step.maxAttempts, 1, MAX_ATTEMPTS), step.retryBackoff !== void 0 && checkInteger(issues, key(path, "retryBackoff"), step.retryBackoff, 0, MAX_RETRY_BACKOFF_SECONDS);
  for (let field of TIMEOUT_FIELDS) {
    let v = step[field];
    v !== void 0 && (typeof v != "number" || !Number.isFinite(v) || v <= 0 || v > MAX_TIMEOUT_MINUTES) && add(issues, key(path, field), `must be a number of minutes > 0 and <= ${MAX_TIMEOUT_MINUTES}, got ${showValue(v)}`);
  }
  if (step.run !== void 0 && (checkArgv(issues, key(path, "run"), step.run), step.agent !== void 0 && add(issues, key(path, "run"), 'cannot be given together with "agent": a step runs either a command or an agent'), step.tools !== void 0 && add(issues, key(path, "tools"), "does not apply to a step that runs a command (run): no agent makes tool calls there")), step.agent !== void 0)
    if (!isNonEmptyString(step.agent)) checkString(issues, key(path, "agent"), step.agent, "an agent command");
    else {
      let problem = agentCommandProblem(step.agent);
      problem && add(issues, key(path, "agent"), problem);
    }
  step.env !== void 0 && checkEnv(issues, key(path, "env"), step.env);
  for (let field of PAYLOAD_FIELDS) {
    let v = step[field];
    v !== void 0 && typeof v != "boolean" && add(issues, key(path, field), `must be true or false, got ${showValue(v)}`);
  }
  step.gate !== void 0 && checkGate(issues, key(path, "gate"), step.gate);
  let tolerance = step.outputTolerance;
  return tolerance !== void 0 && (typeof tolerance != "number" || !Number.isFinite(tolerance) || tolerance < 0 || tolerance >= 1) && add(issues, key(path, "outputTolerance"), `must be a fraction of the required outputs that may be missing, from 0 up to but not including 1 (0.2: up to 20 %), got ${showValue(tolerance)}`), step.tools !== void 0 && checkTools(issues, key(path, "tools"), step.tools, strict), step.preflight !== void 0 && checkPreflight(issues, key(path, "preflight"), step.preflight, strict), step.budget !== void 0 && checkBudget(issues, key(path, "budget"), step.budget, strict), step.commit !== void 0 && checkCommitField(issues, key(path, "commit"), step.commit), step.onValidationFail !== void 0 && checkRoute(issues, key(path, "onValidationFail"), step.onValidationFail, id, stepIds), step.onOverflow !== void 0 && checkRoute(issues, key(path, "onOverflow"), step.onOverflow, id, stepIds), step.maxOutputBytes !== void 0 && checkInteger(issues, key(path, "maxOutputBytes"), step.maxOutputBytes, MIN_OUTPUT_BYTES, MAX_OUTPUT_BYTES), step.validate !== void 0 && checkRules(step.validate, key(path, "validate"), issues, stepIds, strict), normalized;
}
function checkEnv(issues, path, env) {
  if (!isRecord(env)) {
    add(issues, path, `must be an object of environment variable names to string values, got ${showValue(env)}`);
    return;
  }
  for (let [name, value] of Object.entries(env)) {
    let p = key(path, name);
    if (!ENV_KEY_PATTERN.test(name)) add(issues, p, `has an invalid variable name ${showValue(name)}; expected letters, digits and "_", not starting with a digit`);
    else if (name.startsWith(RESERVED_ENV_PREFIX))
      add(issues, p, `uses the reserved prefix ${RESERVED_ENV_PREFIX} (set by the sequencer itself), got ${showValue(name)}`);
    else {
      let why = codeEnvReason(name);
      why && add(issues, p, `may not be set by a plan: ${name} ${why} (got ${showValue(value)}); set it in the workflow's environment if the agent needs it`);
    }
    typeof value != "string" && add(issues, p, `must be a string (quote numbers and booleans in YAML), got ${showValue(value)}`);
  }
}
function checkGate(issues, path, value) {
  value === !0 || value === !1 || isRecord(value) && Object.keys(value).length === 1 && isNonEmptyString(value.reason) || add(issues, path, `must be true, false or { "reason": "<why a person must look first>" }, got ${showValue(value)}`);
}
function checkRoute(issues, path, value, self, stepIds) {
  typeof value == "string" && ROUTE_KEYWORDS.includes(value) || (value === self ? add(issues, path, `must not route step ${showValue(self)} to itself; use "retry" to run it again`) : (typeof value != "string" || !stepIds.has(value)) && add(issues, path, `must be "retry", "fail" or the id of another step, got ${showValue(value)}; known steps: ${listSome(stepIds)}`));
}
function checkRoutingLoops(next, stepsPath, issues) {
  let state = /* @__PURE__ */ new Map();
  for (let start of next.keys()) {
    if (state.has(start)) continue;
    let path = [start], edges = [0];
    for (state.set(start, "open"); path.length; ) {
      let at = path[path.length - 1], routes = next.get(at) ?? [], i = edges[edges.length - 1];
      if (i >= routes.length) {
        state.set(at, "done"), path.pop(), edges.pop();
        continue;
      }
      edges[edges.length - 1] = i + 1;
      let { to } = routes[i], seen = state.get(to);
      if (seen === "open") {
        let cycle = path.slice(path.indexOf(to));
        add(
          issues,
          key(key(stepsPath, cycle[0]), firstField(next, cycle[0], cycle[1] ?? to)),
          `routing can loop forever: ${[...cycle, to].join(" \u2192 ")}; let one of these steps use "retry" or "fail"`
        );
      } else seen === void 0 && (state.set(to, "open"), path.push(to), edges.push(0));
    }
  }
}
function firstField(next, from, to) {
  return next.get(from)?.find((r) => r.to === to)?.field ?? "onValidationFail";
}

export {
  CONTROL,
  checkRelativePath,
  agentNamed,
  agentOptionsAt,
  optionTakingPrompt,
  expandAgentVariables,
  isPathLike,
  parseAgentCommand,
  agentProgram,
  agentCommandHelp,
  noAgentCommandText,
  MAX_DB_EXPECT_CHARS,
  withoutRunnerFiles,
  commitSelection,
  commitText,
  PREFLIGHT_COMMAND_SECONDS,
  preflightOf,
  hasPreflightCommands,
  effectiveQueue,
  checkBudget,
  parsePlan,
  validatePlan,
  checkQueue
};
