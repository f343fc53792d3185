import { describe, expect, it } from 'vitest';
import { agentCommandProblem, commandProblem, parseAgentCommand } from '../../src/core/trust/agent-command.js';
import { expandAgentVariables } from '../../src/core/trust/agent-command-variables.js';
import { isPathLike } from '../../src/core/trust/program-check.js';
import { ConfigError } from '../../src/core/errors.js';

describe('parseAgentCommand accepts agent commands', () => {
  const accepted: Array<[string, string[]]> = [
    ['claude -p', ['claude', '-p']],
    ['codex exec --sandbox workspace-write', ['codex', 'exec', '--sandbox', 'workspace-write']],
    [`"my agent" --flag 'a b'`, ['my agent', '--flag', 'a b']],
    ['node agent.js', ['node', 'agent.js']],
    ['node --require ./hook.cjs agent.js -e', ['node', '--require', './hook.cjs', 'agent.js', '-e']],
    ['python3 agent.py', ['python3', 'agent.py']],
    ['python3 -u agent.py -c config.yml', ['python3', '-u', 'agent.py', '-c', 'config.yml']],
    ['python -m agent_pkg -c x', ['python', '-m', 'agent_pkg', '-c', 'x']],
    ['python -X pycache_prefix=/tmp/c agent.py', ['python', '-X', 'pycache_prefix=/tmp/c', 'agent.py']],
    ['perl -Mstrict agent.pl', ['perl', '-Mstrict', 'agent.pl']],
    ['openclaw agent --message', ['openclaw', 'agent', '--message']],
    ['gemini  --yolo\t-p', ['gemini', '--yolo', '-p']],
    ['./bin/agent', ['./bin/agent']],
    ['agent a\\ b "x\\"y" "c\\d" \'$HOME\' "cost \\$5"', ['agent', 'a b', 'x"y', 'c\\d', '$HOME', 'cost $5']],
    ['agent \'\' ""', ['agent', '', '']],
    ['agent "a|b" \'c;d\' e\\&f', ['agent', 'a|b', 'c;d', 'e&f']],
    ['agent --price=5$', ['agent', '--price=5$']],
    ['env FOO=1 claude -p', ['env', 'FOO=1', 'claude', '-p']],
    ['timeout 600 claude -p', ['timeout', '600', 'claude', '-p']],
    // Wrapper options with values are options, not the program.
    ['timeout -s KILL 600 claude -p', ['timeout', '-s', 'KILL', '600', 'claude', '-p']],
    ['timeout --kill-after 10 600 claude -p', ['timeout', '--kill-after', '10', '600', 'claude', '-p']],
    ['sudo -u agent -E claude -p', ['sudo', '-u', 'agent', '-E', 'claude', '-p']],
    ['sudo --user=agent HOME=/home/agent claude -p', ['sudo', '--user=agent', 'HOME=/home/agent', 'claude', '-p']],
    ['nice -n 5 claude -p', ['nice', '-n', '5', 'claude', '-p']],
    ['nice -5 claude -p', ['nice', '-5', 'claude', '-p']],
    ['env -u X -C /tmp claude -p', ['env', '-u', 'X', '-C', '/tmp', 'claude', '-p']],
    ['flock -w 10 /tmp/agent.lock claude -p', ['flock', '-w', '10', '/tmp/agent.lock', 'claude', '-p']],
    ['taskset -c 0-3 claude -p', ['taskset', '-c', '0-3', 'claude', '-p']],
    ['npx -y @anthropic-ai/claude-code@1.0 -p', ['npx', '-y', '@anthropic-ai/claude-code@1.0', '-p']],
    ['npm exec --yes -- codex exec', ['npm', 'exec', '--yes', '--', 'codex', 'exec']],
    ['python3 -m agent', ['python3', '-m', 'agent']],
    ['expect agent.exp', ['expect', 'agent.exp']],
    ['git status', ['git', 'status']],
    ['agent a#b', ['agent', 'a#b']],
    // Runners that start a program in an environment, container or sandbox, named with its arguments.
    ['uv run my-agent -p', ['uv', 'run', 'my-agent', '-p']],
    ['uv run --with anthropic --python 3.12 python agent.py', ['uv', 'run', '--with', 'anthropic', '--python', '3.12', 'python', 'agent.py']],
    ['uvx --from my-agent-pkg my-agent', ['uvx', '--from', 'my-agent-pkg', 'my-agent']],
    ['poetry run my-agent', ['poetry', 'run', 'my-agent']],
    ['pipenv run python agent.py', ['pipenv', 'run', 'python', 'agent.py']],
    ['conda run -n agents --no-capture-output my-agent', ['conda', 'run', '-n', 'agents', '--no-capture-output', 'my-agent']],
    ['docker run --rm -i -v /ws:/ws -w /ws -e CI=1 image my-agent -p', ['docker', 'run', '--rm', '-i', '-v', '/ws:/ws', '-w', '/ws', '-e', 'CI=1', 'image', 'my-agent', '-p']],
    ['docker run --entrypoint my-agent image', ['docker', 'run', '--entrypoint', 'my-agent', 'image']],
    ['docker run --entrypoint "" image my-agent', ['docker', 'run', '--entrypoint', '', 'image', 'my-agent']],
    ['podman run --rm --network none image my-agent', ['podman', 'run', '--rm', '--network', 'none', 'image', 'my-agent']],
    ['docker exec -i box my-agent', ['docker', 'exec', '-i', 'box', 'my-agent']],
    ['nix develop -c claude -p', ['nix', 'develop', '-c', 'claude', '-p']],
    ['unshare -rn claude -p', ['unshare', '-rn', 'claude', '-p']],
    [
      'bwrap --ro-bind /usr /usr --bind /ws /ws --unshare-net --die-with-parent claude -p',
      ['bwrap', '--ro-bind', '/usr', '/usr', '--bind', '/ws', '/ws', '--unshare-net', '--die-with-parent', 'claude', '-p'],
    ],
    ['firejail --noprofile --net=none --shell=none claude -p', ['firejail', '--noprofile', '--net=none', '--shell=none', 'claude', '-p']],
    ['systemd-run --user --pipe --wait -p MemoryMax=2G claude -p', ['systemd-run', '--user', '--pipe', '--wait', '-p', 'MemoryMax=2G', 'claude', '-p']],
    ['yarn node agent.js', ['yarn', 'node', 'agent.js']],
    ['bun run agent.ts', ['bun', 'run', 'agent.ts']],
    ['deno run -A agent.ts', ['deno', 'run', '-A', 'agent.ts']],
    ['guile -e main -s agent.scm', ['guile', '-e', 'main', '-s', 'agent.scm']],
    ['racket -u agent.rkt', ['racket', '-u', 'agent.rkt']],
    ['emacs --batch -l agent.el', ['emacs', '--batch', '-l', 'agent.el']],
  ];
  it.each(accepted)('%s', (text, argv) => {
    expect(parseAgentCommand(text, 'STEP_AGENT_CMD')).toEqual(argv);
  });
});

