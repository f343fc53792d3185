// Which agent an agent command runs (looking through wrappers such as timeout, env and npx),
// and the flags that ask it for its machine-readable stream when the user chose no output
// format: inserted right after the program (after `exec` for Codex), never at the end, where
// the prompt goes and where an option could take the prompt as its value.
import { describe, expect, it } from 'vitest';
import { streamCommand } from '../../src/core/agent-stream/stream-command.js';
import { agentProgram, parseAgentCommand } from '../../src/core/trust/agent-command.js';

const argv = (text: string): string[] => parseAgentCommand(text, 'test');

describe('streamCommand', () => {
  it.each([
    // Claude Code
    ['claude -p', 'claude', 'claude --output-format stream-json --verbose --include-partial-messages -p'],
    [
      'claude -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS',
      'claude',
      'claude --output-format stream-json --verbose --include-partial-messages -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS',
    ],
    ['claude --print --verbose --allowedTools Bash', 'claude', 'claude --output-format stream-json --include-partial-messages --print --verbose --allowedTools Bash'],
    ['/opt/tools/claude -p', 'claude', '/opt/tools/claude --output-format stream-json --verbose --include-partial-messages -p'],
    ['timeout 3600 claude -p', 'claude', 'timeout 3600 claude --output-format stream-json --verbose --include-partial-messages -p'],
    ['npx -y @anthropic-ai/claude-code@2.1.332 -p', 'claude', 'npx -y @anthropic-ai/claude-code@2.1.332 --output-format stream-json --verbose --include-partial-messages -p'],
    ['env CLAUDE_CODE_MAX_OUTPUT_TOKENS=8000 claude -p', 'claude', 'env CLAUDE_CODE_MAX_OUTPUT_TOKENS=8000 claude --output-format stream-json --verbose --include-partial-messages -p'],
    // Codex
    ['codex exec --sandbox workspace-write', 'codex', 'codex exec --json --sandbox workspace-write'],
    ['codex -c model="gpt-5.5" -m gpt-5.5 exec', 'codex', 'codex -c model=gpt-5.5 -m gpt-5.5 exec --json'],
    ['codex e --sandbox workspace-write', 'codex', 'codex e --json --sandbox workspace-write'],
    ['npx @openai/codex exec', 'codex', 'npx @openai/codex exec --json'],
    // Gemini CLI: its -p takes the prompt as its value, so the flags go before it.
    ['gemini --yolo -p', 'gemini', 'gemini --output-format stream-json --yolo -p'],
    ['gemini -m gemini-2.5-pro -p', 'gemini', 'gemini --output-format stream-json -m gemini-2.5-pro -p'],
    ['npx @google/gemini-cli -y -p', 'gemini', 'npx @google/gemini-cli --output-format stream-json -y -p'],
  ] as const)('%s → %s stream: %s', (command, agent, expected) => {
    const got = streamCommand(argv(command));
    expect(got).toMatchObject({ agent, parse: true });
    expect(got?.argv.join(' ')).toBe(expected);
    expect(got?.added.length).toBeGreaterThan(0);
  });

  it.each([
    // The user chose: nothing is added; what can be read is read.
    ['claude -p --output-format stream-json --verbose', 'claude', true],
    ['claude -p --output-format=json', 'claude', true],
    ['claude -p --output-format text', 'claude', false],
    ['codex exec --json', 'codex', true],
    ['codex exec --experimental-json', 'codex', true],
    ['gemini -o stream-json -p', 'gemini', true],
    ['gemini --output-format=json -p', 'gemini', false],
    ['gemini -o text -p', 'gemini', false],
    // No stream to ask for: Claude Code without -p is interactive; only `codex exec` streams.
    ['claude', 'claude', false],
    ['codex --sandbox workspace-write', 'codex', false],
    ['codex review', 'codex', false],
  ] as const)('%s: left as given (%s, read: %s)', (command, agent, parse) => {
    const got = streamCommand(argv(command));
    expect(got).toMatchObject({ agent, parse, added: [] });
    expect(got?.argv).toEqual(argv(command));
    if (!parse) expect(got?.note).toBeTruthy();
  });

  it.each(['./scripts/agent.py', 'openclaw agent --message', 'aider --yes', 'node agent.mjs', 'claudette -p', 'codex-helper exec'])('%s is no agent whose stream we read', (command) => {
    expect(streamCommand(argv(command))).toBeNull();
  });

  it('the prompt appended after the flags is still the last argument, outside every option', () => {
    const got = streamCommand(argv('claude -p --allowedTools Bash Edit')) as { argv: string[] };
    const withPrompt = [...got.argv, 'Do the step.'];
    // --allowedTools takes several values: our flags did not land among them.
    expect(withPrompt.slice(withPrompt.indexOf('--allowedTools'))).toEqual(['--allowedTools', 'Bash', 'Edit', 'Do the step.']);
    expect(withPrompt.indexOf('--output-format')).toBeLessThan(withPrompt.indexOf('--allowedTools'));
  });
});

describe('agentProgram', () => {
  it.each([
    ['claude -p', 0, 'claude'],
    ['timeout -s KILL 600 claude -p', 4, 'claude'],
    ['env A=1 B=2 nice -n 5 codex exec', 6, 'codex'],
    ['npm exec -y @google/gemini-cli -- -p', 3, 'gemini-cli'],
    ['sudo -u agent /usr/local/bin/claude -p', 3, 'claude'],
  ] as const)('%s: the program is word %d (%s)', (command, index, name) => {
    expect(agentProgram(argv(command))).toEqual({ index, name });
  });
});
