// Which agent an agent command runs (looking through wrappers such as timeout, env and npx),
// and the flags that ask it for its machine-readable stream when the user chose no output
// format: inserted right after the program (after `exec` for Codex), never at the end, where
// the prompt goes and where an option could take the prompt as its value. Claude Code also gets
// the attempt's settings file that wires the tool hook, unless it has settings of its own.
import { describe, expect, it } from 'vitest';
import { dashPromptPlace, promptCommand, streamCommand } from '../../src/core/agent-stream/stream-command.js';
import { agentProgram, parseAgentCommand } from '../../src/core/trust/agent-command.js';

const argv = (text: string): string[] => parseAgentCommand(text, 'test');

describe('streamCommand', () => {
  it.each([
    // Claude Code
    ['claude -p', 'claude', 'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p'],
    [
      'claude -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS',
      'claude',
      'claude --output-format stream-json --verbose --include-partial-messages -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS',
    ],
    [
      'claude --print --verbose --allowedTools Bash',
      'claude',
      'claude --output-format stream-json --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS --print --verbose --allowedTools Bash --',
    ],
    ['/opt/tools/claude -p', 'claude', '/opt/tools/claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p'],
    ['timeout 3600 claude -p', 'claude', 'timeout 3600 claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p'],
    [
      'npx -y @anthropic-ai/claude-code@2.1.332 -p',
      'claude',
      'npx -y @anthropic-ai/claude-code@2.1.332 --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p',
    ],
    [
      'env CLAUDE_CODE_MAX_OUTPUT_TOKENS=8000 claude -p',
      'claude',
      'env CLAUDE_CODE_MAX_OUTPUT_TOKENS=8000 claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p',
    ],
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
    ['claude -p --output-format stream-json --verbose --settings $SEQUENCER_CLAUDE_SETTINGS', 'claude', true],
    ['claude -p --output-format=json --settings=${SEQUENCER_CLAUDE_SETTINGS}', 'claude', true],
    ['claude -p --output-format text --settings $SEQUENCER_CLAUDE_SETTINGS', 'claude', false],
    ['codex exec --json', 'codex', true],
    ['codex exec --experimental-json', 'codex', true],
    ['gemini -o stream-json -p', 'gemini', true],
    ['gemini --output-format=json -p', 'gemini', false],
    ['gemini -o text -p', 'gemini', false],
    // No stream to ask for: Claude Code without -p is interactive; only `codex exec` streams.
    ['claude --settings $SEQUENCER_CLAUDE_SETTINGS', 'claude', false],
    ['codex --sandbox workspace-write', 'codex', false],
    ['codex review', 'codex', false],
  ] as const)('%s: left as given (%s, read: %s)', (command, agent, parse) => {
    const got = streamCommand(argv(command));
    expect(got).toMatchObject({ agent, parse, added: [], hook: [] });
    expect(got?.ownSettings).toBeUndefined();
    expect(got?.argv).toEqual(argv(command));
    if (!parse) expect(got?.note).toBeTruthy();
  });

  it.each([
    // Claude Code without settings of its own gets the attempt's, whatever its output format.
    ['claude -p --output-format stream-json --verbose', 'claude --settings $SEQUENCER_CLAUDE_SETTINGS -p --output-format stream-json --verbose'],
    ['claude', 'claude --settings $SEQUENCER_CLAUDE_SETTINGS'],
    ['timeout 600 claude -p --output-format json', 'timeout 600 claude --settings $SEQUENCER_CLAUDE_SETTINGS -p --output-format json'],
  ])('%s: only the hook settings are added: %s', (command, expected) => {
    const got = streamCommand(argv(command));
    expect(got).toMatchObject({ agent: 'claude', added: [], hook: ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'] });
    expect(got?.argv.join(' ')).toBe(expected);
  });

  it.each([
    // Claude Code reads only the last --settings: a command with its own gets none, and says so.
    ['claude -p --settings team.json', 'team.json'],
    [`claude -p --settings='{"hooks":{}}'`, '{"hooks":{}}'],
    ['claude -p --output-format stream-json --settings /etc/claude.json', '/etc/claude.json'],
  ])('%s: its own settings (%s) are kept, and no hook is wired', (command, own) => {
    const got = streamCommand(argv(command));
    expect(got).toMatchObject({ agent: 'claude', hook: [], ownSettings: own });
    expect(got?.argv.filter((w) => w.startsWith('--settings'))).toHaveLength(1);
  });

  it.each([
    // The settings file and the CLI the hook runs are on the runner's filesystem, not the container's.
    'docker run --rm -i img claude -p',
    'podman run img claude -p',
    'bwrap --ro-bind / / claude -p',
  ])('%s: run on another filesystem, it gets no settings file', (command) => {
    const got = streamCommand(argv(command));
    expect(got).toMatchObject({ agent: 'claude', hook: [], parse: true });
    expect(got?.argv).not.toContain('--settings');
  });

  it('gets no settings file when the attempt writes none (the CLI the hook runs is unknown)', () => {
    expect(streamCommand(argv('claude -p'), { hook: false })).toMatchObject({ hook: [], argv: argv('claude --output-format stream-json --verbose --include-partial-messages -p') });
  });

  it.each(['./scripts/agent.py', 'openclaw agent --message', 'aider --yes', 'node agent.mjs', 'claudette -p', 'codex-helper exec'])('%s is no agent whose stream we read', (command) => {
    expect(streamCommand(argv(command))).toBeNull();
  });

  it('the prompt appended after the flags is still the last argument, outside every option', () => {
    const got = streamCommand(argv('claude -p --allowedTools Bash Edit')) as { argv: string[] };
    const withPrompt = [...got.argv, 'Do the step.'];
    // --allowedTools takes several values: our flags did not land among them, and `--` ends them
    // before the prompt, so the prompt is not read as a third tool.
    expect(withPrompt.slice(withPrompt.indexOf('--allowedTools'))).toEqual(['--allowedTools', 'Bash', 'Edit', '--', 'Do the step.']);
    expect(withPrompt.indexOf('--output-format')).toBeLessThan(withPrompt.indexOf('--allowedTools'));
    // --settings takes one value: the settings file, and nothing of the user's words.
    expect(withPrompt.slice(withPrompt.indexOf('--settings'), withPrompt.indexOf('--settings') + 3)).toEqual(['--settings', '$SEQUENCER_CLAUDE_SETTINGS', '-p']);
  });
});

describe('the prompt after a command that ends inside an option', () => {
  it.each([
    // Claude Code's variadic options (`<tools...>` in its --help) take every word up to the next option.
    ['claude -p --allowedTools Bash', '--allowedTools', 'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --allowedTools Bash --'],
    [
      'claude -p --allowed-tools Bash Read',
      '--allowed-tools',
      'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --allowed-tools Bash Read --',
    ],
    [
      'claude -p --permission-mode acceptEdits --disallowedTools WebFetch',
      '--disallowedTools',
      'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --permission-mode acceptEdits --disallowedTools WebFetch --',
    ],
    [
      'claude -p --add-dir ../shared ../docs',
      '--add-dir',
      'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --add-dir ../shared ../docs --',
    ],
    ['claude -p --mcp-config mcp.json', '--mcp-config', 'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --mcp-config mcp.json --'],
    ['claude -p --tools Bash,Edit', '--tools', 'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --tools Bash,Edit --'],
    // An optional value (`--debug [filter]`) takes the next word that is no option, bundled too.
    ['claude -p --debug', '--debug', 'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --debug --'],
    ['claude -pd', '-d', 'claude --settings $SEQUENCER_CLAUDE_SETTINGS -pd --'],
    // The user's own output format, no -p, a wrapper: the prompt still goes where it belongs.
    ['claude -p --output-format text --allowedTools Bash', '--allowedTools', 'claude --settings $SEQUENCER_CLAUDE_SETTINGS -p --output-format text --allowedTools Bash --'],
    [
      'timeout 600 claude -p --allowedTools Bash',
      '--allowedTools',
      'timeout 600 claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --allowedTools Bash --',
    ],
    // A wrapper with options of its own before its subcommand: looked through as the checks do.
    [
      'uv --directory d run claude -p --allowedTools Bash',
      '--allowedTools',
      'uv --directory d run claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --allowedTools Bash --',
    ],
    // An option Claude Code 2.1.332 does not list might take several values.
    ['claude -p --future-option a b', '--future-option', 'claude --output-format stream-json --verbose --include-partial-messages --settings $SEQUENCER_CLAUDE_SETTINGS -p --future-option a b --'],
    // Codex's `-i/--image <FILE>...`.
    ['codex exec -i shot.png', '-i', 'codex exec --json -i shot.png --'],
    ['codex exec --sandbox workspace-write --image a.png b.png', '--image', 'codex exec --json --sandbox workspace-write --image a.png b.png --'],
  ] as const)('%s: `--` after %s', (command, option, expected) => {
    const got = streamCommand(argv(command));
    expect(got?.closes).toBe(option);
    expect(got?.argv.join(' ')).toBe(expected);
  });

  it.each([
    'claude -p',
    'claude -p --permission-mode acceptEdits --settings $SEQUENCER_CLAUDE_SETTINGS',
    // The option is closed: by another option, an attached value, the value it takes, or `--`.
    'claude --allowedTools Bash Read -p',
    'claude -p --allowedTools Bash --verbose',
    'claude -p --allowedTools=Bash',
    'claude -p --debug api',
    'claude -p -dapi',
    'claude -p --allowedTools Bash --',
    'claude -p --max-turns 20',
    'codex exec -ishot.png',
    'codex exec --image=a.png --sandbox workspace-write',
    'codex exec --sandbox workspace-write',
    // Gemini CLI's lists take one word each, and its -p takes the prompt as its value.
    'gemini --yolo --allowed-tools run_shell_command -p',
    'gemini --include-directories ../a',
  ])('%s: the prompt follows the command', (command) => {
    const got = streamCommand(argv(command));
    expect(got?.closes).toBeUndefined();
    const separators = (words: readonly string[]): number => words.filter((w) => w === '--').length;
    expect(separators(got?.argv ?? [])).toBe(separators(argv(command)));
  });

  it('promptCommand adds only `--`, for runs whose plain output is read', () => {
    expect(promptCommand(argv('claude -p --allowedTools Bash'))).toEqual(['claude', '-p', '--allowedTools', 'Bash', '--']);
    expect(promptCommand(argv('claude -p'))).toEqual(['claude', '-p']);
    expect(promptCommand(argv('gemini --yolo -p'))).toEqual(['gemini', '--yolo', '-p']);
    // What `--` means to another program is unknown: it is left as written.
    expect(promptCommand(argv('./agent.sh --allowedTools Bash'))).toEqual(['./agent.sh', '--allowedTools', 'Bash']);
  });
});

describe('dashPromptPlace: where a prompt that starts with `-` goes', () => {
  const dash = { drop: 0, before: ['--'] };
  const asWritten = { drop: 0, before: [] };
  const joined = { drop: 1, before: [], option: '--prompt' };
  it.each([
    ['claude -p', '- Fix the failing test.', dash],
    ['claude --output-format stream-json --verbose -p', '--dry-run is the flag to document.', dash],
    ['timeout 600 claude -p', '-v', dash],
    ['codex exec --json --sandbox workspace-write', '--help', dash],
    ['npx @openai/codex e --json', '-x', dash],
    // Gemini CLI takes `--prompt=<prompt>`: joined to the -p the command ends with, or added for a positional prompt.
    ['gemini --output-format stream-json --yolo -p', '- Fix it.', joined],
    ['npx @google/gemini-cli --yolo --prompt', '--dry-run', joined],
    ['gemini -yp', '- Fix it.', { drop: 1, before: ['-y'], option: '--prompt' }],
    ['gemini --yolo', '- Fix it.', { drop: 0, before: [], option: '--prompt' }],
    ['gemini -m gemini-2.5-pro', '- Fix it.', { drop: 0, before: [], option: '--prompt' }],
    // A prompt that starts otherwise is the prompt already.
    ['claude -p', 'Fix the failing test.', asWritten],
    ['claude -p', ' - indented', asWritten],
    ['gemini --yolo -p', 'Fix it.', asWritten],
    ['gemini --yolo', 'Fix it.', asWritten],
    // The command already ends the agent's options (an option that takes several values).
    ['claude -p --allowedTools Bash --', '- Fix it.', asWritten],
    ['codex exec -i shot.png --', '- Describe it.', asWritten],
    // Codex without exec reads no prompt of ours; Gemini CLI's interactive prompt and other programs: left as written.
    ['codex --sandbox workspace-write', '- Fix it.', asWritten],
    ['gemini --yolo -i', '- Fix it.', asWritten],
    ['./agent.sh', '- Fix it.', asWritten],
  ] as const)('%s + %j: %j', (command, prompt, expected) => {
    expect(dashPromptPlace(argv(command), prompt)).toEqual(expected);
  });
});

describe('agentProgram', () => {
  it.each([
    ['claude -p', 0, 'claude', []],
    ['timeout -s KILL 600 claude -p', 4, 'claude', ['timeout']],
    ['env A=1 B=2 nice -n 5 codex exec', 6, 'codex', ['env', 'nice']],
    ['npm exec -y @google/gemini-cli -- -p', 3, 'gemini-cli', ['npm']],
    ['sudo -u agent /usr/local/bin/claude -p', 3, 'claude', ['sudo']],
    ['docker run --rm img claude -p', 4, 'claude', ['docker']],
    // The wrapper's own options before its subcommand, as the checks read them.
    ['uv --directory d run claude -p', 4, 'claude', ['uv']],
    ['docker --context prod run --rm img claude -p', 6, 'claude', ['docker']],
    ['yarn node ./agent.mjs', 1, 'node', ['yarn']],
  ] as const)('%s: the program is word %d (%s)', (command, index, name, wrappers) => {
    expect(agentProgram(argv(command))).toEqual({ index, name, wrappers });
  });
});
