// Codex's `exec --json` stream. One JSON object per line:
// - `thread.started` (thread_id), `turn.started`;
// - `item.started` / `item.updated` / `item.completed` with an item: `agent_message` (text),
//   `reasoning`, `command_execution` (command, aggregated_output, exit_code, status),
//   `file_change` (changes: path and kind), `mcp_tool_call`, `web_search`, `todo_list`, `error`;
// - `turn.completed` with the turn's usage (input_tokens, which includes cached_input_tokens,
//   cache_write_input_tokens, output_tokens), or `turn.failed` with an error;
// - `error`: a problem Codex reports and may recover from ("Reconnecting... 2/5").
// Codex reports no cost, no model and no API time here; a turn's usage arrives only at its end.
import { apiErrorText, arr, count, obj, RecentMap, str, type Json } from './fields.js';
import type { StreamInterpreter } from './interpreter.js';
import { emptyUsage, type AgentUsage, type StreamEvent } from './types.js';

/** `/bin/bash -lc 'npm test'` → `npm test`: the command the model asked for, as Codex wraps it. */
export function unwrapShell(command: string): string {
  const m = /^(?:\S*\/)?(?:bash|sh|zsh|dash) -l?c (.+)$/s.exec(command);
  if (!m) return command;
  const arg = m[1] as string;
  if (/^'.*'$/s.test(arg)) return arg.slice(1, -1).replace(/'\\''/g, "'");
  return arg;
}

function lastLine(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.at(-1) ?? '';
}

export class CodexStream implements StreamInterpreter {
  private threadId: string | undefined;
  private readonly total: AgentUsage = emptyUsage();
  private done = false;
  /** Items whose tool event was already shown at item.started. */
  private readonly started = new RecentMap<true>(256);

  read(e: Json): StreamEvent[] {
    switch (e.type) {
      case 'thread.started':
        this.threadId = str(e.thread_id);
        this.total.sessionId = this.threadId;
        return [{ kind: 'start', ...(this.threadId ? { sessionId: this.threadId } : {}) }];
      case 'item.started':
        return this.item(obj(e.item), false);
      case 'item.completed':
        return this.item(obj(e.item), true);
      case 'turn.completed':
        this.addUsage(obj(e.usage));
        this.done = true;
        return [{ kind: 'result', ok: !this.total.isError, usage: { ...this.total } }];
      case 'turn.failed': {
        this.total.isError = true;
        this.done = true;
        const text = apiErrorText(str(obj(e.error)?.message) ?? 'the turn failed');
        return [{ kind: 'result', ok: false, text, usage: { ...this.total } }];
      }
      case 'error': {
        const message = str(e.message);
        return message ? [{ kind: 'notice', message: apiErrorText(message) }] : [];
      }
      default:
        return [];
    }
  }

  flush(): StreamEvent[] {
    return [];
  }

  finished(): boolean {
    return this.done;
  }

  usage(): AgentUsage {
    return { ...this.total };
  }

  private addUsage(u: Json | undefined): void {
    if (!u) return;
    const cached = count(u.cached_input_tokens);
    const written = count(u.cache_write_input_tokens);
    this.total.inputTokens += Math.max(0, count(u.input_tokens) - cached - written);
    this.total.cacheReadTokens += cached;
    this.total.cacheWriteTokens += written;
    this.total.outputTokens += count(u.output_tokens);
  }

  private item(item: Json | undefined, completed: boolean): StreamEvent[] {
    if (!item) return [];
    const id = str(item.id);
    const call = this.toolCall(item);
    const out: StreamEvent[] = [];
    if (call) {
      // Shown once: when it starts, or when it completes if its start was not in the stream.
      if (!(id && this.started.has(id))) out.push({ ...call, ...(id ? { id } : {}) });
      if (id && !completed) this.started.set(id, true);
    }
    if (!completed) return out;
    if (item.type === 'agent_message') {
      const text = str(item.text);
      if (text && text.trim() !== '') out.push({ kind: 'text', text });
    } else if (item.type === 'error') {
      const message = str(item.message);
      if (message) out.push({ kind: 'notice', message: apiErrorText(message) });
    } else if (call) {
      const failure = this.failure(item);
      if (failure) out.push({ kind: 'tool-error', tool: call.tool, message: failure, ...(id ? { id } : {}) });
    }
    return out;
  }

  private toolCall(item: Json): Extract<StreamEvent, { kind: 'tool' }> | null {
    switch (item.type) {
      case 'command_execution':
        return { kind: 'tool', tool: 'Shell', subject: unwrapShell(str(item.command) ?? '') };
      case 'file_change': {
        const changes = arr(item.changes).map((c) => `${str(obj(c)?.kind) ?? 'change'} ${str(obj(c)?.path) ?? '?'}`);
        return { kind: 'tool', tool: 'Patch', subject: changes.join(', ') };
      }
      case 'mcp_tool_call':
        return { kind: 'tool', tool: [str(item.server), str(item.tool)].filter(Boolean).join('.') || 'mcp', subject: '' };
      case 'web_search':
        return { kind: 'tool', tool: 'WebSearch', subject: str(item.query) ?? '' };
      default:
        return null;
    }
  }

  /** Why a completed tool item failed, or null when it did not. */
  private failure(item: Json): string | null {
    const status = str(item.status);
    if (item.type === 'command_execution') {
      const code = typeof item.exit_code === 'number' ? item.exit_code : null;
      if (status !== 'failed' && status !== 'declined' && (code === null || code === 0)) return null;
      const output = lastLine(str(item.aggregated_output) ?? '');
      const what = status === 'declined' ? 'declined' : `exit ${code ?? '?'}`;
      return output ? `${what}: ${output}` : what;
    }
    if (status !== 'failed' && status !== 'declined') return null;
    const error = str(obj(item.error)?.message) ?? str(item.error);
    return error ?? status;
  }
}
