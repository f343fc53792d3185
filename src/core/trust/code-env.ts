// Environment variables a plan's `env` may not set, whoever wrote the plan: each makes a process
// run or load code that is not the program it was asked to run (an interpreter's start-up file,
// a library preloaded by the dynamic loader, a module found first on a search path), or names a
// program other programs start, or moves the configuration files programs read (which name
// commands of their own: git's aliases and hooks, npm's script shell). `env` is shown in the
// proposal as data; these would make it code the approver did not see. Names compare without
// regard to case, as Windows reads them. Not a complete list (see agent-command.ts): the workflow
// file stays the place for such settings. The runner's command files (runner-files.ts) are
// refused too: the agent never gets them, and a plan may not give them back.
import { isRunnerFileVariable, RUNNER_FILE_REASON } from './runner-files.js';

const LOADER = 'makes the dynamic loader load other code into every process';
const STARTUP = 'runs code when an interpreter starts';
const SEARCH = 'changes where programs or modules are looked up, so other code runs under their names';
const CONFIG = 'changes which configuration files programs read, and those can name commands to run';
const LAUNCH = 'names a program that other programs start';
const SHELL = 'changes what shells run';

const EXACT: Record<string, string> = {
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
  ELECTRON_RUN_AS_NODE: 'turns an Electron app into Node.js, which then runs code it is given',
  PYTHONPATH: SEARCH,
  PYTHONHOME: SEARCH,
  PYTHONUSERBASE: SEARCH,
  PYTHONSTARTUP: STARTUP,
  PYTHONWARNINGS: 'imports modules named in it when Python starts',
  PYTHONBREAKPOINT: 'imports the code breakpoint() calls',
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
  GOFLAGS: 'adds flags to every go command (-toolexec runs a program)',
  MAKEFLAGS: 'adds options to every make (--eval runs make code)',
};

const PREFIXES: Array<[string, string]> = [
  ['LD_', LOADER],
  ['DYLD_', LOADER],
  ['CORECLR_', LOADER],
  ['GIT_', 'configures git: its commands, hooks, configuration and credentials'],
  ['NPM_CONFIG_', 'configures npm, including the shell its scripts run in'],
  ['LUA_INIT', STARTUP],
  ['LUA_PATH', SEARCH],
  ['LUA_CPATH', SEARCH],
];

/** Why a plan may not set this variable, or null when it may. */
export function codeEnvReason(name: string): string | null {
  const upper = name.toUpperCase();
  if (isRunnerFileVariable(upper)) return RUNNER_FILE_REASON;
  if (Object.hasOwn(EXACT, upper)) return EXACT[upper] ?? null;
  for (const [prefix, why] of PREFIXES) if (upper.startsWith(prefix)) return why;
  return null;
}
