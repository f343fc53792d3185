// Turns an agent command line (STEP_AGENT_CMD, a step's `agent` field) into argv. We accept the
// quoting people already know from the shell, but nothing here ever runs a shell: the prompt is
// appended as one argument, so it cannot be interpreted as code. Commands that would bring a
// shell (or an interpreter's inline-code flag) back in are refused with an explanation, because
// the prompt then becomes code again, written by whoever wrote the issue. Check commands of
// validation rules (argv without a prompt) get the same refusals (commandProblem).
//
// This list is defence in depth, not a boundary: whoever chooses the program chooses what runs,
// and no list of programs can be complete. It catches the ways people reach for a shell by habit
// and the known ways a harmless-looking wrapper runs its argument as code:
// - shells, and programs that hand their command to one (su, runuser, sg, script, ssh, watch,
//   parallel, at, tmux, screen, …), `env -S`, `sudo -s/-i`, `doas -s`, `flock -c`, `npx -c`,
//   `npm exec -c`, `pnpm dlx -c`;
// - interpreters with inline code (`python -c`, `node -e`, `perl -e`, `expect -c`, `Rscript -e`,
//   `julia -e`, …), and with no script at all (the prompt would be read as the script's path);
// - programs whose first argument is a program (awk and its family, sed: `e` runs a shell), and
//   options that run other programs (`find -exec`, `git -c alias.x=!cmd`, `git -c core.pager=…`,
//   `git submodule foreach`, `git rebase --exec`, …);
// - wrappers (`env`, `sudo`, `timeout`, `nice`, `xargs`, `flock`, …) and runners that start a
//   program in an environment, container or sandbox (`uv run`, `poetry run`, `conda run`,
//   `docker run`, `bwrap`, `systemd-run`, `nix develop -c`, `yarn node`, …; command-runners.ts)
//   are looked through, their options parsed with their values (`timeout -s KILL`,
//   `docker run -v A:B IMAGE`), and a wrapper with no program is refused (the prompt would be
//   the program); `nix-shell` and `pixi run` run their command through a shell;
// - editors and debuggers with options that run commands (`emacs --eval`, `gdb -ex`, `vim -c`).
import { ConfigError, showValue } from '../errors.js';
import { codeOption, nixCommand, WRAPPERS, type Wrapper } from './command-runners.js';

const SHELLS = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'ksh',
  'mksh',
  'fish',
  'csh',
  'tcsh',
  'ash',
  'yash',
  'rbash',
  'nu',
  'elvish',
  'xonsh',
  'osh',
  'ysh',
  'pwsh',
  'powershell',
  'cmd',
  'busybox',
  'toybox',
  'eval',
  'exec',
  'source',
  '.',
]);

/** Programs that hand their command (or the prompt) to a shell. */
const SHELL_RUNNERS: Record<string, string> = {
  su: "runs its command through the target user's shell",
  runuser: "runs its command through the target user's shell",
  sg: 'runs its command through /bin/sh',
  newgrp: 'starts a shell',
  login: 'starts a shell',
  script: 'runs its command (or a shell) through $SHELL',
  ssh: "runs its command through the remote user's shell",
  rsh: "runs its command through the remote user's shell",
  watch: 'runs its command through sh -c',
  parallel: 'runs its commands through a shell',
  at: 'hands its input to a shell',
  batch: 'hands its input to a shell',
  tmux: 'runs its commands through a shell',
  screen: 'runs its commands through a shell',
  'nix-shell': 'runs its command (or a shell) through bash',
  pixi: 'runs its command through its own shell (deno_task_shell)',
};

/** Programs whose first argument is a program in their own language. */
const PROGRAM_FIRST: Array<[RegExp, string]> = [
  [/^(awk|gawk|mawk|nawk|original-awk|goawk|busybox-awk)$/, 'runs awk, whose program is given inline (and whose system() runs a shell)'],
  [/^g?sed$/, 'runs sed, whose script is given inline (and whose e command runs a shell)'],
];

