// Programs that start another program: in an environment (uv, poetry, pipenv, conda), a
// container (docker, podman), a sandbox (unshare, bwrap, firejail, systemd-run, run0) or a nix
// shell. agent-command.ts looks through them to the program they start, with their options
// parsed with their values, so `uv run bash -c`, `docker run image sh -c` or
// `bwrap --bind / / sh -c` are refused like `bash -c`, while `uv run my-agent` or
// `docker run image my-agent` run. Also the editors and debuggers whose options run commands
// (`emacs --eval`, `gdb -ex`, `vim -c`). Option lists hold the options that take a value: one
// missing makes its value look like the program, which refuses a harmless command rather than
// letting a shell through, unless that value happens to be a harmless program name.

/** How to find the program a wrapper runs (`env X=1 prog`, `timeout -s KILL 60 prog`). */
export interface Wrapper {
  /** Short options whose value follows, attached or as the next word. */
  value?: string;
  /** Short options whose value can only be attached (`xargs -i{}`). */
  attachedOnly?: string;
  /** Long options whose value is the next word unless given as `--opt=value`. */
  longValue?: string[];
  /** Long options that take two values (`bwrap --bind SRC DEST`). */
  longValue2?: string[];
  /** Words between the options and the program (`timeout DURATION`, `flock FILE`, `docker run IMAGE`). */
  positionals?: number;
  /** `NAME=value` words before the program set variables (`env`, `sudo`). */
  assignments?: boolean;
  /** Options that make the wrapper run a shell or code itself, with why. */
  refuse?: Record<string, string>;
  /** The one value that makes a refused option harmless (`firejail --shell=none`). */
  harmless?: Record<string, string>;
  /** A wrapper only as one of these subcommands (`npm exec`, `uv tool run`); anything else is the program itself. */
  subcommands?: string[];
  /** Options that may come before the subcommand and take a value (`uv --directory DIR run`). */
  globalValue?: string[];
  /** Subcommands that are another program (`yarn node` is node). */
  aliases?: Record<string, string>;
  /** An option whose value replaces the program (`docker run --entrypoint sh IMAGE -c …`). */
  entrypoint?: string[];
  /** The program is a package name, maybe with a version (`npx pkg@1.2`). */
  packageName?: boolean;
}

const VIA_SHELL = 'runs its command through a shell';
const PACKAGE_RUNNER: Wrapper = { value: 'p', longValue: ['--package'], refuse: { '-c': VIA_SHELL, '--call': VIA_SHELL, '--shell-mode': VIA_SHELL }, packageName: true };

/** uv's options that take a value (`uv run`, `uv tool run`, `uvx`, and the global ones before the subcommand). */
const UV_VALUES = [
  '--with',
  '--with-editable',
  '--with-requirements',
  '--from',
  '--extra',
  '--group',
  '--no-group',
  '--only-group',
  '--env-file',
  '--package',
  '--python',
  '--index',
  '--default-index',
  '--index-url',
  '--extra-index-url',
  '--find-links',
  '--upgrade-package',
  '--reinstall-package',
  '--refresh-package',
  '--index-strategy',
  '--keyring-provider',
  '--resolution',
  '--prerelease',
  '--fork-strategy',
  '--exclude-newer',
  '--exclude-newer-package',
  '--config-setting',
  '--config-settings-package',
  '--no-build-isolation-package',
  '--link-mode',
  '--no-build-package',
  '--no-binary-package',
  '--python-platform',
  '--directory',
  '--project',
  '--config-file',
  '--cache-dir',
  '--color',
  '--allow-insecure-host',
  '--python-preference',
];
const UV: Wrapper = { value: 'pPCfiw', longValue: UV_VALUES, globalValue: UV_VALUES };

const CONDA: Wrapper = { value: 'npr', longValue: ['--name', '--prefix', '--cwd', '--root-prefix', '--attach', '--label'], subcommands: ['run'] };

