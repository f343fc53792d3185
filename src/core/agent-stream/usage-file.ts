// `$SEQUENCER_USAGE_FILE`: where an agent whose stream we cannot read reports what an attempt
// used, as one JSON object with the fields of AgentUsage:
//   {"model": "my-model", "inputTokens": 1200, "outputTokens": 300, "cacheReadTokens": 0,
//    "cacheWriteTokens": 0, "costUsd": 0.012, "turns": 3, "apiMs": 4200, "sessionId": "abc",
//    "isError": false}
// Every field is optional but at least one figure must be there; the file is the agent's word,
// so it is bounded, checked field by field (a misspelt field is an error naming the nearest
// one), and its text fields are short single lines.
import { CONTROL } from '../plan/workspace-paths.js';
import { showValue, type Issue } from '../errors.js';
import { add, checkKnownFields, isRecord } from '../plan/field-checks.js';
import { utf8Length } from '../render/bounded-text.js';
import type { AgentUsage } from './types.js';

/** Largest usage file read: a few hundred bytes is all it needs. */
export const USAGE_FILE_MAX_BYTES = 16 * 1024;

const TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;
const COUNT_FIELDS = ['turns', 'apiMs'] as const;
const TEXT_FIELDS = ['model', 'sessionId'] as const;
export const USAGE_FIELDS = [...TEXT_FIELDS, ...TOKEN_FIELDS, 'costUsd', ...COUNT_FIELDS, 'isError'] as const;

/** More tokens than any attempt spends (a trillion): a bigger number is a mistake, not usage. */
export const MAX_TOKENS = 1e12;
/** More dollars than any attempt costs. */
export const MAX_COST_USD = 1e6;
const MAX_TEXT = 200;

export type UsageFileResult = { ok: true; usage: AgentUsage } | { ok: false; issues: Issue[] };

/**
 * The usage an agent wrote to `$SEQUENCER_USAGE_FILE`, or every problem with it. `bytes` is the
 * file's size (the caller reads at most USAGE_FILE_MAX_BYTES + 1 bytes of it).
 */
export function parseUsageFile(text: string, bytes = utf8Length(text)): UsageFileResult {
  const file = '$SEQUENCER_USAGE_FILE';
  if (bytes > USAGE_FILE_MAX_BYTES) {
    return { ok: false, issues: [{ path: file, message: `is ${bytes} bytes; expected a JSON object of at most ${USAGE_FILE_MAX_BYTES} bytes` }] };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, issues: [{ path: file, message: `is not JSON (${(err as Error).message}); expected an object such as {"inputTokens": 1200, "outputTokens": 300, "costUsd": 0.012}` }] };
  }
  if (!isRecord(doc)) return { ok: false, issues: [{ path: file, message: `must be a JSON object, got ${showValue(doc)}` }] };
  return validateUsage(doc, file);
}

export interface UsageCheckOptions {
  /** Refuse fields that are not usage fields (default true: the agent's file). */
  strict?: boolean;
  /** Refuse a record without a single figure (default true: the agent's file; a recorded attempt may have used nothing). */
  requireFigure?: boolean;
}

/** Checks a usage object field by field; `path` names it in the messages. */
export function validateUsage(doc: Record<string, unknown>, path: string, options: UsageCheckOptions = {}): UsageFileResult {
  const issues: Issue[] = [];
  if (options.strict !== false) checkKnownFields(issues, path, doc, USAGE_FIELDS);
  const usage: AgentUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false };
  let figures = 0;
  for (const name of TOKEN_FIELDS) {
    const v = doc[name];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_TOKENS) {
      add(issues, `${path}.${name}`, `must be a whole number of tokens from 0 to ${MAX_TOKENS}, got ${showValue(v)}`);
      continue;
    }
    usage[name] = v;
    figures++;
  }
  for (const name of COUNT_FIELDS) {
    const v = doc[name];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > Number.MAX_SAFE_INTEGER) {
      add(issues, `${path}.${name}`, `must be a whole number >= 0${name === 'apiMs' ? ' (milliseconds)' : ''}, got ${showValue(v)}`);
      continue;
    }
    usage[name] = v;
    figures++;
  }
  const cost = doc.costUsd;
  if (cost !== undefined) {
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0 || cost > MAX_COST_USD) {
      add(issues, `${path}.costUsd`, `must be a number of US dollars from 0 to ${MAX_COST_USD}, got ${showValue(cost)}`);
    } else {
      usage.costUsd = cost;
      figures++;
    }
  }
  for (const name of TEXT_FIELDS) {
    const v = doc[name];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !isShortLine(v)) {
      add(issues, `${path}.${name}`, `must be a single line of 1 to ${MAX_TEXT} characters, got ${showValue(v)}`);
      continue;
    }
    usage[name] = v;
  }
  if (doc.isError !== undefined) {
    if (typeof doc.isError !== 'boolean') add(issues, `${path}.isError`, `must be true or false, got ${showValue(doc.isError)}`);
    else usage.isError = doc.isError;
  }
  if (issues.length === 0 && figures === 0 && options.requireFigure !== false) {
    add(issues, path, `has no figure; expected at least one of ${[...TOKEN_FIELDS, 'costUsd', ...COUNT_FIELDS].join(', ')}`);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, usage };
}

/**
 * A usage read from an agent's stream, made fit to record: the figures are the agent's word, so
 * each is held to the same bounds as a usage file's (a larger one is cut to the bound), and a
 * model or session id that is not a short single line is left out. The state then always
 * validates, whatever the agent printed.
 */
export function boundedUsage(u: AgentUsage): AgentUsage {
  const out: AgentUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: u.isError === true };
  for (const name of TOKEN_FIELDS) out[name] = Math.min(MAX_TOKENS, Math.max(0, Math.floor(u[name]) || 0));
  for (const name of COUNT_FIELDS) {
    const v = u[name];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[name] = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(v));
  }
  if (typeof u.costUsd === 'number' && Number.isFinite(u.costUsd) && u.costUsd >= 0) out.costUsd = Math.min(MAX_COST_USD, u.costUsd);
  for (const name of TEXT_FIELDS) {
    const v = u[name];
    if (typeof v === 'string' && isShortLine(v)) out[name] = v;
  }
  return out;
}

function isShortLine(v: string): boolean {
  // No control character, line break or bidi control: the model name is shown in tables and the terminal.
  return v.length > 0 && v.length <= MAX_TEXT && !CONTROL.test(v);
}
