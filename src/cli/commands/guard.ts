// `hook <agent>`: a tool hook of an agent CLI (Claude Code's PreToolUse/PostToolUse, Codex's
// same-named hooks, Gemini CLI's BeforeTool/AfterTool). `exec -- <argv…>`: the forwarder for
// agents without hooks. Both apply the attempt's tool policy and log every call; outside an
// attempt (no SEQUENCER_POLICY_FILE) they allow everything and log nothing.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:os';
import { HOOK_AGENTS, hookAnswer, parseHookPayload, type HookAgent } from '../../core/guard/hook-protocols.js';
import { commandLine } from '../../core/guard/tool-policy.js';
import { guardFromEnv } from '../../adapters/guard/tool-guard.js';

export interface GuardIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Exit status of `exec` when the policy refuses the command (POSIX: found but cannot be run). */
export const EXEC_DENIED = 126;
/** Exit status of `exec` when the program cannot be started. */
export const EXEC_NOT_FOUND = 127;

export async function hookCommand(args: string[], io: GuardIo): Promise<number> {
  const agent = args[0];
  if (!(HOOK_AGENTS as readonly string[]).includes(agent ?? '')) {
    // Exit 2 blocks the call in every supported CLI: a misconfigured guard must not let calls through.
    io.err(`agent-step-sequencer hook: expected one of ${HOOK_AGENTS.join(', ')}, got ${JSON.stringify(agent ?? '')}\n`);
    return 2;
  }
  const a = agent as HookAgent;
  const input = await readAll(io.stdin);
  const guard = guardFromEnv(io.env);
  if (!guard) {
    io.out(hookAnswer(a, 'allow'));
    return 0;
  }
  let event;
  try {
    event = parseHookPayload(a, input);
  } catch (err) {
    io.out(hookAnswer(a, 'deny', `The sequencer's tool hook could not read this call: ${(err as Error).message}.`));
    return 0;
  }
  if (event.kind === 'pre') {
    const decision = guard.decide(a, event.call, event.id);
    io.out(hookAnswer(a, decision.decision, decision.reason));
    return 0;
  }
  if (event.kind === 'post') guard.recordResult(a, event.tool, { ...(event.id ? { id: event.id } : {}), ...(event.exitCode !== undefined ? { exitCode: event.exitCode } : {}) });
  // PostToolUse output is advisory; Gemini CLI expects JSON on stdout for every event.
  if (a === 'gemini') io.out('{}');
  return 0;
}

export async function execCommand(args: string[], io: GuardIo): Promise<number> {
  const argv = args[0] === '--' ? args.slice(1) : args;
  const [program, ...rest] = argv;
  if (program === undefined || program === '') {
    io.err('usage: agent-step-sequencer exec -- <program> [arguments...]\n');
    return 2;
  }
  const guard = guardFromEnv(io.env);
  const id = randomUUID();
  if (guard) {
    const decision = guard.decide('exec', { tool: 'exec', subject: commandLine(argv) }, id);
    if (decision.decision === 'deny') {
      io.err(`agent-step-sequencer exec: not run: ${decision.reason}\n`);
      return EXEC_DENIED;
    }
  }
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    // The forwarder runs inside the agent's process tree: the command gets the agent's own
    // environment (already stripped of the runner's secrets by the engine), the one the policy was read from.
    const child = spawn(program, rest, { stdio: 'inherit', shell: false, env: io.env });
    child.once('error', (err: NodeJS.ErrnoException) => {
      io.err(`agent-step-sequencer exec: cannot run ${JSON.stringify(program)}: ${err.code === 'ENOENT' ? 'not found' : err.message}\n`);
      resolve(err.code === 'EACCES' ? EXEC_DENIED : EXEC_NOT_FOUND);
    });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
  });
  guard?.recordResult('exec', 'exec', { id, exitCode: code, durationMs: Date.now() - started });
  return code;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