interface Interpreter {
  /** Short flag letters that take code inline (`-c code`, also bundled as `-uc`). */
  inline: string;
  /** Long flags that take code inline. */
  inlineLong: string[];
  /** Subcommands that take code (`deno eval`). */
  inlineSub?: string[];
  /** Subcommands followed by the interpreter's own options and script (`bun run`, `deno run`). */
  passSub?: string[];
  /** Short flags whose value follows, attached or as the next word. */
  withValue: string;
  /** Short flags whose value can only be attached (`perl -Mstrict`). */
  attachedValue?: string;
  /** Short flags followed by optional digits (`perl -l0`). */
  digitsValue?: string;
  /** Long flags whose value is the next word unless given as `--flag=value`. */
  longWithValue?: string[];
  /** Flags after which the remaining words belong to something else (`python -m mod`). */
  stop?: string;
}

const PYTHON: Interpreter = { inline: 'c', inlineLong: [], withValue: 'WXQ', stop: 'm' };
const JS_RUNTIME: Interpreter = {
  inline: 'ep',
  inlineLong: ['--eval', '--print'],
  inlineSub: [],
  withValue: 'rC',
  longWithValue: ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--input-type', '--title', '--env-file', '--cwd', '--config'],
};
const INTERPRETERS: Array<[RegExp, Interpreter]> = [
  [/^(python|pypy)(\d+(\.\d+)?)?$/, PYTHON],
  [/^(node|nodejs|tsx|ts-node)$/, JS_RUNTIME],
  [/^bun$/, { ...JS_RUNTIME, passSub: ['run'] }],
  [/^deno$/, { ...JS_RUNTIME, inlineSub: ['eval'], passSub: ['run'] }],
  [/^perl(\d+(\.\d+)*)?$/, { inline: 'eE', inlineLong: [], withValue: '', attachedValue: 'IMmxidDCV', digitsValue: 'l0' }],
  [/^ruby(\d+(\.\d+)*)?$/, { inline: 'e', inlineLong: [], withValue: 'IrCEK', attachedValue: 'iFWTx', digitsValue: '0' }],
  [/^php(\d+(\.\d+)*)?$/, { inline: 'rRBE', inlineLong: ['--run', '--process-code', '--process-begin', '--process-end'], withValue: 'cdzt', stop: 'f' }],
  [/^osascript$/, { inline: 'e', inlineLong: [], withValue: 'ls' }],
  [/^(lua|luajit)(\d+(\.\d+)*)?$/, { inline: 'e', inlineLong: [], withValue: 'l' }],
  [/^expect$/, { inline: 'c', inlineLong: [], withValue: 'bD', stop: 'f' }],
  [/^(r|rscript)$/, { inline: 'e', inlineLong: [], withValue: '', stop: 'f' }],
  [/^julia(-\d+(\.\d+)*)?$/, { inline: 'eE', inlineLong: ['--eval', '--print'], withValue: 'JLpCtgO', longWithValue: ['--project', '--sysimage', '--load', '--procs', '--threads', '--cpu-target'] }],
  [/^guile(\d+(\.\d+)*)?$/, { inline: 'c', inlineLong: [], withValue: 'lLCxe', stop: 's' }],
  [
    /^racket$/,
    {
      inline: 'e',
      inlineLong: ['--eval'],
      withValue: 'ftlpWLSXGAIN',
      longWithValue: ['--load', '--require', '--lib', '--collects', '--config', '--search', '--addon', '--warn', '--syslog', '--name', '--compiled'],
      stop: 'ru',
    },
  ],
  [/^elixir$/, { inline: 'e', inlineLong: ['--eval'], withValue: 'r', longWithValue: ['--require', '--erl', '--name', '--sname', '--cookie', '--pa', '--pz'] }],
];

const EXAMPLE = 'give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.';
const CHECK_EXAMPLE = 'run a program or a script file from the workspace with plain arguments, e.g. ["./checks/verify.sh"] or ["npm", "test"]; nothing here is run by a shell.';

/** True when the command names a file by path (relative or absolute) rather than a PATH lookup. */
export function isPathLike(cmd: string): boolean {
  return /[\\/]/.test(cmd) || /^[A-Za-z]:/.test(cmd);
}

