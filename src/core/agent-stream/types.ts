// What the sequencer reads from an agent's machine-readable stream (Claude Code stream-json,
// Codex `exec --json`, Gemini CLI stream-json), in one vocabulary for all three: events to show
// as the attempt runs, and the usage of the attempt. Everything here came from the agent: it is
// untrusted text and is only ever shown through render-event.ts.

export const STREAM_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type StreamAgent = (typeof STREAM_AGENTS)[number];

/**
 * The tokens and cost of one attempt. Token fields never overlap, whatever the agent's own
 * convention (Anthropic reports input without the cache; OpenAI and Google include cached tokens
 * in their input count): `inputTokens` is input neither read from nor written to a cache.
 */
export interface AgentUsage {
  /** The model that did most of the work (most tokens), as the agent names it. */
  model?: string;
  inputTokens: number;
  outputTokens: number;
  /** Input served from the provider's prompt cache. */
  cacheReadTokens: number;
  /** Input written to the provider's prompt cache (Anthropic's cache creation). */
  cacheWriteTokens: number;
  /** What the agent says the attempt cost, in USD; absent when it does not say (Codex, Gemini CLI). */
  costUsd?: number;
  /** Model round trips (Claude Code's num_turns). */
  turns?: number;
  /** Time spent waiting on the model API, in ms (Claude Code's duration_api_ms). */
  apiMs?: number;
  /** The agent's own id of the session (Claude Code, Gemini CLI) or thread (Codex). */
  sessionId?: string;
  /** The agent reported that it failed (an API error, a turn limit, a failed turn). */
  isError: boolean;
}

/** All four token counts: what a token budget counts. */
export function totalTokens(u: Pick<AgentUsage, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens'>): number {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}

export function emptyUsage(): AgentUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false };
}

/** One thing the agent did or said, in the order its stream said it. */
export type StreamEvent =
  /** The session began. */
  | { kind: 'start'; sessionId?: string; model?: string }
  /** Text the model wrote to the user (Gemini CLI's pieces already joined). */
  | { kind: 'text'; text: string }
  /** A tool call: the tool's name and what it acts on (a command line, a path, a URL), maybe empty. */
  | { kind: 'tool'; tool: string; subject: string; id?: string }
  /** A tool call that failed or was refused; `tool` when the stream lets us know which. */
  | { kind: 'tool-error'; message: string; tool?: string; id?: string }
  /** Something the agent reported that is not fatal by itself (a retry, a warning). */
  | { kind: 'notice'; message: string }
  /** The agent's final word: whether it succeeded, its last text or error, and the usage. */
  | { kind: 'result'; ok: boolean; text?: string; usage: AgentUsage };
