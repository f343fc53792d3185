// Reads an agent's stream as it arrives: chunks of stdout in, typed events and the usage out.
// Memory stays bounded whatever the agent prints (json-lines.ts caps a line; the readers keep
// small bounded tables); nothing it prints can make the parser throw.
import { ClaudeStream } from './claude-stream.js';
import { CodexStream } from './codex-stream.js';
import { GeminiStream } from './gemini-stream.js';
import type { StreamInterpreter } from './interpreter.js';
import { JsonLines, type JsonLineStats } from './json-lines.js';
import type { AgentUsage, StreamAgent, StreamEvent } from './types.js';

export interface StreamParserOptions {
  /** Longest line parsed (default 1 MiB); longer lines are skipped whole. */
  maxLineChars?: number;
}

function interpreterFor(agent: StreamAgent): StreamInterpreter {
  switch (agent) {
    case 'claude':
      return new ClaudeStream();
    case 'codex':
      return new CodexStream();
    case 'gemini':
      return new GeminiStream();
  }
}

export class AgentStreamParser {
  private readonly lines: JsonLines;
  private readonly reader: StreamInterpreter;

  constructor(
    readonly agent: StreamAgent,
    options: StreamParserOptions = {},
  ) {
    this.lines = new JsonLines(options.maxLineChars);
    this.reader = interpreterFor(agent);
  }

  /** The events of the lines this chunk of stdout completes. */
  push(chunk: string): StreamEvent[] {
    return this.lines.push(chunk).flatMap((o) => this.reader.read(o));
  }

  /** The events of the last line, and of anything held back, when the stream has ended. */
  end(): StreamEvent[] {
    return [...this.lines.end().flatMap((o) => this.reader.read(o)), ...this.reader.flush()];
  }

  /** The agent's final usage once its result was read; before that, what the stream showed so far. */
  usage(): AgentUsage {
    return this.reader.usage();
  }

  /** Whether the agent's result was read: without it (a kill, a crash) the usage is a lower bound. */
  get finished(): boolean {
    return this.reader.finished();
  }

  get stats(): JsonLineStats {
    return { ...this.lines.stats };
  }
}

export interface ParsedStream {
  events: StreamEvent[];
  usage: AgentUsage;
  finished: boolean;
  stats: JsonLineStats;
}

/** A whole stream at once (a log file, a test fixture). */
export function parseAgentStream(agent: StreamAgent, text: string, options: StreamParserOptions = {}): ParsedStream {
  const parser = new AgentStreamParser(agent, options);
  const events = [...parser.push(text), ...parser.end()];
  return { events, usage: parser.usage(), finished: parser.finished, stats: parser.stats };
}
