// The program a wrapper starts (`env X=1 prog`, `timeout -s KILL 60 prog`, `docker run IMAGE
// prog`): its options are read with their values (command-runners.ts says which take one), and the
// options that make the wrapper run a shell itself are refused. Also what `nix develop -c` and
// `nix shell -c` run.
import type { Wrapper } from './command-runners.js';
import type { CheckContext } from './program-check.js';

/**
 * The wrapper's own arguments, after its subcommand when it has some (`npm exec`, `uv tool run`,
 * `docker --context x run`), or the program a subcommand stands for (`yarn node`); null when
 * it is not used as a wrapper (`npm test`, `bun agent.ts`).
 */
export function wrapperArgs(w: Wrapper, args: string[]): { args: string[]; alias?: string } | null {
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
export function wrappedCommand(name: string, w: Wrapper, args: string[], ctx: CheckContext): string[] {
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
