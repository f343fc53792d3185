// Runs a real agent CLI against a stand-in: a temp HOME holding only the settings that point it
// at the stand-in, a clean environment (nothing of the machine's own keys or config reaches it),
// its stdout read line by line as it comes, and a way to kill it mid-stream.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Installed } from './agent-install.js';

export type Agent = Extract<Installed, { ok: true }>;

/** The environment and files an agent needs to talk to the stand-in at `url`, under `home`. */
export async function agentSetup(agent: Agent['agent'], url: string, home: string): Promise<Record<string, string>> {
  await mkdir(home, { recursive: true });
  if (agent === 'claude') {
    return { HOME: home, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-ant-standin', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
  }
  if (agent === 'codex') {
    // `openai_base_url` also reaches a stand-in, but the built-in provider first tries the
    // Responses API over a WebSocket (five attempts, ~6 s); a provider without WebSockets goes
    // straight to HTTP. gpt-5.5 is a model Codex knows whose tools are plain function tools
    // (exec_command) and apply_patch; its newest default drives them through a JavaScript cell.
    await mkdir(path.join(home, '.codex'), { recursive: true });
    await writeFile(
      path.join(home, '.codex', 'config.toml'),
      [
        'model = "gpt-5.5"',
        'model_provider = "standin"',
        'check_for_update_on_startup = false',
        '',
        '[model_providers.standin]',
        'name = "stand-in"',
        `base_url = "${url}/v1"`,
        'env_key = "OPENAI_API_KEY"',
        'wire_api = "responses"',
        'supports_websockets = false',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
    return { HOME: home, CODEX_HOME: path.join(home, '.codex'), OPENAI_API_KEY: 'sk-standin' };
  }
  // Gemini CLI reads the API-key auth choice from its settings; the base URL may be plain HTTP
  // only on 127.0.0.1. A fixed model skips its model router (which asks the API itself).
  await mkdir(path.join(home, '.gemini'), { recursive: true });
  await writeFile(path.join(home, '.gemini', 'settings.json'), `${JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2)}\n`);
  return { HOME: home, GEMINI_API_KEY: 'standin-key', GOOGLE_GEMINI_BASE_URL: url, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
}

/** A clean environment: a PATH with this Node first, a UTF-8 locale, and what is given. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    ...extra,
  };
}

export interface AgentRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout as the agent wrote it. */
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Called with each complete stdout line; returning true kills the agent (SIGKILL) there. */
  killWhen?: (line: string) => boolean;
  /** Polled every 25 ms; returning true kills the agent (SIGKILL) there. */
  killAfter?: () => boolean;
  /** Each chunk of stdout as it arrives. */
  onStdout?: (chunk: string) => void;
}

export function runAgent(argv: readonly string[], opts: RunOptions): Promise<AgentRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const [file, ...args] = argv as [string, ...string[]];
    // Its own process group, killed whole, as the sequencer does: Codex's and Gemini CLI's Node
    // launchers run the agent in a child that a kill of the launcher alone would leave running.
    const child = spawn(file, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const kill = (): void => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    let stdout = '';
    let stderr = '';
    let pending = '';
    const timer = setTimeout(() => kill(), opts.timeoutMs ?? 60_000);
    const poll = opts.killAfter
      ? setInterval(() => {
          if (opts.killAfter?.()) kill();
        }, 25)
      : undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      opts.onStdout?.(chunk);
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (opts.killWhen?.(line)) kill();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started });
    });
  });
}

/** The JSON objects of a JSON-lines stream (lines that are not JSON are left out). */
export function jsonLines(text: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    try {
      out.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // A cut line (a killed agent) is not an event.
    }
  }
  return out;
}
