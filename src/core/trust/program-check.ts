// Whether a command's program would bring a shell, or code written inline, back in: shells and the
// programs that hand their command to one, programs whose first argument is a program, then
// through wrappers (wrapped-command.ts) to the program they start, and the options of git
// (git-check.ts), editors and debuggers (editor-code-options.ts) and interpreters
// (interpreter-check.ts) that run code. agent-command.ts says why this is defence in depth.
import { showValue } from '../errors.js';
import { WRAPPERS } from './command-runners.js';
import { codeOption } from './editor-code-options.js';
import { checkGit } from './git-check.js';
import { checkInterpreter, INTERPRETERS } from './interpreter-check.js';
import { nixCommand, wrappedCommand, wrapperArgs } from './wrapped-command.js';

export type Fail = (why: string) => never;

export interface CheckContext {
  fail: Fail;
  /** What to do instead, appended to refusals. */
  hint: string;
  /** The prompt is appended as the last argument (agent commands; not check commands). */
  prompt: boolean;
}

/** True when the command names a file by path (relative or absolute) rather than a PATH lookup. */
export function isPathLike(cmd: string): boolean {
  return /[\\/]/.test(cmd) || /^[A-Za-z]:/.test(cmd);
}

export function programName(word: string): string {
  const base = word.split(/[\\/]/).pop() ?? word;
  return base.toLowerCase().replace(/\.(exe|cmd|bat|com)$/, '');
}

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

export function checkProgram(argv: string[], ctx: CheckContext): void {
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
