// Which agent a program is (by the name agentProgram finds: `claude`, or `claude-code` for
// `npx @anthropic-ai/claude-code`), and where its own options start in the words after it: right
// after the program, after `exec` for Codex (whose other subcommands run no prompt we append).
// Kept apart from stream-command.ts so the agent command's parser can ask it without a cycle.
import type { StreamAgent } from './types.js';

const NAMES: Readonly<Record<string, StreamAgent>> = { claude: 'claude', 'claude-code': 'claude', codex: 'codex', gemini: 'gemini', 'gemini-cli': 'gemini' };

/** Codex options before its subcommand that take a value as the next word. */
const CODEX_GLOBAL_VALUES = new Set([
  '-c',
  '--config',
  '--enable',
  '--disable',
  '-i',
  '--image',
  '-m',
  '--model',
  '--local-provider',
  '-p',
  '--profile',
  '-s',
  '--sandbox',
  '-a',
  '--ask-for-approval',
  '-C',
  '--cd',
  '--add-dir',
  '--remote',
  '--remote-auth-token-env',
]);

/** The agent a program name is, or null. */
export function agentNamed(name: string): StreamAgent | null {
  return Object.hasOwn(NAMES, name) ? (NAMES[name] as StreamAgent) : null;
}

/**
 * Where the agent's own options start in `args` (the words after the program): 0, or the word
 * after `codex exec` (`e`); null for Codex without `exec`, whose prompt is no concern of ours.
 */
export function agentOptionsAt(agent: StreamAgent, args: readonly string[]): number | null {
  if (agent !== 'codex') return 0;
  const sub = codexSubcommandAt(args);
  return args[sub] === 'exec' || args[sub] === 'e' ? sub + 1 : null;
}

/** The index in `args` of Codex's subcommand: the first word after its global options and their values. */
function codexSubcommandAt(args: readonly string[]): number {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('-')) break;
    if (CODEX_GLOBAL_VALUES.has(a)) i++;
  }
  return i;
}