/**
 * Splits `text` into argv with POSIX shell quoting rules ('single', "double" with backslash
 * escapes, backslash outside quotes) without running anything. `source` names where the command
 * came from (`STEP_AGENT_CMD`, `plan.steps.step-2.agent`) for error messages.
 */
export function parseAgentCommand(text: string, source: string): string[] {
  const shown = showValue(text);
  const fail = (why: string): never => {
    throw new ConfigError(`${source}: ${shown} ${why}`, 'The agent command is split into words like a shell would, but no shell ever runs it.');
  };
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ConfigError(`${source}: ${showValue(text)} is empty; expected an agent command such as "claude -p" or "codex exec --sandbox workspace-write"`);
  }
  const argv = tokenize(text, fail);
  if (argv.length === 0) fail('has no words; expected an agent command such as "claude -p"');
  checkProgram(argv, { fail, hint: EXAMPLE, prompt: true });
  return argv;
}

/** Why an agent command would be refused (parseAgentCommand's message without its source), or null. */
export function agentCommandProblem(text: string): string | null {
  try {
    parseAgentCommand(text, '');
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message.replace(/^: /, '');
    throw err;
  }
}

/**
 * Why the argv of a check command (a `command` or `command_output_contains` rule) would bring a
 * shell or inline code back, or null. Like an agent command, but nothing is appended to it.
 */
