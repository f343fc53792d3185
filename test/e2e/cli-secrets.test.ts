// The CLI keeps its environment's secrets out of what it prints and records, and, run inside an
// Actions step, prints the agent's lines so the runner acts on none of them.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runnerCommands } from '../helpers/workflow-commands.js';
import { makeTempDir, output, removeTempDirs, runCli, writeJson } from './helpers.js';

afterEach(removeTempDirs);

const KEY = 'sk-proj-cliKEYonlyForTests0123456789';
const AGENT = `#!/usr/bin/env node
process.stdout.write('key ' + process.env.OPENAI_API_KEY + '\\n::add-mask::agent-mask\\n  ::warning file=a.js::forged\\n');
process.stderr.write('failing with ' + Buffer.from(process.env.OPENAI_API_KEY).toString('base64') + '\\n::set-output name=x::y\\n');
process.exit(1);
`;

describe('CLI with a leaky agent', () => {
  it('prints and records no secret, and no agent line becomes a workflow command', async () => {
    const ws = await makeTempDir('cli-secrets-');
    const tools = await makeTempDir('cli-secrets-tools-');
    const agent = path.join(tools, 'agent.mjs');
    await writeFile(agent, AGENT);
    await chmod(agent, 0o755);
    // The plan quotes the key too: it is stored, hashed and given to the agent as ***.
    await writeJson(path.join(ws, 'plan.json'), { title: 'Leak', steps: { s1: { title: 'One', instruction: `Go, key ${KEY}` } } });
    const r = await runCli(['run', '--plan', 'plan.json', '--max-attempts', '1', '--agent', agent], { cwd: ws, env: { OPENAI_API_KEY: KEY, GITHUB_ACTIONS: 'true' } });
    expect(r.code, output(r)).toBe(1);
    // The agent's output was echoed and reported (scrubbed), not dropped.
    expect(output(r)).toContain('key ***');
    expect(output(r)).toContain('::add-mask::agent-mask');
    expect(output(r)).not.toContain(KEY);
    expect(output(r)).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(runnerCommands(r.stdout).concat(runnerCommands(r.stderr))).toEqual([]);
    const state = await readFile(path.join(ws, '.sequencer', 'plan', 'state.json'), 'utf8');
    expect(state).toContain('failing with ***');
    expect((JSON.parse(state) as { plan: { steps: { s1: { instruction: string } } } }).plan.steps.s1.instruction).toBe('Go, key ***');
    expect(state).not.toContain(KEY);
  });
});
