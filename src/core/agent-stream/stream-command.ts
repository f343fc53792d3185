// Which agent an agent command runs, and how to ask it for its machine-readable stream when the
// user has not chosen an output format. Checked against each CLI's own --help (Claude Code
// 2.1.332, Codex 0.171.0, Gemini CLI 0.61.0):
// - Claude Code: `--output-format stream-json` works only with -p (--print) and needs --verbose;
//   `--include-partial-messages` adds the API's own events (the output tokens as they grow);
//   `--output-format json` prints the same final `result` object on one line (no live events).
// - Codex: only `codex exec` (alias `e`) runs without a terminal; `--json` prints its events.
// - Gemini CLI: `-o/--output-format stream-json`; its `json` format is one pretty-printed object.
// The flags go right after the program (after `exec` for Codex), never at the end: the prompt is
// appended last, and some options take it as their value (Gemini's `-p`, Claude Code's
// variadic `--allowedTools`). A command that itself ends inside such an option gets `--` after
// it (prompt-separator.ts), so the prompt stays the prompt.
//
// A Claude Code command without `--settings` of its own also gets `--settings
// $SEQUENCER_CLAUDE_SETTINGS`, the attempt's settings file that wires the sequencer's tool hook
// (the tool policy, the command log, and the stop file answered at the next tool call). Claude
// Code 2.1.332 loads it on top of the user's and the project's settings (their hooks and
// permission rules still apply); a second `--settings` would replace the first, so a command
// with its own gets none (preflight refuses it under a tool policy the hook would enforce).
// Not under a wrapper that gives the agent another filesystem (a container, chroot, bwrap): the
// file and the CLI the hook runs are on the runner's (Claude Code stops at "Settings file not
// found").
import { agentProgram, parseAgentCommand } from '../trust/agent-command.js';
import { agentNamed, agentOptionsAt } from './agent-names.js';
import { optionTakingPrompt } from './prompt-separator.js';
import type { StreamAgent } from './types.js';

export interface StreamCommand {
  agent: StreamAgent;
  /** The command to run, without the prompt: with the stream flags added, or as given; `--` last when `closes` is set. */
  argv: string[];
  /** The stream flags added (empty when the user chose an output format, or when none can be). */
  added: string[];
  /** `--settings $SEQUENCER_CLAUDE_SETTINGS` when added (a Claude Code command without settings of its own), else empty; after `added` in argv. */
  hook: string[];
  /** Claude Code's own `--settings` value when it is not the attempt's settings file: the sequencer's hook is not wired. */
  ownSettings?: string;
  /**
   * The option the command ends inside (`--allowedTools` of `claude -p --allowedTools Bash`),
   * which would take the prompt as one of its values: `--` ends the command, before the prompt.
   */
  closes?: string;
  /** Whether the output will be the JSON lines AgentStreamParser reads. */
  parse: boolean;
  /** Why nothing is read, when nothing is. */
  note?: string;
}

/** The value of `--name value` / `--name=value` (any of `names`), or undefined when absent. */
function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    for (const name of names) {
      if (a === name) return args[i + 1] ?? '';
      if (a.startsWith(`${name}=`)) return a.slice(name.length + 1);
    }
  }
  return undefined;
}

function insert(argv: readonly string[], at: number, words: string[]): string[] {
  return [...argv.slice(0, at), ...words, ...argv.slice(at)];
}

export interface StreamOptions {
  /** Whether the attempt writes the hook's settings file (it knows the CLI the hook runs); default true. */
  hook?: boolean;
}

/** The words that give Claude Code the attempt's settings file (filled in by expandAgentVariables). */
export const CLAUDE_HOOK_SETTINGS: readonly string[] = ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'];

/** Wrappers that run the agent on another filesystem, where the settings file and the hook's CLI are not. */
const OTHER_FILESYSTEM = new Set(['docker', 'podman', 'chroot', 'bwrap']);

/**
 * What runs for an agent command (its argv without the prompt): the agent it is, the argv that
 * asks for its stream, and whether that stream will be read. Null for any other program.
 */
export function streamCommand(argv: readonly string[], options: StreamOptions = {}): StreamCommand | null {
  const found = withStreamFlags(argv, options.hook ?? true);
  if (!found) return null;
  const { command, optionsAt } = found;
  const option = optionsAt === null ? null : optionTakingPrompt(command.agent, command.argv.slice(optionsAt));
  return option ? { ...command, argv: [...command.argv, '--'], closes: option } : command;
}

