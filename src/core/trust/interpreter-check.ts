// Interpreters given code inline (`python -c`, `node -e`, `perl -e`, …) or no script at all, when
// the prompt would be read as the script's path. Each interpreter's options are known with their
// values, so a value is never taken for the script.
import type { CheckContext } from './program-check.js';

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
export const INTERPRETERS: Array<[RegExp, Interpreter]> = [
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

export function checkInterpreter(name: string, interp: Interpreter, args: string[], ctx: CheckContext): void {
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
