// The editors and debuggers whose options run commands (`emacs --eval`, `gdb -ex`, `vim -c`): the
// program check (program-check.ts) refuses them like a shell.

/** How an editor or debugger runs commands given on its command line, by program name. */
const CODE_OPTIONS: Array<[RegExp, (args: readonly string[]) => string | null, string]> = [
  // Emacs reads long options with one dash or two, and a value after `=` or as the next word.
  [/^emacs(-\d+(\.\d+)*)?$/, (args) => firstOption(args, (name) => name === 'eval' || name === 'execute'), 'evaluates Lisp, which can run any program'],
  // gdb takes long options with one dash or two, abbreviated to any unambiguous prefix.
  [
    /^gdb(-multiarch)?$/,
    (args) => firstOption(args, (name) => name === 'ex' || name === 'iex' || (name.length >= 2 && 'eval-command'.startsWith(name)) || (name.length >= 6 && 'init-eval-command'.startsWith(name))),
    'runs debugger commands (`shell` runs any program)',
  ],
  [
    /^lldb(-\d+)?$/,
    (args) => firstOption(args, (name, dashes) => (dashes === 1 && /^[oOk]$/.test(name)) || /^one-line(-before-file|-on-crash)?$/.test(name)),
    'runs debugger commands (`platform shell` runs any program)',
  ],
  [/^(vi|vim|nvim|ex|view|vimdiff|gvim|rvim|evim|gview|rview|nvi)$/, vimCommand, 'runs editor commands (`:!` runs any program)'],
];

/** The option with which an editor or debugger would run commands from its command line, or null. */
export function codeOption(name: string, args: readonly string[]): { option: string; why: string } | null {
  for (const [pattern, find, why] of CODE_OPTIONS) {
    if (!pattern.test(name)) continue;
    const option = find(args);
    if (option) return { option, why };
  }
  return null;
}

/** The first option (before `--`) whose name, without dashes and `=value`, `matches`. */
function firstOption(args: readonly string[], matches: (name: string, dashes: number) => boolean): string | null {
  for (const a of args) {
    if (a === '--') return null;
    const m = /^(--?)([^=]+)/.exec(a);
    if (m && matches(m[2] as string, (m[1] as string).length)) return `${m[1]}${m[2]}`;
  }
  return null;
}

/** vim's `-c CMD`, `-cCMD`, `--cmd CMD` and `+CMD` (also `-Nc CMD`: its short options bundle). */
function vimCommand(args: readonly string[]): string | null {
  for (const a of args) {
    if (a === '--') return null;
    if (a === '--cmd' || a.startsWith('--cmd=')) return '--cmd';
    // `+42` only moves to a line.
    if (a.startsWith('+') && !/^\+\d*$/.test(a)) return a;
    if (/^-[A-Za-z]*c/.test(a)) return '-c';
  }
  return null;
}