/**
 * The command with `--` after it when the prompt would otherwise be taken as an option's value,
 * without stream flags: for runs whose plain output is read (the plan drafter). The flags go
 * before the user's words, so they change nothing at the end of the command.
 */
export function promptCommand(argv: readonly string[]): string[] {
  return streamCommand(argv)?.closes ? [...argv, '--'] : [...argv];
}

/** Where a prompt goes after an agent command: the command's last `drop` words replaced by `before`, then the prompt, joined to `option` (`--prompt=<prompt>`) when one is given. */
export interface PromptPlace {
  drop: number;
  before: string[];
  option?: string;
}

/** The prompt as the last word, nothing changed: every prompt that does not start with `-`. */
const AS_WRITTEN: PromptPlace = { drop: 0, before: [] };

/**
 * Where a prompt that starts with `-` goes, so the agent reads it as the prompt and not as its
 * options. Claude Code and Codex (`exec`) get `--` before it (Claude Code 2.1.332: "error:
 * unknown option '--x'"; Codex 0.171.0: "unexpected argument '--x' found · to pass '--x' as a
 * value, use '-- --x'"), unless the command already has `--` among the agent's options. Gemini
 * CLI 0.61.0 takes no word that starts with `-` as -p's value ("Not enough arguments following:
 * p"), reads no prompt after `--` ("No input provided via stdin") and reads a positional one as
 * options ("Unknown arguments"), but takes `--prompt=<prompt>`: a command that ends with -p
 * (`--prompt`, `-yp`) has it joined to the prompt, and one without -p gets it (a positional prompt
 * runs headless just the same where there is no terminal, as under the sequencer). Any other
 * prompt, command or program is left as written. Decided per attempt: the prompt is final only
 * then (payloads filled in).
 */
export function dashPromptPlace(argv: readonly string[], prompt: string): PromptPlace {
  if (!prompt.startsWith('-')) return AS_WRITTEN;
  const program = agentProgram(argv);
  const agent = program ? agentNamed(program.name) : null;
  if (!program || !agent) return AS_WRITTEN;
  const args = argv.slice(program.index + 1);
  const at = agentOptionsAt(agent, args);
  if (at === null || args.slice(at).includes('--')) return AS_WRITTEN;
  if (agent !== 'gemini') return { drop: 0, before: ['--'] };
  const last = args[args.length - 1] ?? '';
  if (last === '-p' || last === '--prompt') return { drop: 1, before: [], option: '--prompt' };
  // `-yp`: the flags bundled with it stay.
  if (/^-[A-Za-z]+p$/.test(last)) return { drop: 1, before: [last.slice(0, -1)], option: '--prompt' };
  // A positional prompt; one taken by another option that takes it (`-i`) is left as written.
  const promptOption = args.some((a) => /^(-p|--prompt|-i|--prompt-interactive)(=|$)/.test(a) || /^-[A-Za-z]+[pi]$/.test(a));
  return promptOption ? AS_WRITTEN : { drop: 0, before: [], option: '--prompt' };
}

