// A local stand-in for a model API, on 127.0.0.1, that the real agent CLIs talk to instead of the
// vendor's service. It answers from a script of turns (a tool call, then a text, …) and logs every
// request, so a test can assert what the agent asked and the agent's stream can be recorded.
// Each API dialect (anthropic-stand-in.ts, openai-stand-in.ts, gemini-stand-in.ts) turns a
// scripted turn into that API's wire format; this file is what they share.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Token figures a scripted turn reports (the dialect maps them to the API's names). */
export interface TurnUsage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

export interface ToolCall {
  tool: string;
  /** The tool's arguments; a string for a free-form tool (Codex's apply_patch). */
  input: Record<string, unknown> | string;
}

/** One answer of the model. */
export type ScriptedTurn = (
  | { say: string }
  | { call: ToolCall[]; say?: string }
  /**
   * An HTTP error answer (a 4xx, which agents do not retry as such), with the API's error body.
   * Sticky: every later request gets it too (Claude Code answers some 400s by retrying the
   * request in another shape, as a real API that keeps refusing would see).
   */
  | { fail: { status: number; message: string } }
  /** The stream begins (and says `say`, if given) and then never ends: for killing an agent mid-stream. */
  | { stall: true; say?: string }
) & {
  usage?: TurnUsage;
  /**
   * Milliseconds between the answer's start (its usage: Anthropic's message_start) and the rest
   * (Anthropic only): time for what the start sets off (a token budget's stop) to land before
   * the agent reads the tool call.
   */
  holdMs?: number;
};

export interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The scripted turn it was answered with (its index), or null for a side request. */
  turn: number | null;
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: unknown;
}

/** What a dialect does with a request: answer it with a turn, answer it itself, or not know it. */
export interface Dialect {
  /** True when the request takes the next scripted turn (the agent's main loop). */
  takesTurn(x: Exchange): boolean;
  /** Writes the answer for a turn (`index` counts from 0). */
  answer(x: Exchange, turn: ScriptedTurn, index: number): void;
  /** Answers a request that takes no turn; false when the dialect does not know it (→ 404). */
  side(x: Exchange): boolean;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: LoggedRequest[];
  /** How many scripted turns were served. */
  readonly turnsServed: number;
  close(): Promise<void>;
}

export const DEFAULT_USAGE: TurnUsage = { input: 1200, output: 40, cacheRead: 800, cacheWrite: 300 };

/** Starts a stand-in that answers with `dialect` from `script`; a request past the script is a 400. */
export async function startStandIn(dialect: Dialect, script: readonly ScriptedTurn[], noMoreTurns: (x: Exchange) => void): Promise<StandIn> {
  const requests: LoggedRequest[] = [];
  const open = new Set<ServerResponse>();
  let served = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Kept as text: a test can still see what was sent.
      }
      const x: Exchange = { req, res, url: new URL(req.url ?? '/', 'http://127.0.0.1'), body };
      const entry: LoggedRequest = { method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers }, body, turn: null };
      requests.push(entry);
      open.add(res);
      res.on('close', () => open.delete(res));
      if (dialect.takesTurn(x)) {
        const last = script[served - 1];
        if (last && 'fail' in last) return dialect.answer(x, last, served - 1);
        const turn = script[served];
        if (!turn) return noMoreTurns(x);
        entry.turn = served;
        dialect.answer(x, turn, served);
        served++;
        return;
      }
      if (!dialect.side(x)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `the stand-in does not serve ${req.method} ${x.url.pathname}` } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get turnsServed() {
      return served;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A stalled stream is never ended by its turn: end it so close() returns.
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Server-sent events, written as the APIs write them: `event:` (when named), `data:`, a blank line. */
export function sse(res: ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** `text` cut into a few pieces, as a model streams it. */
export function pieces(text: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}
