// A plan run by the built CLI (`node dist/cli.js run`, file store) whose agent command ends
// inside Claude Code's variadic `--allowedTools`, against the Anthropic stand-in. Claude Code
// takes every word after `--allowedTools` up to the next option as a tool, so the prompt appended
// last would be read as one more tool and the agent would get no prompt at all ("was read as a
// value of --allowedTools, not as a prompt"). The sequencer puts `--` before the prompt: the
// request the stand-in records holds the step's instruction, and Bash stays allowed. Codex's
// `-i/--image <FILE>...` gets the same `--`, and the real Codex reads the prompt after it.
// A command that ends with an option taking one value (`claude -p --model`) is refused instead:
// the real Claude Code takes the prompt as the model, and `--` as the model just the same. So is
// a Gemini CLI command whose -p is not its last word: the real Gemini CLI takes only the word
// right after -p as the prompt, and stops at once when that word is an option. A prompt that
// starts with `-` (a step's instruction with no preamble, or a payload filled in first) is read as
// options by both Claude Code and Codex: the sequencer puts `--` before it when the attempt runs.
// Gemini CLI takes no such prompt after -p, after `--` or as its positional prompt, but takes
// `--prompt=<prompt>`: the sequencer joins it so.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { streamCommand } from '../../src/core/agent-stream/stream-command.js';
import { parseAgentCommand } from '../../src/core/trust/agent-command.js';
import { output, readState, runCli, writeJson } from '../e2e/helpers.js';
import { startAnthropicStandIn } from './anthropic-stand-in.js';
import { startGeminiStandIn } from './gemini-stand-in.js';
import { agentFor, removeTempDirs, tempDir } from './lane.js';
import { startOpenAIStandIn } from './openai-stand-in.js';
import { agentSetup, cleanEnv, runAgent, type Agent } from './run-agent.js';

afterAll(removeTempDirs);

interface Message {
  role: string;
  content: string | Array<{ type: string; text?: string }>;
}

/**
 * The program as npm installs it on PATH (`node_modules/.bin/<name>`), for an agent the lane runs
 * through Node: the sequencer knows the agent by that name.
 */
function installedProgram(agent: Agent, name: string): string {
  return path.join(agent.binary.slice(0, agent.binary.lastIndexOf(`${path.sep}node_modules${path.sep}`)), 'node_modules', '.bin', name);
}

