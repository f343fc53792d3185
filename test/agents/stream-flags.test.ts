// The flags streamCommand adds to the README's agent recipes (read from its table, so a recipe
// the installed CLI refuses fails here), run with the real agent CLIs: each accepts them where
// they are put (after the program, before the prompt; Claude Code with its settings file), prints the stream the parser reads as it
// arrives, and the rendered lines show the tool call and the result.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderEvent } from '../../src/core/agent-stream/render-event.js';
import { streamCommand } from '../../src/core/agent-stream/stream-command.js';
import { AgentStreamParser } from '../../src/core/agent-stream/stream-parser.js';
import type { StreamEvent } from '../../src/core/agent-stream/types.js';
import { claudeSettingsText } from '../../src/core/guard/hook-protocols.js';
import { parseAgentCommand } from '../../src/core/trust/agent-command.js';
import { expandAgentVariables } from '../../src/core/trust/agent-command-variables.js';
import { CLI } from '../e2e/helpers.js';
import { startAnthropicStandIn } from './anthropic-stand-in.js';
import { startGeminiStandIn } from './gemini-stand-in.js';
import { agentFor, REPO_ROOT, removeTempDirs, tempDir } from './lane.js';
import { startOpenAIStandIn } from './openai-stand-in.js';
import { agentSetup, cleanEnv, runAgent, type Agent } from './run-agent.js';
import type { ScriptedTurn, StandIn } from './stand-in-server.js';

afterAll(removeTempDirs);

/** The `agent-command` the README's "Agent recipes" table gives for `name` (its first code span). */
function readmeRecipe(name: string): string {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const row = readme.split('\n').find((l) => l.startsWith(`| ${name} |`));
  const recipe = row && /^\| [^|]+ \| `([^`]+)`/.exec(row)?.[1];
  if (!recipe) throw new Error(`README.md has no agent recipe for ${name}`);
  return recipe;
}

const CASES: Array<{ agent: Agent['agent']; recipe: string; start: (s: ScriptedTurn[]) => Promise<StandIn>; script: (ws: string) => ScriptedTurn[]; tool: string }> = [
  {
    agent: 'claude',
    recipe: readmeRecipe('Claude Code'),
    start: startAnthropicStandIn,
    script: (ws) => [{ call: [{ tool: 'Write', input: { file_path: path.join(ws, 'out.md'), content: 'x\n' } }] }, { say: 'Written.' }],
    tool: 'Write: out.md',
  },
  {
    agent: 'codex',
    recipe: readmeRecipe('Codex'),
    start: startOpenAIStandIn,
    script: () => [{ call: [{ tool: 'exec_command', input: { cmd: 'echo hi > out.md' } }] }, { say: 'Written.' }],
    tool: 'Shell: echo hi > out.md',
  },
  {
    agent: 'gemini',
    recipe: readmeRecipe('Gemini CLI'),
    start: startGeminiStandIn,
    script: (ws) => [{ call: [{ tool: 'write_file', input: { file_path: path.join(ws, 'out.md'), content: 'x\n' } }] }, { say: 'Written.' }],
    tool: 'write_file: out.md',
  },
];

describe('stream flags with the real agent CLIs', () => {
  it.for(CASES)('$recipe', async ({ agent, recipe, start, script, tool }, ctx) => {
    const installed = agentFor(ctx, agent);
    const command = streamCommand(parseAgentCommand(recipe, 'recipe'));
    expect(command?.parse).toBe(true);
    const ws = await tempDir(`${agent}-flags-ws-`);
    // Claude Code also gets the attempt's settings file (the hook, which allows every call outside an attempt).
    const settings = path.join(ws, '..', `${path.basename(ws)}.claude-settings.json`);
    writeFileSync(settings, claudeSettingsText([process.execPath, CLI]));
    expect(command?.hook).toEqual(agent === 'claude' ? ['--settings', '$SEQUENCER_CLAUDE_SETTINGS'] : []);
    // The installed program in place of the recipe's name.
    const argv = [...installed.argv, ...expandAgentVariables((command as { argv: string[] }).argv.slice(1), { SEQUENCER_CLAUDE_SETTINGS: settings })];
    execFileSync('git', ['init', '-q', ws]);
    const api = await start(script(ws));
    try {
      const env = cleanEnv(await agentSetup(agent, api.url, await tempDir(`${agent}-flags-home-`)));
      const parser = new AgentStreamParser(agent);
      const events: StreamEvent[] = [];
      const run = await runAgent([...argv, 'Write out.md.'], { cwd: ws, env, onStdout: (chunk) => events.push(...parser.push(chunk)) });
      events.push(...parser.end());
      expect(run.code, run.stderr).toBe(0);
      expect(parser.finished).toBe(true);
      const lines = events.map((e) => renderEvent(e, { workspace: ws })).filter(Boolean);
      expect(lines).toContain(tool);
      expect(lines).toContain('» Written.');
      expect(lines.at(-1)).toMatch(/^✓ Done: .*tokens/);
    } finally {
      await api.close();
    }
  });
});
