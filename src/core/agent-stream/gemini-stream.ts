// Gemini CLI's `--output-format stream-json` stream. One JSON object per line:
// - `init` (session_id, model: a name or "auto");
// - `message` (role user or assistant; an assistant's text arrives in pieces with `delta: true`);
// - `tool_use` (tool_name, tool_id, parameters) and `tool_result` (tool_id, status success or
//   error, output, error.message);
// - `error` (severity warning or error, message): reported, the run may go on;
// - `result` (status success or error, error.message, stats: input_tokens including `cached`,
//   output_tokens, tool_calls, and the same per model under `models`).
// The text pieces are joined and shown as one text when something else comes, or at the end.
// Gemini CLI reports no cost and no usage before its result.
import { toolSubject } from '../guard/hook-protocols.js';
import { apiErrorText, count, mainModel, obj, RecentMap, str, type Json } from './fields.js';
import type { StreamInterpreter } from './interpreter.js';
import { emptyUsage, type AgentUsage, type StreamEvent } from './types.js';

/** Joined text kept at most: what a log line shows is far shorter. */
const MAX_TEXT = 16 * 1024;

export class GeminiStream implements StreamInterpreter {
  private sessionId: string | undefined;
  private model: string | undefined;
  private text = '';
  private final: AgentUsage | null = null;
  private readonly tools = new RecentMap<string>(256);

  read(e: Json): StreamEvent[] {
    if (e.type === 'message') {
      if (e.role !== 'assistant') return [];
      const piece = str(e.content) ?? '';
      if (e.delta === true) {
        if (this.text.length < MAX_TEXT) this.text = (this.text + piece).slice(0, MAX_TEXT);
        return [];
      }
      return [...this.flush(), ...(piece.trim() ? [{ kind: 'text', text: piece } as const] : [])];
    }
    const out = this.flush();
    switch (e.type) {
      case 'init':
        this.sessionId = str(e.session_id);
        this.model = str(e.model);
        out.push({ kind: 'start', ...(this.sessionId ? { sessionId: this.sessionId } : {}), ...(this.model ? { model: this.model } : {}) });
        break;
      case 'tool_use': {
        const tool = str(e.tool_name) ?? 'tool';
        const id = str(e.tool_id);
        if (id) this.tools.set(id, tool);
        out.push({ kind: 'tool', tool, subject: toolSubject(e.parameters), ...(id ? { id } : {}) });
        break;
      }
      case 'tool_result': {
        if (e.status !== 'error') break;
        const id = str(e.tool_id);
        const tool = id ? this.tools.get(id) : undefined;
        const message = str(obj(e.error)?.message) ?? str(e.output) ?? 'failed';
        out.push({ kind: 'tool-error', message, ...(tool ? { tool } : {}), ...(id ? { id } : {}) });
        break;
      }
      case 'error': {
        const message = str(e.message);
        if (message) out.push({ kind: 'notice', message: e.severity === 'error' ? `Error: ${apiErrorText(message)}` : apiErrorText(message) });
        break;
      }
      case 'result':
        out.push(this.result(e));
        break;
      default:
        break;
    }
    return out;
  }

  flush(): StreamEvent[] {
    if (!this.text) return [];
    const text = this.text;
    this.text = '';
    return text.trim() ? [{ kind: 'text', text }] : [];
  }

  finished(): boolean {
    return this.final !== null;
  }

  usage(): AgentUsage {
    if (this.final) return this.final;
    return { ...emptyUsage(), ...(this.model && this.model !== 'auto' ? { model: this.model } : {}), ...(this.sessionId ? { sessionId: this.sessionId } : {}) };
  }

  private result(e: Json): StreamEvent {
    const stats = obj(e.stats) ?? {};
    const cached = count(stats.cached);
    const input = typeof stats.input === 'number' ? count(stats.input) : Math.max(0, count(stats.input_tokens) - cached);
    const named = this.model && this.model !== 'auto' ? this.model : undefined;
    const model = mainModel(stats.models, (m) => count(m.total_tokens)) ?? named;
    const isError = e.status !== 'success';
    const usage: AgentUsage = {
      ...(model ? { model } : {}),
      inputTokens: input,
      outputTokens: count(stats.output_tokens),
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
      isError,
    };
    this.final = usage;
    const error = str(obj(e.error)?.message);
    const text = error ? apiErrorText(error) : undefined;
    return { kind: 'result', ok: !isError, ...(text ? { text } : {}), usage };
  }
}