/** A 1×1 PNG, for Codex to attach. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('an agent command that ends inside an option taking several values, with the real agents', () => {
  it('gives Claude Code the step instruction as its prompt, and the tools as its allowed tools', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-args-ws-');
    const home = await tempDir('claude-args-home-');
    const instruction = 'Mark the run: create made-by-bash.txt with touch.';
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, { title: 'Mark', steps: { mark: { title: 'Mark the run', instruction, requiredOutputs: ['made-by-bash.txt'], maxAttempts: 1 } } });
    const api = await startAnthropicStandIn([{ call: [{ tool: 'Bash', input: { command: 'touch made-by-bash.txt', description: 'Mark the run' } }] }, { say: 'Marked.' }]);
    try {
      const env = await agentSetup('claude', api.url, home);
      const r = await runCli(['run', '--plan', planFile, '--agent', `${claude.binary} -p --allowedTools Bash`], { cwd: ws, env, timeoutMs: 90_000 });
      const text = output(r);
      expect(r.code, text).toBe(0);
      expect(text).toContain('--allowedTools Bash -- ');

      // The first request to the API holds the prompt as the user's own words.
      const first = api.requests.find((q) => q.turn === 0)?.body as { messages: Message[] } | undefined;
      const user = first?.messages.find((m) => m.role === 'user');
      const said = typeof user?.content === 'string' ? [user.content] : (user?.content ?? []).map((b) => b.text ?? '');
      expect(said.some((t) => t.includes(instruction))).toBe(true);
      // Bash ran without a person to approve it: --allowedTools kept its value.
      expect(existsSync(path.join(ws, 'made-by-bash.txt'))).toBe(true);
      expect((await readState(path.join(ws, '.sequencer', 'plan', 'state.json'))).status).toBe('DONE');
    } finally {
      await api.close();
    }
  });

  it('gives Codex the prompt after `codex exec -i shot.png`', async (ctx) => {
    const codex = agentFor(ctx, 'codex');
    const ws = await tempDir('codex-args-ws-');
    execFileSync('git', ['init', '-q', ws]);
    await writeFile(path.join(ws, 'shot.png'), PNG);
    const api = await startOpenAIStandIn([{ say: 'Seen.' }]);
    try {
      const env = cleanEnv(await agentSetup('codex', api.url, await tempDir('codex-args-home-')));
      const command = streamCommand(parseAgentCommand('codex exec -i shot.png', 'agent'));
      const prompt = 'Describe the attached screenshot in one word.';
      // The installed program in place of the command's name.
      const run = await runAgent([...codex.argv, ...(command?.argv.slice(1) ?? []), prompt], { cwd: ws, env });
      expect(run.code, run.stderr).toBe(0);
      const first = JSON.stringify(api.requests.find((q) => q.turn === 0)?.body ?? null);
      expect(first).toContain(prompt);
      expect(first).toContain('data:image/png;base64,');
    } finally {
      await api.close();
    }
  });
});

describe('an agent command that ends with an option taking one value, with the real Claude Code', () => {
  it('takes the prompt as the value, `--` too, so the sequencer refuses the command before anything runs', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-model-ws-');
    const api = await startAnthropicStandIn([{ say: 'Done.' }]);
    try {
      const env = cleanEnv(await agentSetup('claude', api.url, await tempDir('claude-model-home-')));
      // One word, so the model name Claude Code prints is the prompt exactly.
      const prompt = 'Summarise-the-notes';
      const plain = await runAgent([claude.binary, '-p', '--model', prompt], { cwd: ws, env });
      expect(plain.code).toBe(1);
      expect(plain.stderr).toContain(`doesn't recognize the model "${prompt}"`);
      expect(plain.stderr).toContain('Input must be provided either through stdin or as a prompt argument');
      expect(api.requests).toHaveLength(0);

      // `--` is taken as the model: the prompt arrives, asking for a model named "--".
      const separated = await runAgent([claude.binary, '-p', '--model', '--', prompt], { cwd: ws, env });
      expect(separated.code, separated.stderr).toBe(0);
      const asked = api.requests.find((q) => q.turn === 0)?.body as { model: string } | undefined;
      expect(asked?.model).toBe('--');

      const planFile = path.join(ws, 'plan.json');
      await writeJson(planFile, { title: 'Notes', steps: { notes: { title: 'Summarise', instruction: prompt, maxAttempts: 1 } } });
      const r = await runCli(['run', '--plan', planFile, '--agent', `${claude.binary} -p --model`], { cwd: ws, env, timeoutMs: 60_000 });
      expect(r.code, output(r)).toBe(2);
      // The command as written is long (the installed binary's path): it is shown shortened.
      expect(output(r)).toMatch(/--agent: ".*? ends with --model, which takes the prompt \(added as the last argument\) as its value; give --model a value/);
      // Nothing ran: no request beyond the two above, no plan created.
      expect(api.requests.filter((q) => q.turn !== null)).toHaveLength(1);
      expect(existsSync(path.join(ws, '.sequencer'))).toBe(false);
    } finally {
      await api.close();
    }
  });
});

describe('a Gemini CLI command whose -p is not its last word, with the real Gemini CLI', () => {
  it('stops before asking its model, so the sequencer refuses the command; with -p last the prompt arrives', async (ctx) => {
    const gemini = agentFor(ctx, 'gemini');
    const ws = await tempDir('gemini-p-ws-');
    const api = await startGeminiStandIn([{ say: 'Done.' }]);
    try {
      const env = cleanEnv(await agentSetup('gemini', api.url, await tempDir('gemini-p-home-')));
      const prompt = 'Summarise the notes.';
      // -p does not take the option after it as its value, and the prompt at the end is not read.
      const before = await runAgent([...gemini.argv, '-p', '--allowed-tools', 'run_shell_command', prompt], { cwd: ws, env });
      expect(before.code).toBe(1);
      expect(before.stderr).toContain('Not enough arguments following: p');
      // -p with a value of its own, and the prompt after it as the positional prompt.
      const both = await runAgent([...gemini.argv, '-p', 'Say hello first.', '--yolo', prompt], { cwd: ws, env });
      expect(both.code).toBe(1);
      expect(both.stderr).toContain('Cannot use both a positional prompt and the --prompt (-p) flag together');
      expect(api.requests).toHaveLength(0);

      // The command the refusal asks for, -p last: the prompt reaches the model.
      const after = await runAgent([...gemini.argv, '--allowed-tools', 'run_shell_command', '-p', prompt], { cwd: ws, env });
      expect(after.code, after.stderr).toBe(0);
      expect(JSON.stringify(api.requests.find((q) => q.turn === 0)?.body ?? null)).toContain(prompt);

      const program = installedProgram(gemini, 'gemini');
      const planFile = path.join(ws, 'plan.json');
      await writeJson(planFile, { title: 'Notes', steps: { notes: { title: 'Summarise', instruction: prompt, maxAttempts: 1 } } });
      const r = await runCli(['run', '--plan', planFile, '--agent', `${program} -p --allowed-tools run_shell_command`], { cwd: ws, env, timeoutMs: 60_000 });
      expect(r.code, output(r)).toBe(2);
      expect(output(r)).toMatch(/--agent: ".*? has -p followed by "--allowed-tools", and Gemini CLI takes only the word right after -p as the prompt/);
      // Nothing ran: no request beyond the one above, no plan created.
      expect(api.requests.filter((q) => q.turn !== null)).toHaveLength(1);
      expect(existsSync(path.join(ws, '.sequencer'))).toBe(false);
    } finally {
      await api.close();
    }
  });
});

describe('a prompt that starts with `-`, with the real Claude Code, Codex and Gemini CLI', () => {
  const instruction = '- Read the notes.\n- Say what they are about.';
  async function dashPlan(ws: string): Promise<string> {
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, { title: 'Notes', promptPreamble: false, steps: { notes: { title: 'Read the notes', instruction, maxAttempts: 1 } } });
    return planFile;
  }
  const userWords = (body: unknown): string => JSON.stringify(body ?? null);

  it('Claude Code reads it as an option; the sequencer puts `--` before it and the step runs', async (ctx) => {
    const claude = agentFor(ctx, 'claude');
    const ws = await tempDir('claude-dash-ws-');
    const api = await startAnthropicStandIn([{ say: 'They are about the release.' }]);
    try {
      const env = await agentSetup('claude', api.url, await tempDir('claude-dash-home-'));
      const bare = await runAgent([claude.binary, '-p', instruction], { cwd: ws, env: cleanEnv(env) });
      expect(bare.code).toBe(1);
      expect(bare.stderr).toContain("error: unknown option '- Read the notes.");
      expect(api.requests).toHaveLength(0);

      const r = await runCli(['run', '--plan', await dashPlan(ws), '--agent', `${claude.binary} -p`], { cwd: ws, env, timeoutMs: 90_000 });
      expect(r.code, output(r)).toBe(0);
      expect(output(r)).toContain('--include-partial-messages --settings "$SEQUENCER_CLAUDE_SETTINGS" -p -- ');
      expect(userWords(api.requests.find((q) => q.turn === 0)?.body)).toContain(JSON.stringify(instruction).slice(1, -1));
      expect((await readState(path.join(ws, '.sequencer', 'plan', 'state.json'))).status).toBe('DONE');
    } finally {
      await api.close();
    }
  });

  it('Codex reads it as an option; the sequencer puts `--` before it and the step runs', async (ctx) => {
    const codex = agentFor(ctx, 'codex');
    const ws = await tempDir('codex-dash-ws-');
    execFileSync('git', ['init', '-q', ws]);
    const api = await startOpenAIStandIn([{ say: 'They are about the release.' }]);
    try {
      const env = await agentSetup('codex', api.url, await tempDir('codex-dash-home-'));
      const bare = await runAgent([...codex.argv, 'exec', instruction], { cwd: ws, env: cleanEnv(env) });
      expect(bare.code).toBe(2);
      // clap reads the prompt as short options, the first being a space.
      expect(bare.stderr).toContain("error: unexpected argument '- ' found");
      expect(api.requests).toHaveLength(0);

      const r = await runCli(['run', '--plan', await dashPlan(ws), '--agent', `${installedProgram(codex, 'codex')} exec`], { cwd: ws, env, timeoutMs: 90_000 });
      expect(r.code, output(r)).toBe(0);
      expect(output(r)).toContain('exec --json -- ');
      expect(userWords(api.requests.find((q) => q.turn === 0)?.body)).toContain(JSON.stringify(instruction).slice(1, -1));
      expect((await readState(path.join(ws, '.sequencer', 'plan', 'state.json'))).status).toBe('DONE');
    } finally {
      await api.close();
    }
  });

  it('Gemini CLI takes it only as --prompt=<prompt>; the sequencer joins it so, after -p and for a positional prompt, and the steps run', async (ctx) => {
    const gemini = agentFor(ctx, 'gemini');
    const ws = await tempDir('gemini-dash-ws-');
    const api = await startGeminiStandIn([{ say: 'They are about the release.' }, { say: 'Still the release.' }]);
    try {
      const env = await agentSetup('gemini', api.url, await tempDir('gemini-dash-home-'));
      const after = await runAgent([...gemini.argv, '--yolo', '-p', instruction], { cwd: ws, env: cleanEnv(env) });
      expect(after.code).toBe(1);
      expect(after.stderr).toContain('Not enough arguments following: p');
      const positional = await runAgent([...gemini.argv, '--yolo', instruction], { cwd: ws, env: cleanEnv(env) });
      expect(positional.code).toBe(1);
      expect(positional.stderr).toContain('Unknown arguments');
      expect(api.requests).toHaveLength(0);

      // The plan's agent ends with -p; its second step's own command gives the prompt as the positional one.
      const program = installedProgram(gemini, 'gemini');
      const planFile = path.join(ws, 'plan.json');
      await writeJson(planFile, {
        title: 'Notes',
        promptPreamble: false,
        steps: {
          notes: { title: 'Read the notes', instruction, maxAttempts: 1 },
          again: { title: 'Read them again', instruction, agent: `${program} --yolo`, maxAttempts: 1 },
        },
      });
      const r = await runCli(['run', '--plan', planFile, '--agent', `${program} --yolo -p`], { cwd: ws, env, timeoutMs: 90_000 });
      const text = output(r);
      expect(r.code, text).toBe(0);
      expect(text).toContain('--output-format stream-json --yolo "--prompt=- Read the notes.');
      const turns = api.requests.filter((q) => q.turn !== null);
      expect(turns).toHaveLength(2);
      for (const turn of turns) expect(userWords(turn.body)).toContain(JSON.stringify(instruction).slice(1, -1));
      expect((await readState(path.join(ws, '.sequencer', 'plan', 'state.json'))).status).toBe('DONE');
    } finally {
      await api.close();
    }
  });
});