/** `docker run|exec` and `podman run|exec`: options, then the image (or container), then the command. */
const CONTAINER_VALUES = [
  '--add-host',
  '--annotation',
  '--attach',
  '--blkio-weight',
  '--blkio-weight-device',
  '--cap-add',
  '--cap-drop',
  '--cgroup-parent',
  '--cgroupns',
  '--cgroups',
  '--cgroup-conf',
  '--cidfile',
  '--conmon-pidfile',
  '--cpu-count',
  '--cpu-percent',
  '--cpu-period',
  '--cpu-quota',
  '--cpu-rt-period',
  '--cpu-rt-runtime',
  '--cpu-shares',
  '--cpus',
  '--cpuset-cpus',
  '--cpuset-mems',
  '--detach-keys',
  '--device',
  '--device-cgroup-rule',
  '--device-read-bps',
  '--device-read-iops',
  '--device-write-bps',
  '--device-write-iops',
  '--dns',
  '--dns-opt',
  '--dns-option',
  '--dns-search',
  '--domainname',
  '--env',
  '--env-file',
  '--expose',
  '--gidmap',
  '--gpus',
  '--group-add',
  '--group-entry',
  '--health-cmd',
  '--health-interval',
  '--health-retries',
  '--health-start-interval',
  '--health-start-period',
  '--health-timeout',
  '--health-on-failure',
  '--hostname',
  '--hostuser',
  '--image-volume',
  '--init-path',
  '--ip',
  '--ip6',
  '--ipc',
  '--isolation',
  '--kernel-memory',
  '--label',
  '--label-file',
  '--link',
  '--link-local-ip',
  '--log-driver',
  '--log-opt',
  '--mac-address',
  '--memory',
  '--memory-reservation',
  '--memory-swap',
  '--memory-swappiness',
  '--mount',
  '--name',
  '--net',
  '--net-alias',
  '--network',
  '--network-alias',
  '--oom-score-adj',
  '--os',
  '--arch',
  '--variant',
  '--passwd-entry',
  '--personality',
  '--pid',
  '--pidfile',
  '--pids-limit',
  '--platform',
  '--pod',
  '--pod-id-file',
  '--preserve-fds',
  '--publish',
  '--pull',
  '--requires',
  '--restart',
  '--retry',
  '--retry-delay',
  '--runtime',
  '--sdnotify',
  '--seccomp-policy',
  '--secret',
  '--security-opt',
  '--shm-size',
  '--shm-size-systemd',
  '--stop-signal',
  '--stop-timeout',
  '--storage-opt',
  '--subgidname',
  '--subuidname',
  '--sysctl',
  '--timeout',
  '--tmpfs',
  '--tz',
  '--uidmap',
  '--ulimit',
  '--umask',
  '--unsetenv',
  '--user',
  '--userns',
  '--uts',
  '--volume',
  '--volume-driver',
  '--volumes-from',
  '--workdir',
  '--authfile',
  '--cert-dir',
  '--creds',
  '--decryption-key',
  '--chrootdirs',
  '--env-merge',
  '--hooks-dir',
];
/** Options before `run`/`exec`: docker's and podman's global ones that take a value. */
const CONTAINER_GLOBALS = [
  '--context',
  '-c',
  '--config',
  '--host',
  '-H',
  '--log-level',
  '-l',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
  '--connection',
  '--url',
  '--identity',
  '--root',
  '--runroot',
  '--storage-driver',
  '--storage-opt',
  '--cgroup-manager',
  '--events-backend',
  '--network-cmd-path',
  '--network-config-dir',
  '--module',
  '--conmon',
  '--runtime',
  '--tmpdir',
  '--volumepath',
  '--imagestore',
];
const CONTAINER: Wrapper = {
  value: 'acehlmpuvw',
  longValue: CONTAINER_VALUES,
  positionals: 1,
  entrypoint: ['--entrypoint'],
  subcommands: ['run', 'exec', 'container run', 'container exec'],
  globalValue: CONTAINER_GLOBALS,
};

const BWRAP_ONE = [
  '--remount-ro',
  '--tmpfs',
  '--proc',
  '--dev',
  '--mqueue',
  '--dir',
  '--unsetenv',
  '--chdir',
  '--uid',
  '--gid',
  '--hostname',
  '--lock-file',
  '--sync-fd',
  '--info-fd',
  '--json-status-fd',
  '--block-fd',
  '--userns-block-fd',
  '--seccomp',
  '--add-seccomp-fd',
  '--exec-label',
  '--file-label',
  '--userns',
  '--userns2',
  '--pidns',
  '--args',
  '--cap-add',
  '--cap-drop',
  '--perms',
  '--size',
  '--argv0',
];
const BWRAP_TWO = [
  '--bind',
  '--bind-try',
  '--ro-bind',
  '--ro-bind-try',
  '--dev-bind',
  '--dev-bind-try',
  '--symlink',
  '--setenv',
  '--chmod',
  '--bind-data',
  '--ro-bind-data',
  '--file',
  '--overlay-src',
];

const SYSTEMD_RUN_VALUES = [
  '--unit',
  '--property',
  '--description',
  '--slice',
  '--uid',
  '--gid',
  '--nice',
  '--working-directory',
  '--setenv',
  '--machine',
  '--host',
  '--on-active',
  '--on-boot',
  '--on-startup',
  '--on-unit-active',
  '--on-unit-inactive',
  '--on-calendar',
  '--timer-property',
  '--path-property',
  '--socket-property',
  '--service-type',
  '--capsule',
  '--user-unit',
];