describe('parseAgentCommand rejects commands that bring a shell or inline code back', () => {
  const rejected: Array<[string, RegExp]> = [
    ['bash -c "claude -p"', /runs a shell interpreter \(bash\)/],
    // A script run through its shell by habit: the message says how to run it directly.
    [
      'bash agent.sh',
      /^plan\.steps\.step-2\.agent: "bash agent.sh" runs a shell interpreter \(bash\); to run the script agent.sh, start it with a shebang line \(#!\/usr\/bin\/env bash\), make it executable \(chmod \+x agent.sh\) and give its path: "\.\/agent\.sh"/,
    ],
    ['sh scripts/agent.sh', /give its path: "scripts\/agent\.sh"/],
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
    ['env --split-string="claude -p"', /env --split-string", which splits its argument like a shell would/],
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

  // The forms found to run the prompt (or the command) as code.
  const found: Array<[string, RegExp]> = [
    ['timeout -s KILL 60 bash -c x', /runs a shell interpreter \(bash\)/],
    ['sudo -u root bash', /runs a shell interpreter \(bash\)/],
    ['sudo -uroot sh -c x', /runs a shell interpreter \(sh\)/],
    ['sudo --user root -- sh', /runs a shell interpreter \(sh\)/],
    ['sudo -s claude', /sudo -s", which runs a shell/],
    ['sudo -i', /sudo -i", which runs a login shell/],
    ['sudo -E -s', /sudo -s"/],
    ['doas -s', /doas -s", which runs a shell/],
    ['nice -n 5 sh', /runs a shell interpreter \(sh\)/],
    ['env -u X bash', /runs a shell interpreter \(bash\)/],
    ['env -C /tmp -u X -- python -c 1', /inline code \(-c\)/],
    ['xargs -I {} sh -c x', /runs a shell interpreter \(sh\)/],
    ['xargs -n 1 bash', /runs a shell interpreter \(bash\)/],
    ['stdbuf -o L bash', /runs a shell interpreter \(bash\)/],
    ['ionice -c 3 bash', /runs a shell interpreter \(bash\)/],
    ['chrt -f 10 bash', /runs a shell interpreter \(bash\)/],
    ['taskset 0x3 bash', /runs a shell interpreter \(bash\)/],
    ['npx -c "claude -p"', /npx -c", which runs its command through a shell/],
    ['npx --call "claude -p"', /npx --call"/],
    ['npx -y bash', /runs a shell interpreter \(bash\)/],
    ['npm exec -c "claude -p"', /npm -c", which runs its command through a shell/],
    ['npm exec -- node -e 1', /inline code \(-e\)/],
    ['pnpm dlx --shell-mode x', /pnpm --shell-mode"/],
    ['script -c claude', /runs script, which runs its command \(or a shell\) through \$SHELL/],
    ['script -qc claude /dev/null', /runs script/],
    ['su -c claude agent', /runs su, which runs its command through the target user's shell/],
    ['runuser -u agent -- claude', /runs runuser/],
    ['sg agents claude', /runs sg/],
    ['ssh host claude -p', /runs ssh, which runs its command through the remote user's shell/],
    ['watch -n 60 claude', /runs watch, which runs its command through sh -c/],
    ['parallel claude', /runs parallel/],
    ['flock /tmp/l -c "claude -p"', /flock -c", which runs its command through sh -c/],
    ['flock -w 5 /tmp/l bash', /runs a shell interpreter \(bash\)/],
    ['expect -c "spawn claude"', /runs expect with inline code \(-c\)/],
    ['awk -f agent.awk', /runs awk, whose program is given inline/],
    ['gawk BEGIN{}', /runs awk/],
    ['mawk x', /runs awk/],
    ['nawk x', /runs awk/],
    ['busybox awk x', /runs a shell interpreter \(busybox\)/],
    ['sed -n p', /runs sed, whose script is given inline/],
    ['git -c alias.x=!claude x', /runs git -c, which sets configuration that can run commands/],
    ['git -c core.pager=claude log', /runs git -c/],
    ['git --config-env=core.fsmonitor=X status', /runs git --config-env/],
    ['git -C /tmp -c core.sshCommand=x fetch', /runs git -c/],
    ['git --exec-path=/tmp/evil status', /runs git --exec-path/],
    ['git submodule foreach claude', /runs git submodule foreach/],
    ['git rebase -x claude main', /runs git rebase --exec/],
    ['git bisect run claude', /runs git bisect run/],
    ["find . -exec claude {} ';'", /runs find -exec, which runs other programs/],
    ['Rscript -e 1', /runs rscript with inline code \(-e\)/],
    ['julia -e 1', /runs julia with inline code \(-e\)/],
    ['tsx -e 1', /runs tsx with inline code \(-e\)/],
    // The prompt would become the program, or the script's path.
    ['env', /runs env without a program to run, so the prompt would be run as the program/],
    ['timeout 60', /runs timeout without a program/],
    ['sudo -u root', /runs sudo without a program/],
    ['node', /runs node without a script, so the prompt would be taken for the script's path/],
    ['python3 -u', /runs python3 without a script/],
    ['node --', /runs node without a script/],
    // Runners that start a program in an environment, container or sandbox: looked through.
    ['uv run bash -c x', /runs a shell interpreter \(bash\)/],
    ['uv run --with requests -p 3.12 python -c 1', /runs python with inline code \(-c\)/],
    ['uv --directory /ws run sh -c x', /runs a shell interpreter \(sh\)/],
    ['uv tool run bash', /runs a shell interpreter \(bash\)/],
    ['uvx --from pkg bash', /runs a shell interpreter \(bash\)/],
    ['poetry run sh -c x', /runs a shell interpreter \(sh\)/],
    ['poetry -C /ws run node -e 1', /runs node with inline code \(-e\)/],
    ['pipenv run bash -c x', /runs a shell interpreter \(bash\)/],
    ['pipenv run --python 3.12 python -c 1', /inline code \(-c\)/],
    ['conda run -n base sh -c x', /runs a shell interpreter \(sh\)/],
    ['mamba run -p /env bash', /runs a shell interpreter \(bash\)/],
    ['micromamba run -n agents bash', /runs a shell interpreter \(bash\)/],
    ['docker run --rm -i -v /a:/b image sh -c x', /runs a shell interpreter \(sh\)/],
    ['docker run -e A=1 --name box --network host -u 1000 image bash', /runs a shell interpreter \(bash\)/],
    ['docker run --entrypoint sh image -c x', /runs a shell interpreter \(sh\)/],
    ['docker run --entrypoint=/bin/bash image', /runs a shell interpreter \(bash\)/],
    ['podman run --entrypoint \'["sh","-c"]\' image', /runs a shell interpreter \(sh\)/],
    ['podman run --rm -it image sh -c x', /runs a shell interpreter \(sh\)/],
    ['docker container run image python -c 1', /inline code \(-c\)/],
    ['docker exec -i -w /ws box sh -c x', /runs a shell interpreter \(sh\)/],
    ['docker --context prod run image sh', /runs a shell interpreter \(sh\)/],
    ['docker run --rm image', /runs docker without a program to run, so the prompt would be run as the program/],
    ['nix-shell --run "claude -p"', /runs nix-shell, which runs its command \(or a shell\) through bash/],
    ['nix-shell -p claude', /runs nix-shell/],
    ['nix develop', /runs nix develop without -c\/--command, which starts a shell/],
    ['nix develop -c bash -c x', /runs a shell interpreter \(bash\)/],
    ['nix shell nixpkgs#claude --command sh -c x', /runs a shell interpreter \(sh\)/],
    ['nix --extra-experimental-features flakes develop -c bash', /runs a shell interpreter \(bash\)/],
    ['docker run --entrypoint "" image sh -c x', /runs a shell interpreter \(sh\)/],
    ['pixi run claude -p', /runs pixi, which runs its command through its own shell/],
    ['unshare -r sh -c x', /runs a shell interpreter \(sh\)/],
    ['unshare -S 0 -G 0 --propagation slave bash', /runs a shell interpreter \(bash\)/],
    ['unshare -r', /runs unshare without a program/],
    ['bwrap --ro-bind / / --dev /dev sh -c x', /runs a shell interpreter \(sh\)/],
    ['bwrap --bind /a /b --setenv A B --chdir /b --unshare-all -- bash', /runs a shell interpreter \(bash\)/],
    ['firejail --noprofile sh -c x', /runs a shell interpreter \(sh\)/],
    ['firejail --shell=/bin/bash claude -p', /firejail --shell", which runs its command through that shell/],
    ['firejail --quiet', /runs firejail without a program/],
    ['systemd-run --user --pipe -p MemoryMax=1G sh -c x', /runs a shell interpreter \(sh\)/],
    ['systemd-run --wait --unit agent -E A=1 bash', /runs a shell interpreter \(bash\)/],
    ['systemd-run -S', /systemd-run -S", which runs a shell/],
    ['run0 -u agent bash', /runs a shell interpreter \(bash\)/],
    ['yarn node -e 1', /runs node with inline code \(-e\)/],
    ['yarn node', /runs node without a script/],
    ['bun run -e 1', /runs bun with inline code \(-e\)/],
    ['bun -e 1', /runs bun with inline code \(-e\)/],
    ['bun x bash', /runs a shell interpreter \(bash\)/],
    ['deno run --eval 1', /runs deno with inline code \(--eval\)/],
    ['guile -c "(system \\"id\\")"', /runs guile with inline code \(-c\)/],
    ['guile', /runs guile without a script/],
    ['racket -e 1', /runs racket with inline code \(-e\)/],
    ['racket -l racket/base -e 1', /runs racket with inline code \(-e\)/],
    ['emacs --batch --eval x', /runs emacs --eval, which evaluates Lisp/],
    ['emacs -batch -eval x', /runs emacs -eval/],
    ['emacs --eval=x', /runs emacs --eval/],
    ['emacs -Q --execute x', /runs emacs --execute/],
    ['gdb -batch -ex "shell id"', /runs gdb -ex, which runs debugger commands/],
    ['gdb --eval-command=x', /runs gdb --eval-command/],
    ['gdb -iex x', /runs gdb -iex/],
    ['lldb -o "platform shell id"', /runs lldb -o, which runs debugger commands/],
    ['vim -c "!id"', /runs vim -c, which runs editor commands/],
    ['nvim --cmd x', /runs nvim --cmd/],
    ['ex +!id', /runs ex \+!id, which runs editor commands/],
    ['vim -Nc x', /runs vim -c/],
  ];
  it.each(found)('%s', (text, reason) => {
    expect(() => parseAgentCommand(text, 'STEP_AGENT_CMD')).toThrow(reason);
    expect(agentCommandProblem(text)).toMatch(reason);
  });

  it('names the source and the value, and says the prompt is never run by a shell', () => {
    expect(() => parseAgentCommand('bash -c "claude -p"', 'STEP_AGENT_CMD')).toThrow(
      'STEP_AGENT_CMD: "bash -c \\"claude -p\\"" runs a shell interpreter (bash); give the agent binary itself, e.g. "claude -p". The prompt is passed as one argument and never run by a shell.',
    );
  });
});

describe('parseAgentCommand refuses a command whose last option would take the prompt as its one value', () => {
  // `--` cannot help: the option takes `--` as its value just as it takes the prompt.
  const refused: Array<[string, string]> = [
    ['claude -p --model', '--model'],
    ['claude -p --max-turns', '--max-turns'],
    ['claude --print --verbose -n', '-n'],
    // -p bundled with -n, whose value is the next word.
    ['claude -pn', '-n'],
    ['timeout 600 claude -p --permission-mode', '--permission-mode'],
    ['npx -y @anthropic-ai/claude-code -p --system-prompt-file', '--system-prompt-file'],
    ['codex exec -m', '-m'],
    ['codex exec --json --sandbox', '--sandbox'],
    ['codex -c model="gpt-5.5" exec -o', '-o'],
    ['gemini -m', '-m'],
    ['gemini --yolo --allowed-tools', '--allowed-tools'],
  ];
  it.each(refused)('%s: %s', (text, option) => {
    const expected = `ends with ${option}, which takes the prompt (added as the last argument) as its value; give ${option} a value (${option} <value>) or leave it out`;
    expect(() => parseAgentCommand(text, 'STEP_AGENT_CMD')).toThrow(ConfigError);
    expect(() => parseAgentCommand(text, 'STEP_AGENT_CMD')).toThrow(`STEP_AGENT_CMD: ${JSON.stringify(text)} ${expected}`);
    expect(agentCommandProblem(text)).toBe(`${JSON.stringify(text)} ${expected}`);
  });

  it.each([
    'claude -p --model opus',
    'claude -p --model=opus',
    'claude -p --max-turns 20 --verbose',
    'claude -p --model opus --allowedTools Bash',
    'codex exec -mgpt-5.5',
    'codex exec -m gpt-5.5 --sandbox workspace-write',
    // Codex without `exec`: no prompt of ours is read by its options.
    'codex -m',
    'gemini -m gemini-2.5-pro -p',
    'gemini --yolo --allowed-tools run_shell_command -p',
    // Another program's options mean what it says they mean.
    './agent --model',
    'openclaw agent --message',
  ])('%s: the prompt is its own', (text) => {
    expect(agentCommandProblem(text)).toBeNull();
  });
});

describe('parseAgentCommand refuses a Gemini CLI command whose -p is not its last word', () => {
  it.each([
    ['gemini -p --allowed-tools run_shell_command', '-p', '"--allowed-tools"'],
    ['gemini -p --yolo', '-p', '"--yolo"'],
    ['gemini --prompt -m gemini-2.5-pro', '--prompt', '"-m"'],
    // -y bundled before -p.
    ['gemini -yp --approval-mode yolo', '-p', '"--approval-mode"'],
    ['npx @google/gemini-cli -p --yolo', '-p', '"--yolo"'],
  ])('%s: %s is followed by %s', (text, prompt, next) => {
    const why = `has ${prompt} followed by ${next}, and Gemini CLI takes only the word right after ${prompt} as the prompt (it stops with "Not enough arguments following: p" when that word is an option); the prompt is added as the last argument, so move ${prompt} to the end of the command`;
    expect(() => parseAgentCommand(text, 'plan.steps.fix.agent')).toThrow(`plan.steps.fix.agent: ${JSON.stringify(text)} ${why}`);
    expect(agentCommandProblem(text)).toBe(`${JSON.stringify(text)} ${why}`);
  });

  it.each([
    ['gemini -p "Fix the bug." --yolo', '-p', '"Fix the bug."'],
    ['gemini --yolo --prompt=hello', '--prompt', '"--prompt=hello"'],
  ])('%s: %s has a value of its own', (text, prompt, value) => {
    expect(agentCommandProblem(text)).toBe(
      `${JSON.stringify(text)} gives ${prompt} a value of its own (${value}) while the prompt is added as the last argument, and Gemini CLI refuses both ("Cannot use both a positional prompt and the --prompt (-p) flag together"); end the command with ${prompt}, without a value`,
    );
  });

  it.each(['gemini --yolo -p', 'gemini --allowed-tools run_shell_command --prompt', 'gemini -yp', 'gemini --yolo', 'codex exec -p ci --sandbox workspace-write', 'claude -p --verbose'])(
    '%s: the prompt is its own',
    (text) => {
      expect(agentCommandProblem(text)).toBeNull();
    },
  );
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

describe('commandProblem (check commands: argv, nothing appended)', () => {
  it.each([
    [['npm', 'test']],
    [['./checks/verify.sh', '--strict']],
    [['node', '--version']],
    [['python3', '-V']],
    [['git', 'diff', '--exit-code']],
    [['timeout', '60', 'npm', 'test']],
    [['env', 'CI=1', 'npm', 'test']],
    [['node', 'scripts/check.mjs', '-e']],
    [['uv', 'run', 'pytest', '-q']],
    [['poetry', 'run', 'pytest']],
    [['docker', 'run', '--rm', '-v', '/ws:/ws', 'image', 'npm', 'test']],
    // Without a prompt, the image's own command runs.
    [['docker', 'run', '--rm', 'image']],
    [['gdb', '-batch', '-x', 'checks/verify.gdb']],
  ])('accepts %j', (argv) => {
    expect(commandProblem(argv)).toBeNull();
  });

  it.each([
    [['bash', '-c', 'npm test'], /^runs a shell interpreter \(bash\); run a program or a script file from the workspace/],
    [['sh', 'check.sh'], /runs a shell interpreter \(sh\)/],
    [['node', '-e', 'process.exit(0)'], /runs node with inline code \(-e\)/],
    [['python3', '-c', 'import os'], /inline code \(-c\)/],
    [['sudo', '-u', 'root', 'sh', '-c', 'x'], /runs a shell interpreter \(sh\)/],
    [['awk', 'BEGIN{system("id")}'], /runs awk/],
    [['git', '-c', 'alias.t=!id', 't'], /runs git -c/],
    [['find', '.', '-exec', 'rm', '{}', ';'], /runs find -exec/],
    [['npx', '-c', 'id'], /npx -c"/],
    [['uv', 'run', 'bash', '-c', 'pytest'], /runs a shell interpreter \(bash\)/],
    [['docker', 'run', 'image', 'sh', '-c', 'npm test'], /runs a shell interpreter \(sh\)/],
    [['nix-shell', '--run', 'npm test'], /runs nix-shell/],
    [['gdb', '-batch', '-ex', 'shell id'], /runs gdb -ex/],
    [['yarn', 'node', '-e', '1'], /inline code \(-e\)/],
  ])('refuses %j', (argv, reason) => {
    expect(commandProblem(argv)).toMatch(reason);
  });
});

describe('$SEQUENCER_ variables in an agent command', () => {
  it('keeps a reference to one the sequencer sets and fills it in per attempt', () => {
    const argv = parseAgentCommand('claude -p --settings $SEQUENCER_CLAUDE_SETTINGS "--log=${SEQUENCER_COMMAND_LOG}"', 'test');
    expect(argv).toEqual(['claude', '-p', '--settings', '$SEQUENCER_CLAUDE_SETTINGS', '--log=${SEQUENCER_COMMAND_LOG}']);
    expect(expandAgentVariables(argv, { SEQUENCER_CLAUDE_SETTINGS: '/logs/a/attempt-1.claude-settings.json', SEQUENCER_COMMAND_LOG: '/logs/c.jsonl' })).toEqual([
      'claude',
      '-p',
      '--settings',
      '/logs/a/attempt-1.claude-settings.json',
      '--log=/logs/c.jsonl',
    ]);
  });

  it('refuses a name the sequencer does not set, and every other variable as before', () => {
    expect(() => parseAgentCommand('claude --settings $SEQUENCER_NOPE', 'test')).toThrow(
      /names \$SEQUENCER_NOPE, which the sequencer does not set for an agent command; expected one of \$SEQUENCER_CLAUDE_SETTINGS/,
    );
    expect(() => parseAgentCommand('claude --settings $HOME/x', 'test')).toThrow(/shell syntax/);
  });
});
