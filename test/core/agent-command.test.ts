import { describe, expect, it } from 'vitest';
import { isPathLike, parseAgentCommand } from '../../src/core/trust/agent-command.js';
import { ConfigError } from '../../src/core/errors.js';

describe('parseAgentCommand accepts agent commands', () => {
  const accepted: Array<[string, string[]]> = [
    ['claude -p', ['claude', '-p']],
    ['codex exec --full-auto', ['codex', 'exec', '--full-auto']],
    [`"my agent" --flag 'a b'`, ['my agent', '--flag', 'a b']],
    ['node agent.js', ['node', 'agent.js']],
    ['node --require ./hook.cjs agent.js -e', ['node', '--require', './hook.cjs', 'agent.js', '-e']],
    ['python3 agent.py', ['python3', 'agent.py']],
    ['python3 -u agent.py -c config.yml', ['python3', '-u', 'agent.py', '-c', 'config.yml']],
    ['python -m agent_pkg -c x', ['python', '-m', 'agent_pkg', '-c', 'x']],
    ['python -X pycache_prefix=/tmp/c agent.py', ['python', '-X', 'pycache_prefix=/tmp/c', 'agent.py']],
    ['perl -Mstrict agent.pl', ['perl', '-Mstrict', 'agent.pl']],
    ['openclaw agent --message', ['openclaw', 'agent', '--message']],
    ['gemini  -p\t--yolo', ['gemini', '-p', '--yolo']],
    ['./bin/agent', ['./bin/agent']],
    ['agent a\\ b "x\\"y" "c\\d" \'$HOME\' "cost \\$5"', ['agent', 'a b', 'x"y', 'c\\d', '$HOME', 'cost $5']],
    ["agent '' \"\"", ['agent', '', '']],
    ['agent "a|b" \'c;d\' e\\&f', ['agent', 'a|b', 'c;d', 'e&f']],
    ['agent --price=5$', ['agent', '--price=5$']],
    ['env FOO=1 claude -p', ['env', 'FOO=1', 'claude', '-p']],
    ['timeout 600 claude -p', ['timeout', '600', 'claude', '-p']],
    ['agent a#b', ['agent', 'a#b']],
  ];
  it.each(accepted)('%s', (text, argv) => {
    expect(parseAgentCommand(text, 'STEP_AGENT_CMD')).toEqual(argv);
  });
});

describe('parseAgentCommand rejects commands that bring a shell or inline code back', () => {
  const rejected: Array<[string, RegExp]> = [
    ['bash -c "claude -p"', /runs a shell interpreter \(bash\)/],
    ['sh', /runs a shell interpreter \(sh\)/],
    ['/bin/bash -lc x', /runs a shell interpreter \(bash\)/],
    ['/usr/bin/ZSH', /runs a shell interpreter \(zsh\)/],
    ['C:\\\\Windows\\\\System32\\\\cmd.exe /c x', /runs a shell interpreter \(cmd\)/],
    ['pwsh -Command x', /runs a shell interpreter \(pwsh\)/],
    ['busybox sh', /runs a shell interpreter \(busybox\)/],
    ['eval claude', /runs a shell interpreter \(eval\)/],
    ['env bash', /runs a shell interpreter \(bash\)/],
    ['env FOO=1 -u BAR /bin/sh -c x', /runs a shell interpreter \(sh\)/],
    ['env -S "claude -p"', /env -S/],
    ['env --split-string="claude -p"', /env -S/],
    ['env -iS "x"', /env -S/],
    ['nice -n 10 bash -c x', /runs a shell interpreter \(bash\)/],
    ['timeout 60s sh -c x', /runs a shell interpreter \(sh\)/],
    ['python -c "print(1)"', /runs python with inline code \(-c\)/],
    ['python3.12 -c x', /runs python3\.12 with inline code \(-c\)/],
    ['python3 -uc x', /inline code \(-c\)/],
    ['python3 -W ignore -c x', /inline code \(-c\)/],
    ['node -e "1"', /runs node with inline code \(-e\)/],
    ['node --eval=1', /inline code \(--eval\)/],
    ['node --eval 1', /inline code \(--eval\)/],
    ['node -p 1', /inline code \(-p\)/],
    ['node --require x -e 1', /inline code \(-e\)/],
    ['bun --print 1', /inline code \(--print\)/],
    ['deno eval 1', /inline code \(eval\)/],
    ['perl -e 1', /runs perl with inline code \(-e\)/],
    ['perl -lne 1', /inline code \(-e\)/],
    ['perl -E 1', /inline code \(-E\)/],
    ['ruby -e 1', /runs ruby with inline code \(-e\)/],
    ['php -r 1', /runs php with inline code \(-r\)/],
    ['osascript -e x', /inline code \(-e\)/],
    ['lua -e x', /inline code \(-e\)/],
    ['', /is empty/],
    ['   ', /is empty/],
    ['claude "-p', /unbalanced double quote/],
    ["claude '-p", /unbalanced single quote/],
    ['claude -p\\', /lone backslash/],
    ['claude -p | tee log', /shell syntax \(\|\)/],
    ['claude -p > out.txt', /shell syntax \(>\)/],
    ['claude -p; rm -rf x', /shell syntax \(;\)/],
    ['claude -p && x', /shell syntax \(&\)/],
    ['claude --model $MODEL', /shell syntax \(\$M\.\.\.\)/],
    ['claude --model "${MODEL}"', /shell syntax/],
    ['claude "$(cat x)"', /shell syntax/],
    ['claude `id`', /shell syntax \(`\)/],
    ['claude -p # note', /# comment/],
    ["'|' x", /shell syntax, not a program/],
    ['"" claude', /shell syntax, not a program/],
  ];
  it.each(rejected)('%s', (text, reason) => {
    let caught: unknown;
    try {
      parseAgentCommand(text, 'plan.steps.step-2.agent');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(reason);
    expect(message.startsWith('plan.steps.step-2.agent: ')).toBe(true);
  });

  it('names the source and the value, and says the prompt is never run by a shell', () => {
    expect(() => parseAgentCommand('bash -c "claude -p"', 'STEP_AGENT_CMD')).toThrow(
      'STEP_AGENT_CMD: "bash -c \\"claude -p\\"" runs a shell interpreter (bash); give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.',
    );
  });
});

describe('isPathLike', () => {
  it.each([
    ['claude', false],
    ['./agent', true],
    ['/usr/bin/claude', true],
    ['bin/agent', true],
    ['C:agent.exe', true],
    ['dir\\agent', true],
  ])('%s → %s', (cmd, expected) => {
    expect(isPathLike(cmd)).toBe(expected);
  });
});
