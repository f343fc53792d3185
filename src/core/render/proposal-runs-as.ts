// An agent command in the proposal as it will run: the sequencer may add flags that ask the agent
// for its stream, or `--` before the prompt, and the approver sees what runs.
import { streamCommand } from '../agent-stream/stream-command.js';
import { commandLine } from '../guard/tool-policy.js';
import { parseAgentCommand } from '../trust/agent-command.js';
import { inline } from './untrusted-text.js';
import { fullFence } from './proposal-blocks.js';

/**
 * The command as it runs when the sequencer adds flags that ask the agent for its stream (Claude
 * Code, Codex, Gemini CLI with no output format chosen), or `--` before the prompt (a command that
 * ends inside an option that would take the prompt as its value): what runs is what is shown.
 */
export function runsAs(command: string): string {
  let words: string[];
  try {
    words = parseAgentCommand(command, 'agent');
  } catch {
    return '';
  }
  const stream = streamCommand(words);
  if (!stream?.added.length && !stream?.closes) return '';
  // Words as they were written where they can be (`$SEQUENCER_CLAUDE_SETTINGS` stays a reference), quoted otherwise.
  const line = stream.argv.map((w) => (/^[^\s'"\\`]+$/.test(w) ? w : commandLine([w]))).join(' ');
  const flags = stream.added.length ? `adds \`${stream.added.join(' ')}\` to read the agent's progress, tokens and cost as it works` : '';
  // The option is a word of the command as written: shown as inert text, not in a code span.
  const separator = stream.closes ? `puts \`--\` before the prompt, which the command's last option (${inline(stream.closes, 100)}) would otherwise take as its value` : '';
  return `\n\nThe sequencer ${[flags, separator].filter(Boolean).join(', and ')}, so it runs as:\n\n${fullFence(line)}`;
}