/** Wrappers looked through to the program they run; a wrapper with no program is refused when the prompt would become it. */
export const WRAPPERS: Record<string, Wrapper> = {
  env: {
    value: 'uCPa',
    longValue: ['--unset', '--chdir', '--argv0'],
    assignments: true,
    refuse: { '-S': 'splits its argument like a shell would', '--split-string': 'splits its argument like a shell would' },
  },
  nohup: {},
  nice: { value: 'n', longValue: ['--adjustment'] },
  timeout: { value: 'sk', longValue: ['--signal', '--kill-after'], positionals: 1 },
  setsid: {},
  stdbuf: { value: 'ioe', longValue: ['--input', '--output', '--error'] },
  time: { value: 'fo', longValue: ['--format', '--output'] },
  command: {},
  sudo: {
    value: 'uUgphCDRTrt',
    longValue: ['--user', '--group', '--other-user', '--host', '--prompt', '--close-from', '--chdir', '--chroot', '--command-timeout', '--role', '--type'],
    assignments: true,
    refuse: { '-s': 'runs a shell', '--shell': 'runs a shell', '-i': 'runs a login shell', '--login': 'runs a login shell', '-e': 'runs an editor', '--edit': 'runs an editor' },
  },
  doas: { value: 'uC', refuse: { '-s': 'runs a shell' } },
  xargs: {
    value: 'adEILnPs',
    attachedOnly: 'eil',
    longValue: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
  },
  ionice: { value: 'cnpPu' },
  chrt: { longValue: ['--sched-runtime', '--sched-period', '--sched-deadline'], value: 'TPD', positionals: 1 },
  taskset: { positionals: 1 },
  flock: { value: 'wE', longValue: ['--timeout', '--wait', '--conflict-exit-code'], positionals: 1, refuse: { '-c': 'runs its command through sh -c', '--command': 'runs its command through sh -c' } },
  chroot: { positionals: 1 },
  unbuffer: {},
  npx: PACKAGE_RUNNER,
  bunx: PACKAGE_RUNNER,
  npm: { ...PACKAGE_RUNNER, subcommands: ['exec', 'x'] },
  pnpm: { ...PACKAGE_RUNNER, subcommands: ['dlx', 'exec'] },
  yarn: { ...PACKAGE_RUNNER, subcommands: ['dlx', 'exec'], aliases: { node: 'node' } },
  // Only `bun x`: `bun run` and the rest are bun the interpreter.
  bun: { ...PACKAGE_RUNNER, subcommands: ['x'] },
  uv: { ...UV, subcommands: ['run', 'tool run'] },
  uvx: { ...UV, packageName: true },
  poetry: { value: 'CP', longValue: ['--directory', '--project'], subcommands: ['run'], globalValue: ['-C', '--directory', '-P', '--project'] },
  pipenv: { longValue: ['--python', '--pypi-mirror'], subcommands: ['run'], globalValue: ['--python', '--pypi-mirror'] },
  conda: CONDA,
  mamba: CONDA,
  micromamba: CONDA,
  docker: CONTAINER,
  podman: CONTAINER,
  unshare: {
    value: 'SGRw',
    longValue: ['--setuid', '--setgid', '--root', '--wd', '--propagation', '--setgroups', '--map-user', '--map-group', '--map-users', '--map-groups'],
  },
  bwrap: { longValue: BWRAP_ONE, longValue2: BWRAP_TWO },
  firejail: {
    refuse: { '--shell': 'runs its command through that shell' },
    harmless: { '--shell': 'none' },
  },
  'systemd-run': { value: 'puMHEC', longValue: SYSTEMD_RUN_VALUES, refuse: { '-S': 'runs a shell', '--shell': 'runs a shell' } },
  run0: { value: 'ugD', longValue: ['--user', '--group', '--nice', '--chdir', '--setenv', '--property', '--description', '--slice', '--unit', '--machine', '--background'] },
};

type Refuse = (what: string, why: string) => never;

/**
 * `nix develop` and `nix shell` run what follows `-c`/`--command` (directly, so it is looked
 * through); without it they start a shell. Returns the command, or null for other nix commands.
 */
export function nixCommand(args: readonly string[], refuse: Refuse): string[] | null {
  // Looked for by name: global options before it may take values (`--option flake false`).
  const sub = args.find((a) => a === 'develop' || a === 'shell');
  if (sub === undefined) return null;
  const at = args.findIndex((a) => a === '-c' || a === '--command');
  if (at < 0) refuse(`nix ${sub} without -c/--command`, 'starts a shell');
  return args.slice(at + 1);
}

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