/** streamCommand before the prompt's place is looked at: the command, and where the agent's own options start in its argv (null when no `--` is put after it). */
function withStreamFlags(argv: readonly string[], hook: boolean): { command: StreamCommand; optionsAt: number | null } | null {
  const program = agentProgram(argv);
  if (!program) return null;
  const after = program.index + 1;
  const args = argv.slice(after);
  const given = [...argv];
  const agent = agentNamed(program.name);

  if (agent === 'claude') {
    const settings = optionValue(args, ['--settings']);
    const wired = hook && settings === undefined && !program.wrappers.some((w) => OTHER_FILESYSTEM.has(w)) ? [...CLAUDE_HOOK_SETTINGS] : [];
    const own = settings !== undefined && !/^\$(SEQUENCER_CLAUDE_SETTINGS|\{SEQUENCER_CLAUDE_SETTINGS\})$/.test(settings) ? { ownSettings: settings } : {};
    const claude = (added: string[], parse: boolean, note?: string): StreamCommand => ({
      agent: 'claude',
      argv: added.length || wired.length ? insert(argv, after, [...added, ...wired]) : given,
      added,
      hook: wired,
      ...own,
      parse,
      ...(note ? { note } : {}),
    });
    const format = optionValue(args, ['--output-format']);
    if (format !== undefined) {
      const parse = format === 'stream-json' || format === 'json';
      return { command: claude([], parse, parse ? undefined : `Claude Code's --output-format ${format} is not read`), optionsAt: after };
    }
    if (!args.includes('-p') && !args.includes('--print')) {
      return { command: claude([], false, 'Claude Code prints a stream only with -p (--print)'), optionsAt: after };
    }
    // Partial messages carry each message's output tokens as they grow: the running count a
    // token budget is followed by while the agent works (without them only input is counted live).
    const added = ['--output-format', 'stream-json', ...(args.includes('--verbose') ? [] : ['--verbose']), ...(args.includes('--include-partial-messages') ? [] : ['--include-partial-messages'])];
    return { command: claude(added, true), optionsAt: after };
  }

  if (agent === 'codex') {
    const at = agentOptionsAt('codex', args);
    if (at === null) {
      return { command: { agent: 'codex', argv: given, added: [], hook: [], parse: false, note: 'Codex prints a stream only as `codex exec`' }, optionsAt: null };
    }
    const optionsAt = after + at;
    const execArgs = args.slice(at);
    if (execArgs.includes('--json') || execArgs.includes('--experimental-json')) return { command: { agent: 'codex', argv: given, added: [], hook: [], parse: true }, optionsAt };
    const added = ['--json'];
    return { command: { agent: 'codex', argv: insert(argv, optionsAt, added), added, hook: [], parse: true }, optionsAt };
  }

  if (agent === 'gemini') {
    const format = optionValue(args, ['-o', '--output-format']);
    if (format !== undefined) {
      const parse = format === 'stream-json';
      return { command: { agent: 'gemini', argv: given, added: [], hook: [], parse, ...(parse ? {} : { note: `Gemini CLI's --output-format ${format} is not read` }) }, optionsAt: null };
    }
    const added = ['--output-format', 'stream-json'];
    return { command: { agent: 'gemini', argv: insert(argv, after, added), added, hook: [], parse: true }, optionsAt: null };
  }
  return null;
}

/** streamCommand of an agent command as written; null when it is no known agent or does not parse. */
function streamCommandOf(command: string): StreamCommand | null {
  try {
    return streamCommand(parseAgentCommand(command, 'agent'));
  } catch {
    return null;
  }
}

/** The agent whose stream the output of an agent command as written is read as; undefined when it is not read. */
export function streamAgentOf(command: string): StreamAgent | undefined {
  const stream = streamCommandOf(command);
  return stream?.parse ? stream.agent : undefined;
}

/** What the sequencer adds to the steps' own agent commands, by step: what the plan hash covers of them. */
export interface PlanAgentAdditions {
  /** The stream flags (`--output-format stream-json …`), for steps that get any. */
  agentStreamFlags?: Record<string, string[]>;
  /** The words that wire the tool hook (`--settings $SEQUENCER_CLAUDE_SETTINGS`), for steps that get them. */
  agentHookSettings?: Record<string, string[]>;
  /** The `--` put before the prompt, for steps whose command ends inside an option that would take it. */
  agentPromptSeparators?: Record<string, string>;
}

/** Each step's own agent command read once; a kind appears only when some step gets it, so other plans keep their hash. */
export function planAgentAdditions(steps: Readonly<Record<string, { agent?: unknown }>>): PlanAgentAdditions {
  const flags: Record<string, string[]> = {};
  const hook: Record<string, string[]> = {};
  const separators: Record<string, string> = {};
  // defineProperty: a step id is the plan's own text, `__proto__` included.
  const put = <T>(into: Record<string, T>, id: string, value: T) => Object.defineProperty(into, id, { value, enumerable: true, writable: true, configurable: true });
  for (const [id, step] of Object.entries(steps)) {
    const command = typeof step.agent === 'string' ? streamCommandOf(step.agent) : null;
    if (!command) continue;
    if (command.added.length) put(flags, id, command.added);
    if (command.hook.length) put(hook, id, command.hook);
    if (command.closes) put(separators, id, '--');
  }
  return {
    ...(Object.keys(flags).length ? { agentStreamFlags: flags } : {}),
    ...(Object.keys(hook).length ? { agentHookSettings: hook } : {}),
    ...(Object.keys(separators).length ? { agentPromptSeparators: separators } : {}),
  };
}
