// Turns an agent command line (STEP_AGENT_CMD, a step's `agent` field) into argv. We accept the
// quoting people already know from the shell, but nothing here ever runs a shell: the prompt is
// appended as one argument, so it cannot be interpreted as code. Commands that would bring a
// shell (or an interpreter's inline-code flag) back in are refused with an explanation, because
// the prompt then becomes code again, written by whoever wrote the issue. Check commands of
// validation rules (argv without a prompt) get the same refusals (commandProblem).
//
// This list is defence in depth, not a boundary: whoever chooses the program chooses what runs,
// and no list of programs can be complete. It catches the ways people reach for a shell by habit
// and the known ways a harmless-looking wrapper runs its argument as code:
// - shells, and programs that hand their command to one (su, runuser, sg, script, ssh, watch,
//   parallel, at, tmux, screen, …), `env -S`, `sudo -s/-i`, `doas -s`, `flock -c`, `npx -c`,
//   `npm exec -c`, `pnpm dlx -c`;
// - interpreters with inline code (`python -c`, `node -e`, `perl -e`, `expect -c`, `Rscript -e`,
//   `julia -e`, …), and with no script at all (the prompt would be read as the script's path);
// - programs whose first argument is a program (awk and its family, sed: `e` runs a shell), and
//   options that run other programs (`find -exec`, `git -c alias.x=!cmd`, `git -c core.pager=…`,
//   `git submodule foreach`, `git rebase --exec`, …);
// - wrappers (`env`, `sudo`, `timeout`, `nice`, `xargs`, `flock`, …) and runners that start a
//   program in an environment, container or sandbox (`uv run`, `poetry run`, `conda run`,
//   `docker run`, `bwrap`, `systemd-run`, `nix develop -c`, `yarn node`, …; command-runners.ts)
//   are looked through, their options parsed with their values (`timeout -s KILL`,
//   `docker run -v A:B IMAGE`), and a wrapper with no program is refused (the prompt would be
//   the program); `nix-shell` and `pixi run` run their command through a shell;
// - editors and debuggers with options that run commands (`emacs --eval`, `gdb -ex`, `vim -c`).
// The words are split in agent-command-words.ts; the checks start at program-check.ts. A Claude
// Code, Codex or Gemini CLI command whose own options would take the prompt as a value, where
// `--` cannot help, is refused too (prompt-separator.ts).
import { promptProblem } from '../agent-stream/prompt-separator.js';
import { ConfigError, showValue } from '../errors.js';
import { EXAMPLE, tokenize } from './agent-command-words.js';
import { WRAPPERS } from './command-runners.js';
import { checkProgram, programName, type CheckContext } from './program-check.js';
import { wrappedCommand, wrapperArgs } from './wrapped-command.js';

// Also read from here by the process adapter that starts the agent.
export { isPathLike } from './program-check.js';

const CHECK_EXAMPLE = 'run a program or a script file from the workspace with plain arguments, e.g. ["./checks/verify.sh"] or ["npm", "test"]; nothing here is run by a shell.';

/**
 * Splits `text` into argv with POSIX shell quoting rules ('single', "double" with backslash
 * escapes, backslash outside quotes) without running anything. `source` names where the command
 * came from (`STEP_AGENT_CMD`, `plan.steps.step-2.agent`) for error messages.
 */
export function parseAgentCommand(text: string, source: string): string[] {
  const shown = showValue(text);
  const fail = (why: string): never => {
    throw new ConfigError(`${source}: ${shown} ${why}`, 'The agent command is split into words like a shell would, but no shell ever runs it.');
  };
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ConfigError(`${source}: ${showValue(text)} is empty; expected an agent command such as "claude -p" or "codex exec --sandbox workspace-write"`);
  }
  const argv = tokenize(text, fail);
  if (argv.length === 0) fail('has no words; expected an agent command such as "claude -p"');
  checkProgram(argv, { fail, hint: EXAMPLE, prompt: true });
  const program = agentProgram(argv);
  const problem = program ? promptProblem(program.name, argv.slice(program.index + 1)) : null;
  if (problem) throw new ConfigError(`${source}: ${shown} ${problem}`);
  return argv;
}

/** Why an agent command would be refused (parseAgentCommand's message without its source), or null. */
export function agentCommandProblem(text: string): string | null {
  try {
    parseAgentCommand(text, '');
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message.replace(/^: /, '');
    throw err;
  }
}

/**
 * Why the argv of a check command (a `command` or `command_output_contains` rule) would bring a
 * shell or inline code back, or null. Like an agent command, but nothing is appended to it.
 */
export function commandProblem(argv: readonly string[]): string | null {
  try {
    checkProgram([...argv], {
      fail: (why) => {
        throw new ConfigError(why);
      },
      hint: CHECK_EXAMPLE,
      prompt: false,
    });
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

/**
 * Where the agent program itself is in a parsed agent command, looking through the wrappers the
 * checks look through (`timeout 600 claude -p`, `env X=1 codex exec`, `npx @google/gemini-cli`):
 * its index in argv and its name (a package runner's package named like its binary, `claude-code`
 * for `npx @anthropic-ai/claude-code`), and the wrappers it runs under, outermost first. Null when
 * no program can be found.
 */
export function agentProgram(argv: readonly string[]): { index: number; name: string; wrappers: string[] } | null {
  let words = [...argv];
  let index = 0;
  const wrappers: string[] = [];
  const ctx: CheckContext = {
    fail: (why) => {
      throw new ConfigError(why);
    },
    hint: '',
    prompt: true,
  };
  // Wrappers nest (`timeout 60 env X=1 claude`); a few levels are all anyone writes.
  for (let depth = 0; depth < 16 && words.length > 0; depth++) {
    const name = programName(words[0] as string);
    const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
    // The walk the checks make (program-check.ts): the wrapper's own options before its
    // subcommand (`uv --directory d run`), multi-word subcommands, aliases (`yarn node`).
    const wrapped = wrapper ? wrapperArgs(wrapper, words.slice(1)) : null;
    if (!wrapper || !wrapped) return { index, name, wrappers };
    wrappers.push(name);
    let rest: string[];
    try {
      rest = wrapped.alias ? [wrapped.alias, ...wrapped.args] : wrappedCommand(name, wrapper, wrapped.args, ctx);
    } catch {
      return null;
    }
    if (rest.length === 0) return null;
    index += words.length - rest.length;
    words = rest;
  }
  return null;
}

/** Where a person sets the default agent command: the Action's workflow, or the CLI. */
export type AgentSurface = 'action' | 'cli';

/** How to set the default agent command, in the words of where it is set. */
export function agentCommandHelp(surface: AgentSurface): string {
  return surface === 'action' ? "set the Action's `agent-command` input in the workflow (for example `agent-command: claude -p`)" : 'pass --agent "claude -p" or set STEP_AGENT_CMD in the environment';
}

/** A step that has no agent command to run: what is missing and how to give one. */
export function noAgentCommandText(stepId: string, surface: AgentSurface): string {
  return `No agent command for ${stepId}: ${agentCommandHelp(surface)}, or give the step its own agent (plan.steps.${stepId}.agent).`;
}
