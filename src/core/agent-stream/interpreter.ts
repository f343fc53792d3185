// What each agent's reader (claude-stream.ts, codex-stream.ts, gemini-stream.ts) does with the
// JSON objects of its stream; stream-parser.ts feeds them line by line.
import type { AgentUsage, StreamEvent } from './types.js';

export interface StreamInterpreter {
  /** The events one JSON object of the stream stands for (often none). */
  read(event: Record<string, unknown>): StreamEvent[];
  /** Events held back until the stream ends (text still being joined). */
  flush(): StreamEvent[];
  /** The usage: the agent's final figures once its result was read, else a running estimate. */
  usage(): AgentUsage;
  /** Whether the agent's final result (or failure) was read. */
  finished(): boolean;
}
