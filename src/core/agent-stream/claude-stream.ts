// Claude Code's `-p --output-format stream-json --verbose` stream (also its `json` format, whose
// one object is the same `result`). One JSON object per line:
// - `system` `init`: the session id and model; `api_retry` and `compact_boundary` are notices;
// - `assistant`: one content block of a model message per event (text, tool_use, thinking), with
//   the message's usage as of its start (input and cache tokens; output only as 1);
// - `user`: tool results; `is_error: true` is a failed or refused call (a hook's denial too);
// - `stream_event` (only with --include-partial-messages): the API's own events, whose
//   `message_delta` carries the message's output tokens so far;
// - `result`: the end, with total_cost_usd, usage, modelUsage, num_turns, duration_api_ms,
//   session_id, is_error and subtype (`success`, `error_max_turns`, `error_during_execution`, …).
// Before the result, the usage is a running estimate from the messages seen so far.
import { toolSubject } from '../guard/hook-protocols.js';
import { arr, contentText, count, mainModel, num, obj, RecentMap, str, type Json } from './fields.js';
import type { StreamInterpreter } from './interpreter.js';
import { emptyUsage, type AgentUsage, type StreamEvent } from './types.js';

interface MessageTokens {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

export class ClaudeStream implements StreamInterpreter {
  private sessionId: string | undefined;
  private model: string | undefined;
  private final: AgentUsage | null = null;
  /** Tool names by tool_use id, so a tool's error can name its tool. */
  private readonly tools = new RecentMap<string>(256);
  /**
   * Usage of the recent messages by id, oldest first (a message's usage is repeated on each of
   * its blocks, so it is counted by id, once). Past 64 messages the oldest is folded into `older`.
   */
  private readonly messages = new Map<string, MessageTokens>();
  private readonly older: MessageTokens = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };

  read(e: Json): StreamEvent[] {
    switch (e.type) {
      case 'system':
        return this.system(e);
      case 'assistant':
        return this.assistant(e);
      case 'user':
        return this.toolResults(e);
      case 'stream_event':
        this.partial(e);
        return [];
      case 'result':
        return [this.result(e)];
      default:
        return [];
    }
  }

  flush(): StreamEvent[] {
    return [];
  }

  finished(): boolean {
    return this.final !== null;
  }

  usage(): AgentUsage {
    if (this.final) return this.final;
    const sum = { ...this.older };
    for (const m of this.messages.values()) {
      sum.input += m.input;
      sum.cacheRead += m.cacheRead;
      sum.cacheWrite += m.cacheWrite;
      sum.output += m.output;
    }
    return {
      ...emptyUsage(),
      inputTokens: sum.input,
      outputTokens: sum.output,
      cacheReadTokens: sum.cacheRead,
      cacheWriteTokens: sum.cacheWrite,
      ...(this.model ? { model: this.model } : {}),
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
    };
  }

  private system(e: Json): StreamEvent[] {
    if (e.subtype === 'init') {
      this.sessionId = str(e.session_id) ?? this.sessionId;
      this.model = str(e.model) ?? this.model;
      return [{ kind: 'start', ...(this.sessionId ? { sessionId: this.sessionId } : {}), ...(this.model ? { model: this.model } : {}) }];
    }
    if (e.subtype === 'api_retry') {
      const status = num(e.error_status);
      const why = [status !== undefined ? String(status) : '', str(e.error) ?? ''].filter(Boolean).join(' ');
      return [{ kind: 'notice', message: `API retry ${count(e.attempt)}/${count(e.max_retries)}${why ? ` (${why})` : ''}` }];
    }
    if (e.subtype === 'compact_boundary') return [{ kind: 'notice', message: 'Context compacted' }];
    return [];
  }

