// Programs that start another program: in an environment (uv, poetry, pipenv, conda), a
// container (docker, podman) or a sandbox (unshare, bwrap, firejail, systemd-run, run0); a nix
// shell is read by nixCommand (wrapped-command.ts). wrapped-command.ts looks through them to the
// program they start, with their options parsed with their values, so `uv run bash -c`,
// `docker run image sh -c` or `bwrap --bind / / sh -c` are refused like `bash -c`, while
// `uv run my-agent` or `docker run image my-agent` run. Option lists hold the options that take a
// value (the long lists are uv-runner-options.ts, container-runner-options.ts and
// sandbox-runner-options.ts): one missing makes its value look like the program, which refuses a
// harmless command rather than letting a shell through, unless that value happens to be a
// harmless program name.
import { CONTAINER_GLOBALS, CONTAINER_VALUES } from './container-runner-options.js';
import { BWRAP_ONE, BWRAP_TWO, SYSTEMD_RUN_VALUES } from './sandbox-runner-options.js';
import { UV_VALUES } from './uv-runner-options.js';

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

const UV: Wrapper = { value: 'pPCfiw', longValue: UV_VALUES, globalValue: UV_VALUES };

const CONDA: Wrapper = { value: 'npr', longValue: ['--name', '--prefix', '--cwd', '--root-prefix', '--attach', '--label'], subcommands: ['run'] };

/** `docker run|exec` and `podman run|exec`: options, then the image (or container), then the command. */
const CONTAINER: Wrapper = {
  value: 'acehlmpuvw',
  longValue: CONTAINER_VALUES,
  positionals: 1,
  entrypoint: ['--entrypoint'],
  subcommands: ['run', 'exec', 'container run', 'container exec'],
  globalValue: CONTAINER_GLOBALS,
};

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