export function commandProblem(argv: readonly string[]): string | null {
  try {
    checkProgram([...argv], {
      fail: (why) => {
        throw new ConfigError(why);
      },
      hint: CHECK_EXAMPLE,
      prompt: false,
    });
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

type Fail = (why: string) => never;

function tokenize(text: string, fail: Fail): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const syntax = (what: string): never =>
    fail(
      `uses shell syntax (${what}) outside single quotes; it is not run by a shell, so pipes, redirections, ";", "&", substitutions and variables do not work. Quote the character to pass it literally, or ${EXAMPLE}`,
    );
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      if (inWord) words.push(word);
      word = '';
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
        const c = text[i] as string;
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === '\\' && i + 1 < text.length) {
          const next = text[i + 1] as string;
          // POSIX: inside double quotes a backslash only escapes these; otherwise it is literal.
          if ('\\"$`'.includes(next)) word += next;
          else if (next !== '\n') word += c + next;
          i += 2;
          continue;
        }
        if (c === '`') syntax('`...`');
        const ref = c === '$' ? sequencerReference(text, i, fail) : null;
        if (ref) {
          word += ref;
          i += ref.length;
          continue;
        }
        if (c === '$' && isExpansion(text, i)) syntax(`"${text.slice(i, i + 2)}..."`);
        word += c;
        i++;
      }
      if (!closed) fail('has an unbalanced double quote; expected a closing "');
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 >= text.length) fail('ends with a lone backslash; expected a character after it');
      const next = text[i + 1] as string;
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      i += 2;
    } else {
      if ('|;&<>()`'.includes(ch)) syntax(ch);
      const ref = ch === '$' ? sequencerReference(text, i, fail) : null;
      if (ref) {
        word += ref;
        inWord = true;
        i += ref.length;
        continue;
      }
      if (ch === '$' && isExpansion(text, i)) syntax(`${text.slice(i, i + 2)}...`);
      if (ch === '#' && !inWord) syntax('# comment');
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

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
function sequencerReference(text: string, i: number, fail: Fail): string | null {
  const m = REFERENCE.exec(text.slice(i, i + 200));
  if (!m) return null;
  const name = m[1] ?? m[2] ?? '';
  if (!(AGENT_COMMAND_VARIABLES as readonly string[]).includes(name)) {
    fail(`names ${m[0]}, which the sequencer does not set for an agent command; expected one of ${AGENT_COMMAND_VARIABLES.map((v) => `$${v}`).join(', ')}`);
  }
  return m[0];
}

/**
 * Where the agent program itself is in a parsed agent command, looking through the wrappers the
 * checks look through (`timeout 600 claude -p`, `env X=1 codex exec`, `npx @google/gemini-cli`):
 * its index in argv and its name (a package runner's package named like its binary, `claude-code`
 * for `npx @anthropic-ai/claude-code`). Null when no program can be found.
 */
export function agentProgram(argv: readonly string[]): { index: number; name: string } | null {
  let words = [...argv];
  let index = 0;
  const ctx: CheckContext = {
    fail: (why) => {
      throw new ConfigError(why);
    },
    hint: '',
    prompt: true,
  };
  // Wrappers nest (`timeout 60 env X=1 claude`); a few levels are all anyone writes.
  for (let depth = 0; depth < 16 && words.length > 0; depth++) {
    const name = programName(words[0] as string);
    const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
    if (!wrapper || (wrapper.subcommands && !wrapper.subcommands.includes(words[1] ?? ''))) return { index, name };
    let rest: string[];
    try {
      rest = wrappedCommand(name, wrapper, wrapper.subcommands ? words.slice(2) : words.slice(1), ctx);
    } catch {
      return null;
    }
    if (rest.length === 0) return null;
    index += words.length - rest.length;
    words = rest;
  }
  return null;
}

/** Fills the `$SEQUENCER_…` references in an agent command's words from the attempt's environment. */
export function expandAgentVariables(argv: readonly string[], env: Readonly<Record<string, string>>): string[] {
  return argv.map((word) =>
    word.includes('$SEQUENCER_') || word.includes('${SEQUENCER_')
      ? word.replace(/\$\{(SEQUENCER_[A-Za-z0-9_]+)\}|\$(SEQUENCER_[A-Za-z0-9_]+)/g, (whole, braced: string | undefined, bare: string | undefined) => env[braced ?? bare ?? ''] ?? whole)
      : word,
  );
}

function isExpansion(text: string, i: number): boolean {
  const next = text[i + 1];
  return next !== undefined && /[A-Za-z_0-9{(?!#@*$-]/.test(next);
}

function programName(word: string): string {
  const base = word.split(/[\\/]/).pop() ?? word;
  return base.toLowerCase().replace(/\.(exe|cmd|bat|com)$/, '');
}

interface CheckContext {
  fail: Fail;
  /** What to do instead, appended to refusals. */
  hint: string;
  /** The prompt is appended as the last argument (agent commands; not check commands). */
  prompt: boolean;
}

function checkProgram(argv: string[], ctx: CheckContext): void {
  const { fail, hint } = ctx;
  const first = argv[0] as string;
  if (/^[\s|&;<>()$`\\"'*?!{}[\]#~=%^]*$/.test(first)) {
    fail(`starts with ${showValue(first)}, which is shell syntax, not a program; ${hint}`);
  }
  const name = programName(first);
  const args = argv.slice(1);
  if (SHELLS.has(name)) {
    const script = args[0];
    // `bash agent.sh`: a script run by habit through its shell. It runs as well on its own.
    if (ctx.prompt && script !== undefined && !script.startsWith('-') && name !== 'cmd') {
      const shown = isPathLike(script) ? script : `./${script}`;
      fail(
        `runs a shell interpreter (${name}); to run the script ${script}, start it with a shebang line (#!/usr/bin/env ${name}), make it executable (chmod +x ${script}) and give its path: "${shown}". The prompt is passed as its last argument and never run by a shell.`,
      );
    }
    fail(`runs a shell interpreter (${name}); ${hint}`);
  }
  const runner = SHELL_RUNNERS[name];
  if (runner) fail(`runs ${name}, which ${runner}; ${hint}`);
  for (const [pattern, why] of PROGRAM_FIRST) if (pattern.test(name)) fail(`${why}; ${hint}`);
  const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
  const wrapped = wrapper ? wrapperArgs(wrapper, args) : null;
  if (wrapped?.alias) return checkProgram([wrapped.alias, ...wrapped.args], ctx);
  if (wrapper && wrapped) {
    const rest = wrappedCommand(name, wrapper, wrapped.args, ctx);
    if (rest.length > 0) checkProgram(rest, ctx);
    else if (ctx.prompt) fail(`runs ${name} without a program to run, so the prompt would be run as the program; ${hint}`);
    return;
  }
  if (name === 'nix') {
    const rest = nixCommand(args, (what, why) => fail(`runs ${what}, which ${why}; ${hint}`));
    if (rest?.length) return checkProgram(rest, ctx);
    if (rest && ctx.prompt) fail(`runs nix without a program after -c, so the prompt would be run as the program; ${hint}`);
  }
  const code = codeOption(name, args);
  if (code) fail(`runs ${name} ${code.option}, which ${code.why}; ${hint}`);
  if (name === 'git') checkGit(args, ctx);
  if (name === 'find') {
    const exec = args.find((a) => /^-(exec|execdir|ok|okdir)$/.test(a));
    if (exec) fail(`runs find ${exec}, which runs other programs; ${hint}`);
  }
  for (const [pattern, interp] of INTERPRETERS) {
    if (pattern.test(name)) checkInterpreter(name, interp, args, ctx);
  }
}

/**
 * The wrapper's own arguments, after its subcommand when it has some (`npm exec`, `uv tool run`,
 * `docker --context x run`), or the program a subcommand stands for (`yarn node`); null when
 * it is not used as a wrapper (`npm test`, `bun agent.ts`).
 */
function wrapperArgs(w: Wrapper, args: string[]): { args: string[]; alias?: string } | null {
  if (!w.subcommands && !w.aliases) return { args };
  let i = 0;
  // Options before the subcommand (`uv --directory DIR run`, `docker --context prod run`).
  while (i < args.length && (args[i] as string).startsWith('-') && args[i] !== '--') i += w.globalValue?.includes(args[i] as string) ? 2 : 1;
  const words = args.slice(i);
  const alias = words[0] !== undefined && w.aliases && Object.hasOwn(w.aliases, words[0]) ? w.aliases[words[0]] : undefined;
  if (alias) return { alias, args: words.slice(1) };
  for (const sub of w.subcommands ?? []) {
    const parts = sub.split(' ');
    if (parts.every((p, k) => words[k] === p)) return { args: words.slice(parts.length) };
  }
  return null;
}

/** The command a wrapper would run: what follows its options, their values and its positionals. */
function wrappedCommand(name: string, w: Wrapper, args: string[], ctx: CheckContext): string[] {
  const refuse = (flag: string, why: string): never => ctx.fail(`runs "${name} ${flag}", which ${why}; ${ctx.hint}`);
  let entrypoint: string | undefined;
  let i = 0;
  // Options (and, for env and sudo, NAME=value words) come first.
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      i++;
      break;
    }
    if (w.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) continue;
    if (!a.startsWith('-') || a === '-') break;
    if (a.startsWith('--')) {
      const [flag = a] = a.split('=', 1);
      const value = a.includes('=') ? a.slice(flag.length + 1) : undefined;
      const why = w.refuse?.[flag];
      if (why && (value === undefined || w.harmless?.[flag] !== value)) refuse(flag, why);
      if (w.entrypoint?.includes(flag)) entrypoint = value ?? args[++i] ?? '';
      else if (w.longValue2?.includes(flag)) i += 2;
      else if (w.longValue?.includes(flag) && value === undefined) i++;
      continue;
    }
    // Bundled short options: `-iS`, `-qc`, `-n5`, `-uroot`; `nice -5` is a number.
    if (/^-\d+$/.test(a)) continue;
    for (let j = 1; j < a.length; j++) {
      const c = a[j] as string;
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
  // `--entrypoint sh IMAGE -c …` runs sh with what follows the image (podman also takes a JSON
  // array); an empty one only clears the image's, so what follows the image is the program.
  if (entrypoint) return [...entrypointWords(entrypoint), ...rest];
  // `flock FILE -c command`: an option right after the positionals still counts.
  const late = rest[0] !== undefined ? w.refuse?.[rest[0]] : undefined;
  if (late) refuse(rest[0] as string, late);
  if (w.packageName && rest.length > 0) {
    // `npx @scope/pkg@1.2 …` runs the package's binary, named like the package.
    const pkg = (rest[0] as string).replace(/^(@[^/]+\/)?([^@]+)(@.*)?$/, '$2');
    return [pkg, ...rest.slice(1)];
  }
  return rest;
}

function entrypointWords(value: string): string[] {
  if (value.startsWith('[')) {
    try {
      const words: unknown = JSON.parse(value);
      if (Array.isArray(words) && words.every((w) => typeof w === 'string')) return words.length ? words : [value];
    } catch {
      // Not JSON: a program whose name starts with "[".
    }
  }
  return [value];
}

/** Options and subcommands with which git runs commands it was given (config, aliases, hooks). */
function checkGit(args: string[], ctx: CheckContext): void {
  const refuse = (what: string, why: string): never => ctx.fail(`runs git ${what}, which ${why}; ${ctx.hint}`);
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('-')) break;
    // Any configuration can run commands: alias.x=!cmd, core.pager, core.fsmonitor, core.sshCommand, …
    if (a.startsWith('-c') || a.startsWith('--config-env'))
      refuse(`${a.startsWith('-c') ? '-c' : '--config-env'}`, 'sets configuration that can run commands (alias.*, core.pager, core.fsmonitor, …)');
    if (a.startsWith('--exec-path=')) refuse('--exec-path', 'makes git take its subcommands from another folder');
    if (a === '-C' || a === '--git-dir' || a === '--work-tree' || a === '--namespace') i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === 'submodule' && rest.includes('foreach')) refuse('submodule foreach', 'runs its command through a shell');
  if (sub === 'filter-branch') refuse('filter-branch', 'runs its filters through a shell');
  if (sub === 'bisect' && rest[0] === 'run') refuse('bisect run', 'runs the given command');
  if ((sub === 'rebase' || sub === 'difftool') && rest.some((a) => /^(-x|--exec|--extcmd)(=|$)|^-[^-]*x/.test(a)))
    refuse(`${sub} ${sub === 'rebase' ? '--exec' : '--extcmd'}`, 'runs the given command through a shell');
}

function checkInterpreter(name: string, interp: Interpreter, args: string[], ctx: CheckContext): void {
  const { fail } = ctx;
  const inlineFail = (flag: string): never => fail(`runs ${name} with inline code (${flag}); ${scriptAdvice(name, ctx)}`);
  const first = args[0];
  if (first !== undefined && interp.inlineSub?.includes(first)) inlineFail(first);
  if (first !== undefined && interp.passSub?.includes(first)) args = args.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-' || !a.startsWith('-')) return;
    if (a === '--') {
      if (i + 1 < args.length) return;
      break;
    }
    if (a.startsWith('--')) {
      const flag = a.split('=', 1)[0] as string;
      if (interp.inlineLong.includes(flag)) inlineFail(flag);
      if (interp.longWithValue?.includes(flag) && !a.includes('=')) i++;
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j] as string;
      if (interp.inline.includes(c)) inlineFail(`-${c}`);
      if (interp.stop?.includes(c)) return;
      if (interp.attachedValue?.includes(c)) break;
      if (interp.digitsValue?.includes(c)) {
        while (j + 1 < a.length && /[0-9]/.test(a[j + 1] as string)) j++;
        continue;
      }
      if (interp.withValue.includes(c)) {
        if (j === a.length - 1) i++;
        break;
      }
    }
  }
  // No script named: the interpreter would read the prompt, the last argument, as its script's path.
  if (ctx.prompt) fail(`runs ${name} without a script, so the prompt would be taken for the script's path; ${scriptAdvice(name, ctx)}`);
}

function scriptAdvice(name: string, ctx: CheckContext): string {
  return ctx.prompt ? `put the agent in a script file (e.g. "${name} agent-script") or ${ctx.hint}` : `put the code in a script file (e.g. ["${name}", "checks/verify-script"]) or ${ctx.hint}`;
}

/** Where a person sets the default agent command: the Action's workflow, or the CLI. */
export type AgentSurface = 'action' | 'cli';

/** How to set the default agent command, in the words of where it is set. */
export function agentCommandHelp(surface: AgentSurface): string {
  return surface === 'action' ? "set the Action's `agent-command` input in the workflow (for example `agent-command: claude -p`)" : 'pass --agent "claude -p" or set STEP_AGENT_CMD in the environment';
}

/** A step that has no agent command to run: what is missing and how to give one. */
export function noAgentCommandText(stepId: string, surface: AgentSurface): string {
  return `No agent command for ${stepId}: ${agentCommandHelp(surface)}, or give the step its own agent (plan.steps.${stepId}.agent).`;
}
