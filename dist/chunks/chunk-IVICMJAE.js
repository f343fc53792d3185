import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ON_EXCEED,
  TOOLS_VIAS,
  toolPatternProblem
} from "./chunk-KPYQ6AV6.js";
import {
  DEFAULT_GROUP_ATTEMPTS,
  MAX_ROUTES,
  MAX_ROUTE_TIMES
} from "./chunk-4EQYPVNI.js";
import {
  RUNNER_FILE_REASON,
  isRunnerFileVariable
} from "./chunk-PL4AQ5NX.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  checkBudget
} from "./chunk-7LBMPVVG.js";
import {
  compilePattern
} from "./chunk-6BBDAKON.js";
import {
  ConfigError,
  ID_PATTERN,
  PlanError,
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
  nearestName,
  showValue,
  timestampProblem
} from "./chunk-XDUK4LLW.js";

// src/core/plan/plan-queue.ts
function defaultQueue(plan) {
  const ids = Object.keys(plan.steps);
  const targets = /* @__PURE__ */ new Set();
  for (const id of ids) {
    for (const route of [plan.steps[id]?.onValidationFail, plan.steps[id]?.onOverflow]) {
      if (route && route !== id && Object.hasOwn(plan.steps, route)) targets.add(route);
    }
  }
  return ids.filter((id) => !targets.has(id));
}
function effectiveQueue(plan, given) {
  return [...given ?? plan.stepQueue ?? defaultQueue(plan)];
}

// src/core/plan/workspace-paths.ts
import { posix } from "node:path";
var EXPECTED = 'expected a path relative to the workspace, e.g. "out/report.md"';
var CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
function checkRelativePath(p) {
  if (typeof p !== "string") return `${showValue(p)} is not a string; ${EXPECTED}`;
  if (p.trim() === "") return `${showValue(p)} is empty; ${EXPECTED}`;
  if (p.includes("\0")) return `${showValue(p)} contains a NUL character; ${EXPECTED}`;
  const control = CONTROL.exec(p);
  if (control) return `${showValue(p)} contains a line break or control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}; ${EXPECTED}`;
  const slashed = p.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(p)) return `${showValue(p)} is absolute; ${EXPECTED}`;
  const normal = posix.normalize(slashed);
  if (normal === ".." || normal.startsWith("../")) return `${showValue(p)} leads outside the workspace (".."); ${EXPECTED}`;
  if (normal === ".sequencer" || normal.startsWith(".sequencer/")) return `${showValue(p)} is in the state folder .sequencer/, where only the sequencer writes; ${EXPECTED}`;
  return null;
}