  private assistant(e: Json): StreamEvent[] {
    const message = obj(e.message) ?? {};
    // An API error is told as a made-up assistant message, then again by the result: shown once.
    if (e.is_api_error_message === true || message.model === '<synthetic>') return [];
    this.countMessage(str(message.id), obj(message.usage));
    const out: StreamEvent[] = [];
    for (const block of arr(message.content)) {
      const b = obj(block);
      if (!b) continue;
      if (b.type === 'text') {
        const text = str(b.text);
        if (text && text.trim() !== '') out.push({ kind: 'text', text });
      } else if (b.type === 'tool_use') {
        const tool = str(b.name) ?? 'tool';
        const id = str(b.id);
        if (id) this.tools.set(id, tool);
        out.push({ kind: 'tool', tool, subject: toolSubject(b.input), ...(id ? { id } : {}) });
      }
    }
    return out;
  }

  private toolResults(e: Json): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const block of arr(obj(e.message)?.content)) {
      const b = obj(block);
      if (!b || b.type !== 'tool_result' || b.is_error !== true) continue;
      const id = str(b.tool_use_id);
      const tool = id ? this.tools.get(id) : undefined;
      const message = contentText(b.content).replace(/<\/?tool_use_error>/g, '');
      out.push({ kind: 'tool-error', message, ...(tool ? { tool } : {}), ...(id ? { id } : {}) });
    }
    return out;
  }

  /** --include-partial-messages: message_start and message_delta carry the message's usage as it grows. */
  private partial(e: Json): void {
    const event = obj(e.event) ?? {};
    if (event.type === 'message_start') {
      const message = obj(event.message) ?? {};
      this.countMessage(str(message.id), obj(message.usage));
    } else if (event.type === 'message_delta') {
      const id = str(e.api_message_id);
      const m = id ? this.messages.get(id) : undefined;
      // The delta's output_tokens is the message's total so far.
      if (m) m.output = Math.max(m.output, count(obj(event.usage)?.output_tokens));
    }
  }

  private countMessage(id: string | undefined, usage: Json | undefined): void {
    if (!id || !usage) return;
    const known = this.messages.get(id);
    const tokens: MessageTokens = {
      input: count(usage.input_tokens),
      cacheRead: count(usage.cache_read_input_tokens),
      cacheWrite: count(usage.cache_creation_input_tokens),
      output: Math.max(known?.output ?? 0, count(usage.output_tokens)),
    };
    if (known) {
      Object.assign(known, tokens);
      return;
    }
    this.messages.set(id, tokens);
    if (this.messages.size > 64) {
      const [oldest, m] = this.messages.entries().next().value as [string, MessageTokens];
      this.older.input += m.input;
      this.older.cacheRead += m.cacheRead;
      this.older.cacheWrite += m.cacheWrite;
      this.older.output += m.output;
      this.messages.delete(oldest);
    }
  }

  private result(e: Json): StreamEvent {
    const u = obj(e.usage);
    const running = this.usage();
    const sessionId = str(e.session_id) ?? this.sessionId;
    const model = mainModel(e.modelUsage, (m) => count(m.inputTokens) + count(m.outputTokens) + count(m.cacheReadInputTokens) + count(m.cacheCreationInputTokens)) ?? this.model;
    const cost = num(e.total_cost_usd);
    const turns = num(e.num_turns);
    const apiMs = num(e.duration_api_ms);
    const isError = e.is_error === true || (typeof e.subtype === 'string' && e.subtype !== 'success');
    const usage: AgentUsage = {
      ...(model ? { model } : {}),
      inputTokens: u ? count(u.input_tokens) : running.inputTokens,
      outputTokens: u ? count(u.output_tokens) : running.outputTokens,
      cacheReadTokens: u ? count(u.cache_read_input_tokens) : running.cacheReadTokens,
      cacheWriteTokens: u ? count(u.cache_creation_input_tokens) : running.cacheWriteTokens,
      ...(cost !== undefined ? { costUsd: cost } : {}),
      ...(turns !== undefined ? { turns: Math.floor(turns) } : {}),
      ...(apiMs !== undefined ? { apiMs: Math.round(apiMs) } : {}),
      ...(sessionId ? { sessionId } : {}),
      isError,
    };
    this.final = usage;
    const text =
      str(e.result) ??
      (arr(e.errors)
        .filter((x): x is string => typeof x === 'string')
        .join('; ') ||
        undefined);
    return { kind: 'result', ok: !isError, ...(text ? { text } : {}), usage };
  }
}
