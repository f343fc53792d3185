// The command log of an attempt (`attempt-<n>.commands.jsonl` beside its log): one JSON line per
// tool call, appended when the call is decided, and one per result (exit status, duration). Calls
// are counted from the lines themselves, so the hooks and `exec` need no lock: each appends a
// single short line with O_APPEND, which lands whole, and a count is the number of call lines.
import type { EffectivePolicy, ToolCall } from './tool-policy.js';

/** Long command lines are cut in the log, so every line stays one small, whole append. */
const MAX_SUBJECT_CHARS = 2000;
const MAX_REASON_CHARS = 600;

export interface CallLine {
  time: string;
  /** Which adapter saw the call: `claude`, `gemini`, `codex` (hooks) or `exec`. */
  via: string;
  tool: string;
  /** The command line (shell tools, `exec`), or what the tool acts on (a path, a URL). */
  command?: string;
  target?: string;
  decision: 'allow' | 'deny';
  reason?: string;
  /** The agent CLI's id of the call, to pair the result line with it. */
  id?: string;
}

export interface ResultLine {
  time: string;
  via: string;
  tool: string;
  result: true;
  id?: string;
  exitCode?: number | null;
  durationMs?: number;
}

/** Whether the subject of a tool is a command line (logged as `command`) rather than a target. */
export function isCommandTool(tool: string): boolean {
  return /^(bash|exec|run_shell_command|shell|local_shell|exec_command)$/i.test(tool);
}

export function callLine(o: { now: Date; via: string; call: ToolCall; decision: 'allow' | 'deny'; reason?: string; id?: string }): string {
  const subject = clip(o.call.subject, MAX_SUBJECT_CHARS);
  const line: CallLine = {
    time: o.now.toISOString(),
    via: o.via,
    tool: clip(o.call.tool, 200),
    ...(subject ? (isCommandTool(o.call.tool) ? { command: subject } : { target: subject }) : {}),
    decision: o.decision,
    ...(o.reason ? { reason: clip(o.reason, MAX_REASON_CHARS) } : {}),
    ...(o.id ? { id: clip(o.id, 200) } : {}),
  };
  return `${JSON.stringify(line)}\n`;
}

export function resultLine(o: { now: Date; via: string; tool: string; id?: string; exitCode?: number | null; durationMs?: number }): string {
  const line: ResultLine = {
    time: o.now.toISOString(),
    via: o.via,
    tool: clip(o.tool, 200),
    result: true,
    ...(o.id ? { id: clip(o.id, 200) } : {}),
    ...(o.exitCode !== undefined ? { exitCode: o.exitCode } : {}),
    ...(o.durationMs !== undefined ? { durationMs: Math.max(0, Math.round(o.durationMs)) } : {}),
  };
  return `${JSON.stringify(line)}\n`;
}

export interface LogSummary {
  calls: number;
  denied: number;
}

/** Calls and denied calls in a command log; lines that are not call records (results, damage) are skipped. */
export function summarizeCommandLog(text: string): LogSummary {
  let calls = 0;
  let denied = 0;
  for (const line of text.split('\n')) {
    // A cheap test first: a log can hold thousands of lines, most of them results or allows.
    if (!line.includes('"decision"')) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof record !== 'object' || record === null) continue;
    const decision = (record as { decision?: unknown }).decision;
    if (decision !== 'allow' && decision !== 'deny') continue;
    calls++;
    if (decision === 'deny') denied++;
  }
  return { calls, denied };
}

/** When the call with `id` was decided (for a result's duration), from the log's call lines. */
export function callTime(text: string, id: string): Date | null {
  const needle = `"id":${JSON.stringify(id)}`;
  let at: Date | null = null;
  for (const line of text.split('\n')) {
    if (!line.includes(needle) || !line.includes('"decision"')) continue;
    try {
      const t = Date.parse((JSON.parse(line) as { time?: string }).time ?? '');
      if (!Number.isNaN(t)) at = new Date(t);
    } catch {
      // A damaged line says nothing.
    }
  }
  return at;
}

/** What the engine writes for each attempt ($SEQUENCER_POLICY_FILE). */
export interface PolicyFile {
  version: 1;
  attemptId: string;
  policy: EffectivePolicy;
}

export function policyFileText(attemptId: string, policy: EffectivePolicy): string {
  const file: PolicyFile = { version: 1, attemptId, policy };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The policy in a policy file's text, or why it cannot be read (the caller then denies: fail closed). */
export function parsePolicyFile(text: string): { ok: true; policy: EffectivePolicy } | { ok: false; problem: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: `not JSON (${(err as Error).message})` };
  }
  const p = (doc as { policy?: unknown } | null)?.policy as Partial<EffectivePolicy> | undefined;
  if (typeof p !== 'object' || p === null) return { ok: false, problem: 'no "policy" object' };
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (!(p.maxCalls === null || (typeof p.maxCalls === 'number' && Number.isInteger(p.maxCalls) && p.maxCalls >= 0)))
    return { ok: false, problem: `policy.maxCalls must be null or an integer >= 0, got ${JSON.stringify(p.maxCalls)}` };
  if (!strings(p.allow) || !strings(p.block)) return { ok: false, problem: 'policy.allow and policy.block must be arrays of strings' };
  return { ok: true, policy: { maxCalls: p.maxCalls, allow: p.allow, block: p.block, via: p.via === 'exec' ? 'exec' : 'hook', onExceed: p.onExceed === 'deny' ? 'deny' : 'fail' } };
}

/** The most of one attempt's command log kept with the attempt on the work branch. */
export const KEPT_COMMAND_LOG_BYTES = 256 * 1024;

/** Where an attempt's command log is kept with the state, relative to the state's folder. */
export function commandLogRecord(stepId: string, n: number): string {
  return `commands/${stepId}/attempt-${n}.jsonl`;
}

/**
 * A command log cut to `maxBytes` at line ends: the first and the last lines, with one line in
 * between saying how many were left out (the whole log stays in the attempt logs).
 */
export function boundedCommandLog(text: string, maxBytes = KEPT_COMMAND_LOG_BYTES): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const lines = text.split('\n').filter((l) => l !== '');
  const budget = Math.floor((maxBytes - 200) / 2);
  const head: string[] = [];
  let used = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (used + size > budget) break;
    head.push(line);
    used += size;
  }
  const tail: string[] = [];
  used = 0;
  for (let i = lines.length - 1; i >= head.length; i--) {
    const size = Buffer.byteLength(lines[i]!) + 1;
    if (used + size > budget) break;
    tail.unshift(lines[i]!);
    used += size;
  }
  const omitted = lines.length - head.length - tail.length;
  return `${[...head, JSON.stringify({ truncated: true, omittedLines: omitted }), ...tail].join('\n')}\n`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
