// The outcome an agent declares in $SEQUENCER_RESULT_FILE, as the original orchestrator's agents
// declare theirs with `--status`: `{"status": "completed" | "cancelled" | "overflow" | "failed",
// "reason": "…"}`. It is the agent's word, so it is untrusted: read bounded, validated, its reason
// cut to one short line. The judge weighs it with the exit code and the contract: a declared
// failure fails even with exit 0, and a declared completion still has to pass the contract.
import type { FileRead } from '../../ports.js';
import { oneLine } from '../render/untrusted-text.js';

export const DECLARED_STATUSES = ['completed', 'cancelled', 'overflow', 'failed'] as const;
export type DeclaredStatus = (typeof DECLARED_STATUSES)[number];

export interface DeclaredResult {
  status: DeclaredStatus;
  reason?: string;
}

/** A result file is a status and a sentence; anything larger is not one. */
export const RESULT_MAX_BYTES = 16 * 1024;
/** The reason as kept in the state and quoted in errors and prompts. */
export const REASON_MAX_CHARS = 500;

export type ResultCheck = { ok: true; declared?: DeclaredResult } | { ok: false; error: string };

const WHERE = '$SEQUENCER_RESULT_FILE';

/** What the agent left in its result file: nothing (it declared nothing), a declaration, or why it is not one. */
export function interpretResult(read: FileRead): ResultCheck {
  if (read.kind === 'missing') return { ok: true };
  if (read.kind === 'too-large') return { ok: false, error: `the result in ${WHERE} is ${read.bytes} bytes, more than ${RESULT_MAX_BYTES}; expected {"status": …, "reason": …}` };
  if (read.kind === 'unreadable') return { ok: false, error: `could not read the result in ${WHERE}: ${read.reason}` };
  let value: unknown;
  try {
    value = JSON.parse(read.text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: `the result in ${WHERE} is not valid JSON; expected {"status": "${DECLARED_STATUSES.join('" | "')}", "reason": "…"}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: `the result in ${WHERE} must be a JSON object with "status", got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}` };
  const { status, reason } = value as Record<string, unknown>;
  if (typeof status !== 'string' || !(DECLARED_STATUSES as readonly string[]).includes(status)) {
    return { ok: false, error: `the result in ${WHERE} has status ${shortJson(status)}; expected one of ${DECLARED_STATUSES.join(', ')}` };
  }
  if (reason !== undefined && reason !== null && typeof reason !== 'string') return { ok: false, error: `the result in ${WHERE} has a reason that is not a string (${shortJson(reason)})` };
  const text = typeof reason === 'string' ? oneLine(reason, REASON_MAX_CHARS, { squeezeSpaces: true }) : '';
  return { ok: true, declared: { status: status as DeclaredStatus, ...(text ? { reason: text } : {}) } };
}

/** `the agent declared the attempt failed: <reason>` and the like, for errors and retry prompts. */
export function declaredText(d: DeclaredResult): string {
  return `the agent declared the attempt ${d.status}${d.reason ? `: ${d.reason}` : ' (no reason given)'}`;
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