// src/core/trust/command-runners.ts
var VIA_SHELL = "runs its command through a shell";
var PACKAGE_RUNNER = { value: "p", longValue: ["--package"], refuse: { "-c": VIA_SHELL, "--call": VIA_SHELL, "--shell-mode": VIA_SHELL }, packageName: true };
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
var UV = { value: "pPCfiw", longValue: UV_VALUES, globalValue: UV_VALUES };
var CONDA = { value: "npr", longValue: ["--name", "--prefix", "--cwd", "--root-prefix", "--attach", "--label"], subcommands: ["run"] };
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
];
var CONTAINER_GLOBALS = [
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
var CONTAINER = {
  value: "acehlmpuvw",
  longValue: CONTAINER_VALUES,
  positionals: 1,
  entrypoint: ["--entrypoint"],
  subcommands: ["run", "exec", "container run", "container exec"],
  globalValue: CONTAINER_GLOBALS
};
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
];
var BWRAP_TWO = [
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
];
var SYSTEMD_RUN_VALUES = [
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
var WRAPPERS = {
  env: {
    value: "uCPa",
    longValue: ["--unset", "--chdir", "--argv0"],
    assignments: true,
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
    assignments: true,
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
  uvx: { ...UV, packageName: true },
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
function nixCommand(args, refuse) {
  const sub = args.find((a) => a === "develop" || a === "shell");
  if (sub === void 0) return null;
  const at = args.findIndex((a) => a === "-c" || a === "--command");
  if (at < 0) refuse(`nix ${sub} without -c/--command`, "starts a shell");
  return args.slice(at + 1);
}
var CODE_OPTIONS = [
  // Emacs reads long options with one dash or two, and a value after `=` or as the next word.
  [/^emacs(-\d+(\.\d+)*)?$/, (args) => firstOption(args, (name) => name === "eval" || name === "execute"), "evaluates Lisp, which can run any program"],
  // gdb takes long options with one dash or two, abbreviated to any unambiguous prefix.
  [/^gdb(-multiarch)?$/, (args) => firstOption(args, (name) => name === "ex" || name === "iex" || name.length >= 2 && "eval-command".startsWith(name) || name.length >= 6 && "init-eval-command".startsWith(name)), "runs debugger commands (`shell` runs any program)"],
  [/^lldb(-\d+)?$/, (args) => firstOption(args, (name, dashes) => dashes === 1 && /^[oOk]$/.test(name) || /^one-line(-before-file|-on-crash)?$/.test(name)), "runs debugger commands (`platform shell` runs any program)"],
  [/^(vi|vim|nvim|ex|view|vimdiff|gvim|rvim|evim|gview|rview|nvi)$/, vimCommand, "runs editor commands (`:!` runs any program)"]
];
function codeOption(name, args) {
  for (const [pattern, find, why] of CODE_OPTIONS) {
    if (!pattern.test(name)) continue;
    const option = find(args);
    if (option) return { option, why };
  }
  return null;
}
function firstOption(args, matches) {
  for (const a of args) {
    if (a === "--") return null;
    const m = /^(--?)([^=]+)/.exec(a);
    if (m && matches(m[2], m[1].length)) return `${m[1]}${m[2]}`;
  }
  return null;
}
function vimCommand(args) {
  for (const a of args) {
    if (a === "--") return null;
    if (a === "--cmd" || a.startsWith("--cmd=")) return "--cmd";
    if (a.startsWith("+") && !/^\+\d*$/.test(a)) return a;
    if (/^-[A-Za-z]*c/.test(a)) return "-c";
  }
  return null;
}

// src/core/trust/agent-command.ts
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
]);
var SHELL_RUNNERS = {
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
};
var PROGRAM_FIRST = [
  [/^(awk|gawk|mawk|nawk|original-awk|goawk|busybox-awk)$/, "runs awk, whose program is given inline (and whose system() runs a shell)"],
  [/^g?sed$/, "runs sed, whose script is given inline (and whose e command runs a shell)"]
];
var PYTHON = { inline: "c", inlineLong: [], withValue: "WXQ", stop: "m" };
var JS_RUNTIME = {
  inline: "ep",
  inlineLong: ["--eval", "--print"],
  inlineSub: [],
  withValue: "rC",
  longWithValue: ["--require", "--import", "--loader", "--experimental-loader", "--conditions", "--input-type", "--title", "--env-file", "--cwd", "--config"]
};
var INTERPRETERS = [
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
  [/^racket$/, { inline: "e", inlineLong: ["--eval"], withValue: "ftlpWLSXGAIN", longWithValue: ["--load", "--require", "--lib", "--collects", "--config", "--search", "--addon", "--warn", "--syslog", "--name", "--compiled"], stop: "ru" }],
  [/^elixir$/, { inline: "e", inlineLong: ["--eval"], withValue: "r", longWithValue: ["--require", "--erl", "--name", "--sname", "--cookie", "--pa", "--pz"] }]
];
var EXAMPLE = 'give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.';
var CHECK_EXAMPLE = 'run a program or a script file from the workspace with plain arguments, e.g. ["./checks/verify.sh"] or ["npm", "test"]; nothing here is run by a shell.';
function isPathLike(cmd) {
  return /[\\/]/.test(cmd) || /^[A-Za-z]:/.test(cmd);
}
function parseAgentCommand(text, source) {
  const shown = showValue(text);
  const fail = (why) => {
    throw new ConfigError(`${source}: ${shown} ${why}`, "The agent command is split into words like a shell would, but no shell ever runs it.");
  };
  if (typeof text !== "string" || text.trim() === "") {
    throw new ConfigError(`${source}: ${showValue(text)} is empty; expected an agent command such as "claude -p" or "codex exec --sandbox workspace-write"`);
  }
  const argv = tokenize(text, fail);
  if (argv.length === 0) fail('has no words; expected an agent command such as "claude -p"');
  checkProgram(argv, { fail, hint: EXAMPLE, prompt: true });
  return argv;
}
function agentCommandProblem(text) {
  try {
    parseAgentCommand(text, "");
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message.replace(/^: /, "");
    throw err;
  }
}
function commandProblem(argv) {
  try {
    checkProgram([...argv], {
      fail: (why) => {
        throw new ConfigError(why);
      },
      hint: CHECK_EXAMPLE,
      prompt: false
    });
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}
function tokenize(text, fail) {
  const words = [];
  let word = "";
  let inWord = false;
  let i = 0;
  const syntax = (what) => fail(`uses shell syntax (${what}) outside single quotes; it is not run by a shell, so pipes, redirections, ";", "&", substitutions and variables do not work. Quote the character to pass it literally, or ${EXAMPLE}`);
  while (i < text.length) {
    const ch = text[i];
    if (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) fail("has an unbalanced single quote; expected a closing '");
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        const c = text[i];
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === "\\" && i + 1 < text.length) {
          const next = text[i + 1];
          if ('\\"$`'.includes(next)) word += next;
          else if (next !== "\n") word += c + next;
          i += 2;
          continue;
        }
        if (c === "`") syntax("`...`");
        const ref = c === "$" ? sequencerReference(text, i, fail) : null;
        if (ref) {
          word += ref;
          i += ref.length;
          continue;
        }
        if (c === "$" && isExpansion(text, i)) syntax(`"${text.slice(i, i + 2)}..."`);
        word += c;
        i++;
      }
      if (!closed) fail('has an unbalanced double quote; expected a closing "');
      inWord = true;
    } else if (ch === "\\") {
      if (i + 1 >= text.length) fail("ends with a lone backslash; expected a character after it");
      const next = text[i + 1];
      if (next !== "\n") {
        word += next;
        inWord = true;
      }
      i += 2;
    } else {
      if ("|;&<>()`".includes(ch)) syntax(ch);
      const ref = ch === "$" ? sequencerReference(text, i, fail) : null;
      if (ref) {
        word += ref;
        inWord = true;
        i += ref.length;
        continue;
      }
      if (ch === "$" && isExpansion(text, i)) syntax(`${text.slice(i, i + 2)}...`);
      if (ch === "#" && !inWord) syntax("# comment");
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}
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
];
var REFERENCE = /^\$(?:\{(SEQUENCER_[A-Za-z0-9_]*)\}|(SEQUENCER_[A-Za-z0-9_]*))/;
function sequencerReference(text, i, fail) {
  const m = REFERENCE.exec(text.slice(i, i + 200));
  if (!m) return null;
  const name = m[1] ?? m[2] ?? "";
  if (!AGENT_COMMAND_VARIABLES.includes(name)) {
    fail(`names ${m[0]}, which the sequencer does not set for an agent command; expected one of ${AGENT_COMMAND_VARIABLES.map((v) => `$${v}`).join(", ")}`);
  }
  return m[0];
}
function agentProgram(argv) {
  let words = [...argv];
  let index2 = 0;
  const ctx = {
    fail: (why) => {
      throw new ConfigError(why);
    },
    hint: "",
    prompt: true
  };
  for (let depth = 0; depth < 16 && words.length > 0; depth++) {
    const name = programName(words[0]);
    const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : void 0;
    if (!wrapper || wrapper.subcommands && !wrapper.subcommands.includes(words[1] ?? "")) return { index: index2, name };
    let rest;
    try {
      rest = wrappedCommand(name, wrapper, wrapper.subcommands ? words.slice(2) : words.slice(1), ctx);
    } catch {
      return null;
    }
    if (rest.length === 0) return null;
    index2 += words.length - rest.length;
    words = rest;
  }
  return null;
}
function expandAgentVariables(argv, env) {
  return argv.map(
    (word) => word.includes("$SEQUENCER_") || word.includes("${SEQUENCER_") ? word.replace(/\$\{(SEQUENCER_[A-Za-z0-9_]+)\}|\$(SEQUENCER_[A-Za-z0-9_]+)/g, (whole, braced, bare) => env[braced ?? bare ?? ""] ?? whole) : word
  );
}
function isExpansion(text, i) {
  const next = text[i + 1];
  return next !== void 0 && /[A-Za-z_0-9{(?!#@*$-]/.test(next);
}
function programName(word) {
  const base = word.split(/[\\/]/).pop() ?? word;
  return base.toLowerCase().replace(/\.(exe|cmd|bat|com)$/, "");
}
function checkProgram(argv, ctx) {
  const { fail, hint } = ctx;
  const first = argv[0];
  if (/^[\s|&;<>()$`\\"'*?!{}[\]#~=%^]*$/.test(first)) {
    fail(`starts with ${showValue(first)}, which is shell syntax, not a program; ${hint}`);
  }
  const name = programName(first);
  const args = argv.slice(1);
  if (SHELLS.has(name)) fail(`runs a shell interpreter (${name}); ${hint}`);
  const runner = SHELL_RUNNERS[name];
  if (runner) fail(`runs ${name}, which ${runner}; ${hint}`);
  for (const [pattern, why] of PROGRAM_FIRST) if (pattern.test(name)) fail(`${why}; ${hint}`);
  const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : void 0;
  const wrapped = wrapper ? wrapperArgs(wrapper, args) : null;
  if (wrapped?.alias) return checkProgram([wrapped.alias, ...wrapped.args], ctx);
  if (wrapper && wrapped) {
    const rest = wrappedCommand(name, wrapper, wrapped.args, ctx);
    if (rest.length > 0) checkProgram(rest, ctx);
    else if (ctx.prompt) fail(`runs ${name} without a program to run, so the prompt would be run as the program; ${hint}`);
    return;
  }
  if (name === "nix") {
    const rest = nixCommand(args, (what, why) => fail(`runs ${what}, which ${why}; ${hint}`));
    if (rest?.length) return checkProgram(rest, ctx);
    if (rest && ctx.prompt) fail(`runs nix without a program after -c, so the prompt would be run as the program; ${hint}`);
  }
  const code = codeOption(name, args);
  if (code) fail(`runs ${name} ${code.option}, which ${code.why}; ${hint}`);
  if (name === "git") checkGit(args, ctx);
  if (name === "find") {
    const exec = args.find((a) => /^-(exec|execdir|ok|okdir)$/.test(a));
    if (exec) fail(`runs find ${exec}, which runs other programs; ${hint}`);
  }
  for (const [pattern, interp] of INTERPRETERS) {
    if (pattern.test(name)) checkInterpreter(name, interp, args, ctx);
  }
}
function wrapperArgs(w, args) {
  if (!w.subcommands && !w.aliases) return { args };
  let i = 0;
  while (i < args.length && args[i].startsWith("-") && args[i] !== "--") i += w.globalValue?.includes(args[i]) ? 2 : 1;
  const words = args.slice(i);
  const alias = words[0] !== void 0 && w.aliases && Object.hasOwn(w.aliases, words[0]) ? w.aliases[words[0]] : void 0;
  if (alias) return { alias, args: words.slice(1) };
  for (const sub of w.subcommands ?? []) {
    const parts = sub.split(" ");
    if (parts.every((p, k) => words[k] === p)) return { args: words.slice(parts.length) };
  }
  return null;
}
function wrappedCommand(name, w, args, ctx) {
  const refuse = (flag, why) => ctx.fail(`runs "${name} ${flag}", which ${why}; ${ctx.hint}`);
  let entrypoint;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      i++;
      break;
    }
    if (w.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) continue;
    if (!a.startsWith("-") || a === "-") break;
    if (a.startsWith("--")) {
      const [flag = a] = a.split("=", 1);
      const value = a.includes("=") ? a.slice(flag.length + 1) : void 0;
      const why = w.refuse?.[flag];
      if (why && (value === void 0 || w.harmless?.[flag] !== value)) refuse(flag, why);
      if (w.entrypoint?.includes(flag)) entrypoint = value ?? args[++i] ?? "";
      else if (w.longValue2?.includes(flag)) i += 2;
      else if (w.longValue?.includes(flag) && value === void 0) i++;
      continue;
    }
    if (/^-\d+$/.test(a)) continue;
    for (let j = 1; j < a.length; j++) {
      const c = a[j];
      const why = w.refuse?.[`-${c}`];
      if (why) refuse(`-${c}`, why);
      if (w.attachedOnly?.includes(c)) break;
      if (w.value?.includes(c)) {
        if (j === a.length - 1) i++;
        break;
      }
    }
  }
  i += w.positionals ?? 0;
  const rest = args.slice(i);
  if (entrypoint) return [...entrypointWords(entrypoint), ...rest];
  const late = rest[0] !== void 0 ? w.refuse?.[rest[0]] : void 0;
  if (late) refuse(rest[0], late);
  if (w.packageName && rest.length > 0) {
    const pkg = rest[0].replace(/^(@[^/]+\/)?([^@]+)(@.*)?$/, "$2");
    return [pkg, ...rest.slice(1)];
  }
  return rest;
}
function entrypointWords(value) {
  if (value.startsWith("[")) {
    try {
      const words = JSON.parse(value);
      if (Array.isArray(words) && words.every((w) => typeof w === "string")) return words.length ? words : [value];
    } catch {
    }
  }
  return [value];
}
function checkGit(args, ctx) {
  const refuse = (what, why) => ctx.fail(`runs git ${what}, which ${why}; ${ctx.hint}`);
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith("-")) break;
    if (a.startsWith("-c") || a.startsWith("--config-env")) refuse(`${a.startsWith("-c") ? "-c" : "--config-env"}`, "sets configuration that can run commands (alias.*, core.pager, core.fsmonitor, \u2026)");
    if (a.startsWith("--exec-path=")) refuse("--exec-path", "makes git take its subcommands from another folder");
    if (a === "-C" || a === "--git-dir" || a === "--work-tree" || a === "--namespace") i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === "submodule" && rest.includes("foreach")) refuse("submodule foreach", "runs its command through a shell");
  if (sub === "filter-branch") refuse("filter-branch", "runs its filters through a shell");
  if (sub === "bisect" && rest[0] === "run") refuse("bisect run", "runs the given command");
  if ((sub === "rebase" || sub === "difftool") && rest.some((a) => /^(-x|--exec|--extcmd)(=|$)|^-[^-]*x/.test(a))) refuse(`${sub} ${sub === "rebase" ? "--exec" : "--extcmd"}`, "runs the given command through a shell");
}
function checkInterpreter(name, interp, args, ctx) {
  const { fail } = ctx;
  const inlineFail = (flag) => fail(`runs ${name} with inline code (${flag}); ${scriptAdvice(name, ctx)}`);
  const first = args[0];
  if (first !== void 0 && interp.inlineSub?.includes(first)) inlineFail(first);
  if (first !== void 0 && interp.passSub?.includes(first)) args = args.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "-" || !a.startsWith("-")) return;
    if (a === "--") {
      if (i + 1 < args.length) return;
      break;
    }
    if (a.startsWith("--")) {
      const flag = a.split("=", 1)[0];
      if (interp.inlineLong.includes(flag)) inlineFail(flag);
      if (interp.longWithValue?.includes(flag) && !a.includes("=")) i++;
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j];
      if (interp.inline.includes(c)) inlineFail(`-${c}`);
      if (interp.stop?.includes(c)) return;
      if (interp.attachedValue?.includes(c)) break;
      if (interp.digitsValue?.includes(c)) {
        while (j + 1 < a.length && /[0-9]/.test(a[j + 1])) j++;
        continue;
      }
      if (interp.withValue.includes(c)) {
        if (j === a.length - 1) i++;
        break;
      }
    }
  }
  if (ctx.prompt) fail(`runs ${name} without a script, so the prompt would be taken for the script's path; ${scriptAdvice(name, ctx)}`);
}
function scriptAdvice(name, ctx) {
  return ctx.prompt ? `put the agent in a script file (e.g. "${name} agent-script") or ${ctx.hint}` : `put the code in a script file (e.g. ["${name}", "checks/verify-script"]) or ${ctx.hint}`;
}
function agentCommandHelp(surface) {
  return surface === "action" ? "set the Action's `agent-command` input in the workflow (for example `agent-command: claude -p`)" : 'pass --agent "claude -p" or set STEP_AGENT_CMD in the environment';
}
function noAgentCommandText(stepId, surface) {
  return `No agent command for ${stepId}: ${agentCommandHelp(surface)}, or give the step its own agent (plan.steps.${stepId}.agent).`;
}

// src/core/plan/sql-query.ts
var MAX_SQL_QUERY_CHARS = 1e4;
var READ_STARTS = ["SELECT", "WITH", "VALUES"];
function sqlQueryProblem(query) {
  if (query.length > MAX_SQL_QUERY_CHARS) return `is ${query.length} characters long; at most ${MAX_SQL_QUERY_CHARS} are allowed`;
  const scan = scanSql(query);
  if (scan.unterminated) return `has an unterminated ${scan.unterminated}`;
  if (!scan.firstWord) return "is empty (only spaces or comments)";
  if (!READ_STARTS.includes(scan.firstWord)) {
    return `must be one statement that only reads, starting with ${READ_STARTS.join(", ")}; it starts with ${scan.firstWord}`;
  }
  if (scan.afterEnd) return 'must be one statement: nothing but spaces or comments may follow a ";"';
  if (scan.firstWord === "WITH" && scan.words.some((w) => WRITE_WORDS.has(w))) {
    return "must only read: a WITH clause may lead to SELECT only, not INSERT, UPDATE, DELETE or REPLACE";
  }
  return null;
}
var WRITE_WORDS = /* @__PURE__ */ new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);
function scanSql(sql) {
  const words = [];
  let ended = false;
  let afterEnd = false;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "-" && sql[i + 1] === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      if (end < 0) return { firstWord: words[0] ?? null, words, afterEnd, unterminated: "comment (/* without */)" };
      i = end + 2;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (ended) afterEnd = true;
    const close = c === "'" ? "'" : c === '"' ? '"' : c === "`" ? "`" : c === "[" ? "]" : null;
    if (close) {
      let j = i + 1;
      for (; ; ) {
        const at = sql.indexOf(close, j);
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
      ended = true;
      i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i, i + 64));
    if (word) {
      words.push(word[0].toUpperCase());
      i += word[0].length;
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
];
var MAX_COMMAND_TIMEOUT_SECONDS = 604800;
var RULE_FIELDS = {
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
};
var MAX_AGE_DAYS = 3650;
var MAX_DB_EXPECT_CHARS = 4096;
function checkRelativePathField(issues, path, value) {
  if (typeof value !== "string") {
    add(issues, path, `must be a relative path inside the workspace (a string), got ${showValue(value)}`);
    return;
  }
  const reason = checkRelativePath(value);
  if (!reason) return;
  const shown = showValue(value);
  const why = (reason.startsWith(`${shown} `) ? reason.slice(shown.length + 1) : reason).replace(/; expected .*$/s, "");
  add(issues, path, `must be a relative path inside the workspace, got ${shown} (${why})`);
}
function checkRules(value, path, issues, stepIds, strict = false) {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of validation rules, got ${showValue(value)}`);
    return;
  }
  value.forEach((rule, i) => checkRule(rule, index(path, i), { issues, stepIds, strict }));
}
function checkRule(rule, path, ctx) {
  const expected = `an object with exactly one key among ${RULE_KINDS.join(", ")}`;
  if (!isRecord(rule)) {
    add(ctx.issues, path, `must be ${expected}, got ${showValue(rule)}`);
    return;
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) {
    add(ctx.issues, path, `must be ${expected}, got ${countOf(keys.length, "key")}${keys.length ? ` (${keys.join(", ")})` : ""}`);
    return;
  }
  const kind = keys[0];
  if (!RULE_KINDS.includes(kind)) {
    const near = nearestName(kind, RULE_KINDS);
    add(ctx.issues, key(path, kind), `is not a known rule kind; ${near ? `did you mean ${near}? ` : ""}expected one of ${RULE_KINDS.join(", ")}`);
    return;
  }
  const bodyPath = key(path, kind);
  const body = rule[kind];
  if (!isRecord(body)) {
    add(ctx.issues, bodyPath, `must be an object with the rule's settings, got ${showValue(body)}`);
    return;
  }
  if (ctx.strict) checkKnownFields(ctx.issues, bodyPath, body, RULE_FIELDS[kind]);
  checkRuleBody(kind, body, bodyPath, ctx);
}
function checkRuleBody(kind, body, path, ctx) {
  const { issues } = ctx;
  switch (kind) {
    case "file_exists":
      checkRelativePathField(issues, key(path, "path"), body.path);
      return;
    case "file_contains":
      checkRelativePathField(issues, key(path, "path"), body.path);
      checkPattern(issues, path, body);
      return;
    case "json_schema":
      checkRelativePathField(issues, key(path, "path"), body.path);
      if (typeof body.schema === "string") checkRelativePathField(issues, key(path, "schema"), body.schema);
      else if (!isRecord(body.schema)) {
        add(issues, key(path, "schema"), `must be a JSON Schema object or a relative path to one, got ${showValue(body.schema)}`);
      }
      return;
    case "payload_has_key":
      checkString(issues, key(path, "key"), body.key, "a payload key");
      return;
    case "payload_value_matches":
      checkString(issues, key(path, "key"), body.key, "a payload key");
      checkPattern(issues, path, body);
      return;
    case "payload_values_equal":
      checkKeys(issues, key(path, "keys"), body.keys);
      if (body.step !== void 0 && !(typeof body.step === "string" && ctx.stepIds.has(body.step))) {
        add(issues, key(path, "step"), `must name a step of this plan whose payload to compare, got ${showValue(body.step)}; known steps: ${listSome(ctx.stepIds)}`);
      }
      return;
    case "command":
      checkArgv(issues, key(path, "argv"), body.argv);
      checkTimeout(issues, path, body);
      return;
    case "command_output_contains":
      checkArgv(issues, key(path, "argv"), body.argv);
      if (typeof body.text !== "string" || body.text.length === 0) {
        add(issues, key(path, "text"), `must be a non-empty string to find in the command's output, got ${showValue(body.text)}`);
      }
      checkTimeout(issues, path, body);
      return;
    case "payload_provenance": {
      checkString(issues, key(path, "key"), body.key, "the payload key of the list of items");
      const days = body.maxAgeDays;
      if (days !== void 0 && (typeof days !== "number" || !Number.isFinite(days) || days <= 0 || days > MAX_AGE_DAYS)) {
        add(issues, key(path, "maxAgeDays"), `must be a number of days > 0 and <= ${MAX_AGE_DAYS}, got ${showValue(days)}`);
      }
      return;
    }
    case "db_query":
      checkRelativePathField(issues, key(path, "path"), body.path);
      checkQuery(issues, key(path, "query"), body.query);
      checkExpect(issues, key(path, "expect"), body);
      checkTimeout(issues, path, body);
      return;
  }
}
function checkQuery(issues, path, value) {
  if (!isNonEmptyString(value)) {
    add(issues, path, `must be a non-empty SQL query (one SELECT, WITH or VALUES statement, at most ${MAX_SQL_QUERY_CHARS} characters), got ${showValue(value)}`);
    return;
  }
  const problem = sqlQueryProblem(value);
  if (problem) add(issues, path, `${problem}, got ${showValue(value)}`);
}
function checkExpect(issues, path, body) {
  if (!Object.hasOwn(body, "expect")) return;
  const v = body.expect;
  const scalar = v === null || typeof v === "boolean" || typeof v === "number" && Number.isFinite(v) || typeof v === "string" && v.length <= MAX_DB_EXPECT_CHARS;
  if (!scalar) {
    add(issues, path, `must be the value the first column of the first row should have: a string (at most ${MAX_DB_EXPECT_CHARS} characters), a number, true, false or null, got ${showValue(v)}`);
  }
}
function checkPattern(issues, path, body) {
  const { flags, pattern } = body;
  const flagsOk = flags === void 0 || typeof flags === "string";
  if (!flagsOk) add(issues, key(path, "flags"), `must be a string of regular expression flags (some of i, m, s, u; g, y and d are accepted), got ${showValue(flags)}`);
  if (typeof pattern !== "string" || pattern.length === 0) {
    add(issues, key(path, "pattern"), `must be a non-empty regular expression in RE2 syntax, got ${showValue(pattern)}`);
    return;
  }
  const result = compilePattern(pattern, typeof flags === "string" ? flags : "");
  if (result.ok) return;
  if (result.field === "flags") add(issues, key(path, "flags"), `must be regular expression flags (some of i, m, s, u; g, y and d are accepted), got ${showValue(flags)}: ${result.problem}`);
  else add(issues, key(path, "pattern"), `must be a regular expression in RE2 syntax (a subset of JavaScript's), got ${showValue(pattern)}: ${result.problem}`);
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
  value.forEach((arg, i) => {
    if (typeof arg !== "string") add(issues, index(path, i), `must be a string, got ${showValue(arg)}`);
    else if (arg.includes("\0")) add(issues, index(path, i), `must not contain a NUL character, got ${showValue(arg)}`);
  });
  if (typeof value[0] === "string" && !isNonEmptyString(value[0])) {
    add(issues, index(path, 0), `must name the program to run, got ${showValue(value[0])}`);
  } else if (value.every((arg) => typeof arg === "string")) {
    const problem = commandProblem(value);
    if (problem) add(issues, path, `must not run a shell or inline code: ${showValue(value)} ${problem}`);
  }
}
function checkTimeout(issues, path, body) {
  const t = body.timeoutSeconds;
  if (t === void 0) return;
  if (typeof t !== "number" || !Number.isFinite(t) || t <= 0 || t > MAX_COMMAND_TIMEOUT_SECONDS) {
    add(issues, key(path, "timeoutSeconds"), `must be a number of seconds > 0 and <= ${MAX_COMMAND_TIMEOUT_SECONDS}, got ${showValue(t)}`);
  }
}

// src/core/trust/code-env.ts
var LOADER = "makes the dynamic loader load other code into every process";
var STARTUP = "runs code when an interpreter starts";
var SEARCH = "changes where programs or modules are looked up, so other code runs under their names";
var CONFIG = "changes which configuration files programs read, and those can name commands to run";
var LAUNCH = "names a program that other programs start";
var SHELL = "changes what shells run";
var EXACT = {
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
};
var PREFIXES = [
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
  const upper = name.toUpperCase();
  if (isRunnerFileVariable(upper)) return RUNNER_FILE_REASON;
  if (Object.hasOwn(EXACT, upper)) return EXACT[upper] ?? null;
  for (const [prefix, why] of PREFIXES) if (upper.startsWith(prefix)) return why;
  return null;
}

// src/core/plan/validate-tools.ts
var TOOLS_FIELDS = ["maxCalls", "allow", "block", "via", "onExceed"];
var MAX_TOOL_CALLS = 1e6;
var MAX_PATTERNS = 500;
var MAX_PATTERN_CHARS = 1e3;
function checkTools(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with any of ${TOOLS_FIELDS.join(", ")}, got ${showValue(value)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, value, TOOLS_FIELDS);
  if (value.maxCalls !== void 0) checkInteger(issues, key(path, "maxCalls"), value.maxCalls, 0, MAX_TOOL_CALLS);
  for (const field of ["allow", "block"]) {
    if (value[field] !== void 0) checkPatterns(issues, key(path, field), value[field]);
  }
  if (value.via !== void 0 && !TOOLS_VIAS.includes(value.via)) {
    add(issues, key(path, "via"), `must be "hook" (the agent CLI's tool hook enforces the policy) or "exec" (the agent runs every command through agent-step-sequencer exec), got ${showValue(value.via)}`);
  }
  if (value.onExceed !== void 0 && !ON_EXCEED.includes(value.onExceed)) {
    add(issues, key(path, "onExceed"), `must be "fail" (default: an attempt that makes more than maxCalls tool calls fails) or "deny" (later calls are denied and the step may still finish), got ${showValue(value.onExceed)}`);
  }
}
function checkPatterns(issues, path, value) {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of patterns (globs such as "git *" or "Bash(npm test)", tool names such as "WebFetch", or "/regex/"), got ${showValue(value)}`);
    return;
  }
  if (value.length > MAX_PATTERNS) add(issues, path, `must hold at most ${MAX_PATTERNS} patterns, got ${value.length}`);
  for (let i = 0; i < Math.min(value.length, MAX_PATTERNS); i++) {
    const p = value[i];
    if (typeof p !== "string" || p === "") add(issues, index(path, i), `must be a non-empty string (a pattern), got ${showValue(p)}`);
    else if (p.length > MAX_PATTERN_CHARS) add(issues, index(path, i), `must be at most ${MAX_PATTERN_CHARS} characters, got ${p.length}`);
    else {
      const problem = toolPatternProblem(p);
      if (problem) add(issues, index(path, i), `is not a valid pattern ${showValue(p)}: ${problem}`);
    }
  }
}

// src/core/plan/preflight.ts
var PREFLIGHT_FIELDS = ["tools", "env", "commands"];
var PREFLIGHT_COMMAND_SECONDS = 60;
var MAX_ENTRIES = 50;
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
var TOOL_NAME = /^[^\u0000-\u001f\u007f]{1,200}$/;
function checkPreflight(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with any of ${PREFLIGHT_FIELDS.join(", ")}, got ${showValue(value)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, value, PREFLIGHT_FIELDS);
  list(issues, key(path, "tools"), value.tools, "program names to find on PATH", (p, v) => {
    if (typeof v !== "string" || !TOOL_NAME.test(v) || v.trim() === "") add(issues, p, `must be a program name (one line, at most 200 characters), got ${showValue(v)}`);
  });
  list(issues, key(path, "env"), value.env, "environment variable names that must be set", (p, v) => {
    if (typeof v !== "string" || !ENV_NAME.test(v)) add(issues, p, `must be an environment variable name (letters, digits and "_", not starting with a digit), got ${showValue(v)}`);
  });
  list(issues, key(path, "commands"), value.commands, 'commands that must succeed, each an argv array such as ["gh", "auth", "status"]', (p, v) => checkArgv(issues, p, v));
}
function list(issues, path, value, what, each) {
  if (value === void 0) return;
  if (!Array.isArray(value) || value.length > MAX_ENTRIES) {
    add(issues, path, `must be an array of at most ${MAX_ENTRIES} ${what}, got ${showValue(value)}`);
    return;
  }
  value.forEach((v, i) => each(index(path, i), v));
}
function preflightOf(plan, stepId) {
  const own = plan.steps[stepId]?.preflight;
  const all = [plan.preflight, own].filter((p) => isRecord(p));
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
var GROUP_FIELDS = ["steps", "maxAttempts"];
var ROUTE_FIELDS = ["when", "goto", "max"];
var MAX_EXPECTED_CHARS = 4096;
function checkFlow(issues, basePath, plan, strict) {
  const queue = effectiveQueue(plan);
  const position = new Map(queue.map((id, i) => [id, i]));
  const grouped = /* @__PURE__ */ new Map();
  if (plan.groups !== void 0) {
    const path = key(basePath, "groups");
    if (!isRecord(plan.groups)) add(issues, path, `must be an object mapping group ids to { "steps": [...], "maxAttempts"?: n }, got ${showValue(plan.groups)}`);
    else for (const [id, group] of Object.entries(plan.groups)) checkGroup(issues, key(path, id), id, group, position, grouped, strict);
  }
  for (const [stepId, step] of Object.entries(plan.steps)) {
    if (!isRecord(step)) continue;
    const stepPath = key(key(basePath, "steps"), stepId);
    if (step.retry !== void 0) {
      if (step.retry !== "step" && step.retry !== "group") add(issues, key(stepPath, "retry"), `must be "step" (a failure retries this step) or "group" (its group runs again from its first step), got ${showValue(step.retry)}`);
      else if (step.retry === "group" && !grouped.has(stepId)) add(issues, key(stepPath, "retry"), `is "group", but step ${stepId} is in no group of plan.groups`);
    }
    if (step.routes !== void 0) checkRoutes(issues, key(stepPath, "routes"), step.routes, position, Array.isArray(step.validate) ? step.validate.length : 0, strict);
  }
}
function checkGroup(issues, path, id, group, position, grouped, strict) {
  if (!ID_PATTERN.test(id)) add(issues, path, `has an invalid group id ${showValue(id)}; expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  if (!isRecord(group)) {
    add(issues, path, `must be an object with "steps" (consecutive queued steps) and optionally "maxAttempts" (default ${DEFAULT_GROUP_ATTEMPTS}), got ${showValue(group)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, group, GROUP_FIELDS);
  if (group.maxAttempts !== void 0) checkInteger(issues, key(path, "maxAttempts"), group.maxAttempts, 1, MAX_ATTEMPTS);
  const steps = group.steps;
  if (!Array.isArray(steps) || steps.length === 0) {
    add(issues, key(path, "steps"), `must be a non-empty array of step ids, got ${showValue(steps)}`);
    return;
  }
  let previous;
  steps.forEach((stepId, i) => {
    const p = index(key(path, "steps"), i);
    if (typeof stepId !== "string" || !position.has(stepId)) {
      add(issues, p, `must name a step of the plan's queue, got ${showValue(stepId)}; queued steps: ${listSome([...position.keys()])}`);
      return;
    }
    const other = grouped.get(stepId);
    if (other !== void 0) add(issues, p, `names step ${stepId}, which is in group ${other} already; a step is in one group at most`);
    grouped.set(stepId, id);
    const at = position.get(stepId);
    if (previous !== void 0 && at !== previous + 1) add(issues, p, `must follow the group's previous step in the queue: a group is consecutive queued steps, in order (${stepId} is at ${at + 1}, expected ${previous + 2})`);
    previous = at;
  });
}
function checkRoutes(issues, path, routes, position, rules, strict) {
  if (!Array.isArray(routes) || routes.length > MAX_ROUTES) {
    add(issues, path, `must be an array of at most ${MAX_ROUTES} routes ({ "when": \u2026, "goto": "<step id>", "max"?: n }), got ${showValue(routes)}`);
    return;
  }
  routes.forEach((route, i) => {
    const p = index(path, i);
    if (!isRecord(route)) {
      add(issues, p, `must be an object with "when" and "goto", got ${showValue(route)}`);
      return;
    }
    if (strict) checkKnownFields(issues, p, route, ROUTE_FIELDS);
    if (typeof route.goto !== "string" || !position.has(route.goto)) {
      add(issues, key(p, "goto"), `must name a step of the plan's queue, got ${showValue(route.goto)}; queued steps: ${listSome([...position.keys()])}`);
    }
    if (route.max !== void 0) checkInteger(issues, key(p, "max"), route.max, 1, MAX_ROUTE_TIMES);
    checkWhen(issues, key(p, "when"), route.when, rules);
  });
}
function checkWhen(issues, path, when, rules) {
  const expected = '{ "key": "<payload key>", "equals": <value> }, { "rule": <index>, "passes": true } or { "rule": <index>, "fails": true }';
  if (!isRecord(when)) {
    add(issues, path, `must be ${expected}, got ${showValue(when)}`);
    return;
  }
  const keys = Object.keys(when).sort().join(",");
  if (keys === "equals,key") {
    if (!isNonEmptyString(when.key)) add(issues, key(path, "key"), `must be a payload key (a dot path), got ${showValue(when.key)}`);
    const v = when.equals;
    if (!(v === null || typeof v === "boolean" || typeof v === "number" && Number.isFinite(v) || typeof v === "string" && v.length <= MAX_EXPECTED_CHARS)) {
      add(issues, key(path, "equals"), `must be a string, number, true, false or null, got ${showValue(v)}`);
    }
    return;
  }
  if (keys === "passes,rule" || keys === "fails,rule") {
    const flag = keys === "passes,rule" ? "passes" : "fails";
    if (when[flag] !== true) add(issues, key(path, flag), `must be true, got ${showValue(when[flag])}`);
    if (typeof when.rule !== "number" || !Number.isInteger(when.rule) || when.rule < 0 || when.rule >= rules) {
      add(issues, key(path, "rule"), rules ? `must be the index of one of the step's ${rules} validation rules (0 to ${rules - 1}), got ${showValue(when.rule)}` : `names a validation rule, but the step has none, got ${showValue(when.rule)}`);
    }
    return;
  }
  add(issues, path, `must be ${expected}, got ${showValue(when)}`);
}

// src/core/plan/validate-plan.ts
var MAX_STEPS = 1e4;
var MAX_ATTEMPTS = 100;
var MAX_TIMEOUT_MINUTES = 10080;
var ENV_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
var RESERVED_ENV_PREFIX = "SEQUENCER_";
var ROUTE_KEYWORDS = ["retry", "fail"];
var MIN_OUTPUT_BYTES = 1024;
var MAX_OUTPUT_BYTES = 1024 * 1024 * 1024;
var ROUTE_FIELDS2 = ["onValidationFail", "onOverflow"];
function parsePlan(input, source = "plan") {
  const { plan, issues } = validatePlan(input, "plan", true, { strict: true });
  if (!plan || issues.length > 0) throw new PlanError(issues, source);
  return plan;
}
function validatePlan(input, basePath = "plan", copy = true, opts = {}) {
  const issues = [];
  if (!isRecord(input)) {
    add(issues, basePath, `must be an object with "steps" (a plan), got ${showValue(input)}`);
    return { issues, stepIds: /* @__PURE__ */ new Set() };
  }
  const plan = copy ? cloneJson(input) : input;
  const strict = opts.strict === true;
  if (strict) checkKnownFields(issues, basePath, plan, PLAN_FIELDS);
  const stepsPath = key(basePath, "steps");
  const steps = plan.steps;
  let stepIds = /* @__PURE__ */ new Set();
  if (!isRecord(steps)) {
    add(issues, stepsPath, `must be an object mapping step ids to steps, got ${showValue(steps)}`);
  } else {
    const ids = Object.keys(steps);
    if (ids.length === 0 && !opts.finished) add(issues, stepsPath, "must contain at least one step, got {}");
    if (ids.length > MAX_STEPS) add(issues, stepsPath, `must contain at most ${MAX_STEPS} steps, got ${ids.length}`);
    stepIds = new Set(ids);
    const routes = /* @__PURE__ */ new Map();
    for (const id of ids) {
      if (!ID_PATTERN.test(id)) {
        add(issues, key(stepsPath, id), `has an invalid step id ${showValue(id)}; expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
      }
      const step = steps[id];
      const normalized = checkStep(step, stepsPath, id, stepIds, issues, strict);
      if (!normalized) continue;
      if (normalized !== step) Object.defineProperty(steps, id, { value: normalized, enumerable: true, writable: true, configurable: true });
      for (const field of ROUTE_FIELDS2) {
        const target = normalized[field];
        if (typeof target === "string" && target !== id && stepIds.has(target) && !ROUTE_KEYWORDS.includes(target)) routes.set(id, [...routes.get(id) ?? [], { field, to: target }]);
      }
    }
    checkRoutingLoops(routes, stepsPath, issues);
  }
  if (plan.title !== void 0 && typeof plan.title !== "string") {
    add(issues, key(basePath, "title"), `must be a string, got ${showValue(plan.title)}`);
  }
  if (plan.stepQueue !== void 0) checkQueue(issues, key(basePath, "stepQueue"), plan.stepQueue, stepIds, false);
  if (plan.promptPreamble !== void 0 && plan.promptPreamble !== false && typeof plan.promptPreamble !== "string") {
    add(issues, key(basePath, "promptPreamble"), `must be a string (put before every step prompt) or false (none), got ${showValue(plan.promptPreamble)}`);
  }
  if (plan.deadline !== void 0) {
    const problem = timestampProblem(plan.deadline, true);
    if (problem) add(issues, key(basePath, "deadline"), problem);
  }
  if (plan.tools !== void 0) checkTools(issues, key(basePath, "tools"), plan.tools, strict);
  if (plan.preflight !== void 0) checkPreflight(issues, key(basePath, "preflight"), plan.preflight, strict);
  if (isRecord(steps) && (plan.groups !== void 0 || Object.values(steps).some((s) => isRecord(s) && (s.routes !== void 0 || s.retry !== void 0)))) checkFlow(issues, basePath, plan, strict);
  if (plan.budget !== void 0) checkBudget(issues, key(basePath, "budget"), plan.budget, strict);
  return issues.length > 0 ? { issues, stepIds } : { plan, issues, stepIds };
}
var PLAN_FIELDS = ["title", "steps", "stepQueue", "deadline", "promptPreamble", "tools", "budget", "preflight", "groups"];
var STEP_FIELDS = [
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
  "budget"
];
function checkQueue(issues, path, value, stepIds, allowEmpty) {
  if (!Array.isArray(value) || !allowEmpty && value.length === 0) {
    add(issues, path, `must be a${allowEmpty ? "n" : " non-empty"} array of step ids, got ${showValue(value)}`);
    return false;
  }
  const before = issues.length;
  const seen = /* @__PURE__ */ new Set();
  for (let i = 0; i < value.length; i++) {
    const id = value[i];
    if (typeof id !== "string") add(issues, index(path, i), `must be a step id (a string), got ${showValue(id)}`);
    else if (seen.has(id)) add(issues, index(path, i), `repeats step ${showValue(id)} (already at index ${value.indexOf(id)}); each step may be queued once`);
    else {
      seen.add(id);
      if (!stepIds.has(id)) add(issues, index(path, i), `names unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`);
    }
  }
  return issues.length === before;
}
var TIMEOUT_FIELDS = ["attemptTimeoutMinutes", "timeoutMinutes"];
var MAX_RETRY_BACKOFF_SECONDS = 3600;
var PAYLOAD_FIELDS = ["expectPayload", "inheritPayload"];
function checkStep(step, stepsPath, id, stepIds, issues, strict) {
  if (!isRecord(step)) {
    add(issues, key(stepsPath, id), `must be an object with "title" and "instruction", got ${showValue(step)}`);
    return void 0;
  }
  if (!isNonEmptyString(step.title)) checkString(issues, key(key(stepsPath, id), "title"), step.title, "a short human-readable label");
  if (!isNonEmptyString(step.instruction) && !(step.run !== void 0 && step.instruction === void 0)) {
    checkString(issues, key(key(stepsPath, id), "instruction"), step.instruction, "the full instruction for the agent");
  }
  if (isPlainStep(step)) return step;
  return checkStepFields(step, key(stepsPath, id), id, stepIds, issues, strict);
}
var PLAIN_STEP_FIELDS = /* @__PURE__ */ new Set(["title", "instruction"]);
function isPlainStep(step) {
  for (const field of Object.keys(step)) if (!PLAIN_STEP_FIELDS.has(field)) return false;
  return true;
}
function checkStepFields(step, path, id, stepIds, issues, strict) {
  if (strict) checkKnownFields(issues, path, step, STEP_FIELDS);
  let outputsField = "requiredOutputs";
  let normalized = step;
  if (Object.hasOwn(step, "required_outputs")) {
    if (Object.hasOwn(step, "requiredOutputs")) {
      add(issues, key(path, "required_outputs"), 'cannot be given together with "requiredOutputs" (the same field in snake_case); keep one');
    } else {
      outputsField = "required_outputs";
      normalized = Object.fromEntries(Object.entries(step).map(([k, v]) => [k === "required_outputs" ? "requiredOutputs" : k, v]));
    }
  }
  const outputs = normalized.requiredOutputs;
  if (outputs !== void 0) {
    const outputsPath = key(path, outputsField);
    if (!Array.isArray(outputs)) add(issues, outputsPath, `must be an array of relative paths inside the workspace, got ${showValue(outputs)}`);
    else {
      for (let i = 0; i < outputs.length; i++) {
        const output = outputs[i];
        if (typeof output !== "string" || checkRelativePath(output) !== null) checkRelativePathField(issues, index(outputsPath, i), output);
      }
    }
  }
  if (step.maxAttempts !== void 0) checkInteger(issues, key(path, "maxAttempts"), step.maxAttempts, 1, MAX_ATTEMPTS);
  if (step.retryBackoff !== void 0) checkInteger(issues, key(path, "retryBackoff"), step.retryBackoff, 0, MAX_RETRY_BACKOFF_SECONDS);
  for (const field of TIMEOUT_FIELDS) {
    const v = step[field];
    if (v !== void 0 && (typeof v !== "number" || !Number.isFinite(v) || v <= 0 || v > MAX_TIMEOUT_MINUTES)) {
      add(issues, key(path, field), `must be a number of minutes > 0 and <= ${MAX_TIMEOUT_MINUTES}, got ${showValue(v)}`);
    }
  }
  if (step.run !== void 0) {
    checkArgv(issues, key(path, "run"), step.run);
    if (step.agent !== void 0) add(issues, key(path, "run"), 'cannot be given together with "agent": a step runs either a command or an agent');
    if (step.tools !== void 0) add(issues, key(path, "tools"), "does not apply to a step that runs a command (run): no agent makes tool calls there");
  }
  if (step.agent !== void 0) {
    if (!isNonEmptyString(step.agent)) checkString(issues, key(path, "agent"), step.agent, "an agent command");
    else {
      const problem = agentCommandProblem(step.agent);
      if (problem) add(issues, key(path, "agent"), problem);
    }
  }
  if (step.env !== void 0) checkEnv(issues, key(path, "env"), step.env);
  for (const field of PAYLOAD_FIELDS) {
    const v = step[field];
    if (v !== void 0 && typeof v !== "boolean") add(issues, key(path, field), `must be true or false, got ${showValue(v)}`);
  }
  if (step.gate !== void 0) checkGate(issues, key(path, "gate"), step.gate);
  const tolerance = step.outputTolerance;
  if (tolerance !== void 0 && (typeof tolerance !== "number" || !Number.isFinite(tolerance) || tolerance < 0 || tolerance >= 1)) {
    add(issues, key(path, "outputTolerance"), `must be a fraction of the required outputs that may be missing, from 0 up to but not including 1 (0.2: up to 20 %), got ${showValue(tolerance)}`);
  }
  if (step.tools !== void 0) checkTools(issues, key(path, "tools"), step.tools, strict);
  if (step.preflight !== void 0) checkPreflight(issues, key(path, "preflight"), step.preflight, strict);
  if (step.budget !== void 0) checkBudget(issues, key(path, "budget"), step.budget, strict);
  if (step.onValidationFail !== void 0) checkRoute(issues, key(path, "onValidationFail"), step.onValidationFail, id, stepIds);
  if (step.onOverflow !== void 0) checkRoute(issues, key(path, "onOverflow"), step.onOverflow, id, stepIds);
  if (step.maxOutputBytes !== void 0) checkInteger(issues, key(path, "maxOutputBytes"), step.maxOutputBytes, MIN_OUTPUT_BYTES, MAX_OUTPUT_BYTES);
  if (step.validate !== void 0) checkRules(step.validate, key(path, "validate"), issues, stepIds, strict);
  return normalized;
}
function checkEnv(issues, path, env) {
  if (!isRecord(env)) {
    add(issues, path, `must be an object of environment variable names to string values, got ${showValue(env)}`);
    return;
  }
  for (const [name, value] of Object.entries(env)) {
    const p = key(path, name);
    if (!ENV_KEY_PATTERN.test(name)) add(issues, p, `has an invalid variable name ${showValue(name)}; expected letters, digits and "_", not starting with a digit`);
    else if (name.startsWith(RESERVED_ENV_PREFIX)) {
      add(issues, p, `uses the reserved prefix ${RESERVED_ENV_PREFIX} (set by the sequencer itself), got ${showValue(name)}`);
    } else {
      const why = codeEnvReason(name);
      if (why) add(issues, p, `may not be set by a plan: ${name} ${why} (got ${showValue(value)}); set it in the workflow's environment if the agent needs it`);
    }
    if (typeof value !== "string") add(issues, p, `must be a string (quote numbers and booleans in YAML), got ${showValue(value)}`);
  }
}
function checkGate(issues, path, value) {
  if (value === true || value === false) return;
  if (isRecord(value) && Object.keys(value).length === 1 && isNonEmptyString(value.reason)) return;
  add(issues, path, `must be true, false or { "reason": "<why a person must look first>" }, got ${showValue(value)}`);
}
function checkRoute(issues, path, value, self, stepIds) {
  if (typeof value === "string" && ROUTE_KEYWORDS.includes(value)) return;
  if (value === self) {
    add(issues, path, `must not route step ${showValue(self)} to itself; use "retry" to run it again`);
  } else if (typeof value !== "string" || !stepIds.has(value)) {
    add(issues, path, `must be "retry", "fail" or the id of another step, got ${showValue(value)}; known steps: ${listSome(stepIds)}`);
  }
}
function checkRoutingLoops(next, stepsPath, issues) {
  const state = /* @__PURE__ */ new Map();
  for (const start of next.keys()) {
    if (state.has(start)) continue;
    const path = [start];
    const edges = [0];
    state.set(start, "open");
    while (path.length) {
      const at = path[path.length - 1];
      const routes = next.get(at) ?? [];
      const i = edges[edges.length - 1];
      if (i >= routes.length) {
        state.set(at, "done");
        path.pop();
        edges.pop();
        continue;
      }
      edges[edges.length - 1] = i + 1;
      const { to } = routes[i];
      const seen = state.get(to);
      if (seen === "open") {
        const cycle = path.slice(path.indexOf(to));
        add(issues, key(key(stepsPath, cycle[0]), firstField(next, cycle[0], cycle[1] ?? to)), `routing can loop forever: ${[...cycle, to].join(" \u2192 ")}; let one of these steps use "retry" or "fail"`);
      } else if (seen === void 0) {
        state.set(to, "open");
        path.push(to);
        edges.push(0);
      }
    }
  }
}
function firstField(next, from, to) {
  return next.get(from)?.find((r) => r.to === to)?.field ?? "onValidationFail";
}

export {
  checkRelativePath,
  isPathLike,
  parseAgentCommand,
  agentProgram,
  expandAgentVariables,
  agentCommandHelp,
  noAgentCommandText,
  MAX_DB_EXPECT_CHARS,
  PREFLIGHT_COMMAND_SECONDS,
  preflightOf,
  hasPreflightCommands,
  effectiveQueue,
  parsePlan,
  validatePlan,
  checkQueue
};
