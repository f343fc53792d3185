// The ways git runs commands it was given: configuration (aliases, pager, hooks), another folder
// of subcommands, and the subcommands that run a command of their own.
import type { CheckContext } from './program-check.js';

/** Options and subcommands with which git runs commands it was given (config, aliases, hooks). */
export function checkGit(args: string[], ctx: CheckContext): void {
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
