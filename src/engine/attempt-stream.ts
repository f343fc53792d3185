// An agent's machine-readable stream while its attempt runs (Claude Code, Codex, Gemini CLI):
// read from stdout alone as it arrives, shown in the attempt's log group as short lines (what the
// model says, each tool call with its subject, tool errors, the result), its running token count
// held against what is left of the budgets, and at the end the attempt's usage. The raw stream
// stays in the attempt's log file; the state keeps the shown lines' head and tail instead of raw
// JSON, so an error quoted from it reads as the log did.
import { AgentStreamParser } from '../core/agent-stream/stream-parser.js';
import { boundedUsage } from '../core/agent-stream/usage-file.js';
import { renderEvent } from '../core/agent-stream/render-event.js';
import { totalTokens, type StreamAgent, type StreamEvent } from '../core/agent-stream/types.js';
import { HeadTailBuffer } from '../core/render/bounded-text.js';
import type { TokenAllowance } from '../core/tick/budget.js';
import type { Scrubber } from '../core/trust/secrets.js';
import type { AttemptUsage, UsageSource } from '../core/state/types.js';

export interface AttemptStreamOptions {
  agent: StreamAgent;
  /** Where each shown line goes (nowhere when the output is not echoed). */
  show?: (line: string) => void;
  /** Paths inside it are shown relative to it. */
  workspace: string;
  /** Known secrets: taken out of the agent's words before a line is cut to length. */
  secrets?: Scrubber;
  /** Tokens the attempt may use; `onOverBudget` is called once when the running count passes it. */
  allowance?: TokenAllowance;
  onOverBudget?: (used: number) => void;
  /** The attempt's log, named where the kept lines are cut. */
  logFile?: string;
}

/**
 * What a stream the parser has read to its end says the attempt used, bounded to fit the state;
 * undefined when it never got as far as a figure (an agent that failed to start reports nothing).
 */
export function streamUsage(parser: Pick<AgentStreamParser, 'usage' | 'finished'>, source: Extract<UsageSource, 'stream' | 'log'>): AttemptUsage | undefined {
  const u = parser.usage();
  const complete = parser.finished;
  if (!complete && totalTokens(u) === 0 && u.sessionId === undefined) return undefined;
  return { ...boundedUsage(u), source, complete };
}

export class AttemptStream {
  private readonly parser: AgentStreamParser;
  private readonly kept: HeadTailBuffer;
  private over = false;

  constructor(private readonly o: AttemptStreamOptions) {
    this.parser = new AgentStreamParser(o.agent);
    this.kept = new HeadTailBuffer({ head: 2000, tail: 4000, ...(o.logFile ? { logFile: o.logFile } : {}) });
  }

  /** A chunk of stdout. */
  push(chunk: string): void {
    this.showAll(this.parser.push(chunk));
    this.checkBudget();
  }

  /** The stream ended: the last events, then the attempt's usage (undefined when the stream showed none). */
  end(): AttemptUsage | undefined {
    this.showAll(this.parser.end());
    return streamUsage(this.parser, 'stream');
  }

  /** Whether the budget stop was asked for. */
  get overBudget(): boolean {
    return this.over;
  }

  /** The tokens the stream has shown so far. */
  get tokens(): number {
    return totalTokens(this.parser.usage());
  }

  /** The shown lines' head and tail: what the state keeps of this attempt's output. */
  transcript(): string {
    return this.kept.toString();
  }

  private showAll(events: StreamEvent[]): void {
    for (const event of events) {
      const line = renderEvent(this.scrubbed(event), { workspace: this.o.workspace });
      if (line === null) continue;
      this.kept.append(`${line}\n`);
      this.o.show?.(line);
    }
  }

  private scrubbed(e: StreamEvent): StreamEvent {
    const s = this.o.secrets;
    if (!s?.needles.length) return e;
    switch (e.kind) {
      case 'text':
        return { ...e, text: s.scrub(e.text) };
      case 'tool':
        return { ...e, tool: s.scrub(e.tool), subject: s.scrub(e.subject) };
      case 'tool-error':
        return { ...e, message: s.scrub(e.message), ...(e.tool !== undefined ? { tool: s.scrub(e.tool) } : {}) };
      case 'notice':
        return { ...e, message: s.scrub(e.message) };
      case 'result':
        return e.text !== undefined ? { ...e, text: s.scrub(e.text) } : e;
      case 'start':
        return e;
    }
  }

  private checkBudget(): void {
    const allowance = this.o.allowance;
    // Once the agent has reported its result the attempt is over: its total, even past the
    // budget, is recorded and holds at the next attempt (Codex and Gemini CLI only count here).
    if (this.over || !allowance || this.parser.finished) return;
    const used = this.tokens;
    if (used <= allowance.left) return;
    this.over = true;
    this.o.onOverBudget?.(used);
  }
}
