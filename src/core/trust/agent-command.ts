// Turns an agent command line (STEP_AGENT_CMD, a step's `agent` field) into argv. We accept the
// quoting people already know from the shell, but nothing here ever runs a shell: the prompt is
// appended as one argument, so it cannot be interpreted as code. Commands that would bring a
// shell (or an interpreter's inline-code flag) back in are refused with an explanation, because
// the prompt then becomes code again, written by whoever wrote the issue.
import { ConfigError, showValue } from '../errors.js';

const SHELLS = new Set([
  'sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'ash', 'yash', 'rbash',
  'pwsh', 'powershell', 'cmd', 'busybox', 'toybox', 'eval', 'exec', 'source', '.',
]);

/** Programs that run another program given later on the line: we check that one too. */
const WRAPPERS = new Set([
  'env', 'nohup', 'nice', 'timeout', 'setsid', 'stdbuf', 'time', 'command', 'sudo', 'doas',
  'xargs', 'ionice', 'chrt', 'taskset',
]);

interface Interpreter {
  /** Short flag letters that take code inline (`-c code`, also bundled as `-uc`). */
  inline: string;
  /** Long flags that take code inline. */
  inlineLong: string[];
  /** Subcommands that take code (`deno eval`). */
  inlineSub?: string[];
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
  [/^(node|nodejs|bun)$/, JS_RUNTIME],
  [/^deno$/, { ...JS_RUNTIME, inlineSub: ['eval'] }],
  [/^perl(\d+(\.\d+)*)?$/, { inline: 'eE', inlineLong: [], withValue: '', attachedValue: 'IMmxidDCV', digitsValue: 'l0' }],
  [/^ruby(\d+(\.\d+)*)?$/, { inline: 'e', inlineLong: [], withValue: 'IrCEK', attachedValue: 'iFWTx', digitsValue: '0' }],
  [/^php(\d+(\.\d+)*)?$/, { inline: 'rRBE', inlineLong: ['--run', '--process-code', '--process-begin', '--process-end'], withValue: 'cdzt', stop: 'f' }],
  [/^osascript$/, { inline: 'e', inlineLong: [], withValue: 'ls' }],
  [/^(lua|luajit)(\d+(\.\d+)*)?$/, { inline: 'e', inlineLong: [], withValue: 'l' }],
];

const EXAMPLE = 'give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.';

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
    throw new ConfigError(`${source}: ${showValue(text)} is empty; expected an agent command such as "claude -p" or "codex exec --full-auto"`);
  }
  const argv = tokenize(text, fail);
  if (argv.length === 0) fail('has no words; expected an agent command such as "claude -p"');
  checkProgram(argv, fail);
  return argv;
}

type Fail = (why: string) => never;

function tokenize(text: string, fail: Fail): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const syntax = (what: string): never =>
    fail(`uses shell syntax (${what}) outside single quotes; it is not run by a shell, so pipes, redirections, ";", "&", substitutions and variables do not work. Quote the character to pass it literally, or ${EXAMPLE}`);
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) fail('has an unbalanced single quote; expected a closing \'');
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

function isExpansion(text: string, i: number): boolean {
  const next = text[i + 1];
  return next !== undefined && /[A-Za-z_0-9{(?!#@*$-]/.test(next);
}

function programName(word: string): string {
  const base = word.split(/[\\/]/).pop() ?? word;
  return base.toLowerCase().replace(/\.(exe|cmd|bat|com)$/, '');
}

function checkProgram(argv: string[], fail: Fail): void {
  const first = argv[0] as string;
  if (/^[\s|&;<>()$`\\"'*?!{}[\]#~=%^]*$/.test(first)) {
    fail(`starts with ${showValue(first)}, which is shell syntax, not a program; ${EXAMPLE}`);
  }
  const name = programName(first);
  if (SHELLS.has(name)) fail(`runs a shell interpreter (${name}); ${EXAMPLE}`);
  if (WRAPPERS.has(name)) {
    const rest = wrappedCommand(name, argv.slice(1), fail);
    if (rest.length > 0) checkProgram(rest, fail);
    return;
  }
  for (const [pattern, interp] of INTERPRETERS) {
    if (pattern.test(name)) checkInterpreter(name, interp, argv.slice(1), fail);
  }
}

/** The command a wrapper (`env X=1 prog`, `nice -n 5 prog`, `timeout 60 prog`) would run. */
function wrappedCommand(name: string, args: string[], fail: Fail): string[] {
  let i = 0;
  while (i < args.length) {
    const a = args[i] as string;
    if (a === '--') return args.slice(i + 1);
    if (name === 'env') {
      if (a === '-S' || a.startsWith('--split-string') || /^-[^-]*S/.test(a)) {
        fail(`runs "env -S", which splits its argument like a shell would; ${EXAMPLE}`);
      }
      if (a === '-u' || a === '--unset' || a === '-C' || a === '--chdir') {
        i += 2;
        continue;
      }
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) {
        i++;
        continue;
      }
    }
    // Option values of these wrappers are numbers or durations (`-n 10`, `60s`, `0x3`).
    if (a.startsWith('-') || /^[+-]?(\d+(\.\d+)?[smhd]?|0x[0-9a-f]+)$/i.test(a)) {
      i++;
      continue;
    }
    return args.slice(i);
  }
  return [];
}

function checkInterpreter(name: string, interp: Interpreter, args: string[], fail: Fail): void {
  const inlineFail = (flag: string): never =>
    fail(`runs ${name} with inline code (${flag}); put the agent in a script file (e.g. "${name} agent-script") or ${EXAMPLE}`);
  const first = args[0];
  if (first !== undefined && interp.inlineSub?.includes(first)) inlineFail(first);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--' || a === '-' || !a.startsWith('-')) return;
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
}
