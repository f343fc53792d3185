// What the agent lane's tests share: the installed agent (or a skip with the reason), temp
// directories, and recording a stream as a fixture (RECORD_AGENT_STREAMS=1), scrubbed of what
// belongs to this machine.
import { mkdtemp, realpath, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, type TestContext } from 'vitest';
import { agentCacheDir } from './agent-install.js';
import type { Agent } from './run-agent.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const STREAMS_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'agent-streams');
export const RECORDING = process.env.RECORD_AGENT_STREAMS === '1';

/** The installed agent; its test is skipped (with the reason) when the registry was out of reach. */
export function agentFor(ctx: TestContext, name: Agent['agent']): Agent {
  const found = inject('agents').find((a) => a.agent === name);
  if (!found) throw new Error(`no install result for ${name}`);
  if (found.ok) return found;
  if (found.skip) ctx.skip(`${found.pkg} is not installed: ${found.reason}`);
  throw new Error(`${found.pkg} could not be installed: ${found.reason}`);
}

const dirs: string[] = [];

export async function tempDir(prefix: string): Promise<string> {
  // realpath: agents print resolved paths (/tmp may be a link), and the scrubber must find them.
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/**
 * The stream with this machine's paths replaced by stable names: `replace` maps each path (the
 * workspace, the temp HOME, …) to its placeholder; the stand-in's port, the agent cache, this
 * Node and the user's home go too. Longer paths first, so a workspace inside HOME keeps its name.
 */
export function scrub(text: string, replace: Record<string, string>): string {
  const pairs: Array<[string, string]> = [
    ...Object.entries(replace),
    [agentCacheDir(), '/cache/agents'],
    [path.dirname(process.execPath), '/usr/local/bin'],
    [REPO_ROOT.replace(/\/$/, ''), '/repo'],
    [os.homedir(), '/home/user'],
    [os.tmpdir(), '/tmp'],
  ];
  // Claude Code names a project's folder after its path with every '/' as '-'.
  for (const [from, to] of Object.entries(replace)) pairs.push([from.replace(/\//g, '-'), to.replace(/\//g, '-')]);
  pairs.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [from, to] of pairs) {
    if (from && from !== '/') out = out.split(from).join(to);
  }
  return out
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:8080')
    .replace(/cc-socks\/\d+\.sock/g, 'cc-socks/4242.sock')
    .replace(/\b(user|host)name":"[^"]*"/g, '$1name":"runner"');
}

/** Writes the scrubbed stream under test/fixtures/agent-streams/ when recording. */
export async function record(name: string, text: string, replace: Record<string, string>): Promise<void> {
  if (!RECORDING) return;
  await mkdir(STREAMS_DIR, { recursive: true });
  await writeFile(path.join(STREAMS_DIR, name), scrub(text, replace));
}
