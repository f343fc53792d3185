// An agent command in the proposal as it will run: the sequencer may add flags that ask the agent
// for its stream, the settings file that wires its tool hook into Claude Code, or `--` before the
// prompt, and the approver sees what runs.
import { streamCommand } from '../agent-stream/stream-command.js';
import { commandLine } from '../guard/tool-policy.js';
import { parseAgentCommand } from '../trust/agent-command.js';
import { inline } from './untrusted-text.js';
import { fullFence } from './proposal-blocks.js';

/**
 * The command as it runs when the sequencer adds flags that ask the agent for its stream (Claude
 * Code, Codex, Gemini CLI with no output format chosen), the attempt's settings file (Claude Code
 * without `--settings` of its own), or `--` before the prompt (a command that ends inside an
 * option that would take the prompt as its value): what runs is what is shown. A Claude Code
 * command with settings of its own is told that the sequencer's hook is not wired.
 */
export function runsAs(command: string): string {
  let words: string[];
  try {
    words = parseAgentCommand(command, 'agent');
  } catch {
    return '';
  }
  const stream = streamCommand(words);
  if (!stream) return '';
  // Its own settings are a word of the command as written: shown as inert text.
  const unwired =
    stream.ownSettings !== undefined
      ? `\n\nThe command gives Claude Code its own \`--settings\` (${inline(stream.ownSettings, 100)}), so the sequencer's tool hook is not wired: a tool policy (\`via: hook\`) is refused before the step runs, no tool calls are logged, and a cancel, time limit or spent budget reaches the agent only as SIGTERM after the stop grace; pass \`--settings $SEQUENCER_CLAUDE_SETTINGS\` or leave it out.`
      : '';
  if (!stream.added.length && !stream.hook.length && !stream.closes) return unwired;
  // Words as they were written where they can be (`$SEQUENCER_CLAUDE_SETTINGS` stays a reference), quoted otherwise.
  const line = stream.argv.map((w) => (/^[^\s'"\\`]+$/.test(w) ? w : commandLine([w]))).join(' ');
  const flags = stream.added.length ? `adds \`${stream.added.join(' ')}\` to read the agent's progress, tokens and cost as it works` : '';
  const hook = stream.hook.length
    ? `adds \`${stream.hook.join(' ')}\`, the attempt's settings file that wires its tool hook (the tool policy, the command log, and a stop answered at the next tool call)`
    : '';
  // The option is a word of the command as written: shown as inert text, not in a code span.
  const separator = stream.closes ? `puts \`--\` before the prompt, which the command's last option (${inline(stream.closes, 100)}) would otherwise take as its value` : '';
  const what = [flags, hook, separator].filter(Boolean);
  const said = what.length > 1 ? `${what.slice(0, -1).join(', ')}, and ${what.at(-1) as string}` : what.join('');
  return `\n\nThe sequencer ${said}, so it runs as:\n\n${fullFence(line)}${unwired}`;
}
