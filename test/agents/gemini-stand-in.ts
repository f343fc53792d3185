// The Gemini API as Gemini CLI uses it, answered from a script. The agent's turns are
// `POST /v1beta/models/<model>:streamGenerateContent?alt=sse`: server-sent `data:` lines, each a
// GenerateContentResponse (candidates[0].content.parts: text, or a functionCall with its args);
// the last carries finishReason and usageMetadata (promptTokenCount, which includes
// cachedContentTokenCount, candidatesTokenCount, totalTokenCount). The CLI's own side requests
// (`:generateContent` for its model router and checks, asking for JSON by a schema, and
// `:countTokens`) take no turn: they get an answer built from the schema they ask for.
// Errors use the API's body: {"error":{"code","message","status"}}.
import type { ServerResponse } from 'node:http';
import { DEFAULT_USAGE, json, pieces, sse, startStandIn, type Dialect, type Exchange, type ScriptedTurn, type StandIn, type TurnUsage } from './stand-in-server.js';

const STATUS: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED', 500: 'INTERNAL' };

function apiError(res: ServerResponse, status: number, message: string): void {
  json(res, status, { error: { code: status, message, status: STATUS[status] ?? 'UNKNOWN' } });
}

function usageMetadata(u: TurnUsage): Record<string, number> {
  const prompt = u.input + (u.cacheRead ?? 0);
  return { promptTokenCount: prompt, candidatesTokenCount: u.output, totalTokenCount: prompt + u.output, cachedContentTokenCount: u.cacheRead ?? 0 };
}

function modelOf(x: Exchange): string {
  return /\/models\/([^:/]+):/.exec(x.url.pathname)?.[1] ?? 'gemini-standin';
}

function chunk(model: string, index: number, parts: unknown[], end?: { usage: TurnUsage }): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(end ? { finishReason: 'STOP' } : {}) }],
    ...(end ? { usageMetadata: usageMetadata(end.usage) } : {}),
    modelVersion: model,
    responseId: `standin${String(index).padStart(4, '0')}`,
  };
}

function streamTurn(x: Exchange, turn: ScriptedTurn, index: number): void {
  const model = modelOf(x);
  x.res.writeHead(200, { 'content-type': 'text/event-stream' });
  if ('stall' in turn) {
    if (turn.say) sse(x.res, chunk(model, index, [{ text: turn.say }]));
    return; // never ended: the agent waits until it is killed
  }
  const usage = turn.usage ?? DEFAULT_USAGE;
  const texts = 'say' in turn && turn.say ? pieces(turn.say, 24) : [];
  const calls = 'call' in turn ? turn.call.map((c) => ({ functionCall: { name: c.tool, args: typeof c.input === 'string' ? { input: c.input } : c.input } })) : [];
  if (calls.length === 0) {
    texts.forEach((t, i) => sse(x.res, chunk(model, index, [{ text: t }], i === texts.length - 1 ? { usage } : undefined)));
  } else {
    for (const t of texts) sse(x.res, chunk(model, index, [{ text: t }]));
    sse(x.res, chunk(model, index, calls, { usage }));
  }
  x.res.end();
}

/** A value of the JSON schema's shape (the side requests ask for small objects). */
function fromSchema(schema: unknown): unknown {
  const s = (schema ?? {}) as { type?: string; properties?: Record<string, unknown>; enum?: unknown[]; items?: unknown };
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  switch ((s.type ?? 'object').toLowerCase()) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromSchema(v)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 10;
    case 'boolean':
      return false;
    default:
      return 'scripted';
  }
}

const gemini: Dialect = {
  takesTurn: (x) => x.req.method === 'POST' && x.url.pathname.endsWith(':streamGenerateContent'),
  answer(x, turn, index) {
    if ('fail' in turn) return apiError(x.res, turn.fail.status, turn.fail.message);
    streamTurn(x, turn, index);
  },
  side(x) {
    if (x.req.method !== 'POST') return false;
    if (x.url.pathname.endsWith(':countTokens')) {
      json(x.res, 200, { totalTokens: 1200 });
      return true;
    }
    if (x.url.pathname.endsWith(':generateContent')) {
      const config = ((x.body ?? {}) as { generationConfig?: { responseJsonSchema?: unknown; responseSchema?: unknown } }).generationConfig ?? {};
      const schema = config.responseJsonSchema ?? config.responseSchema;
      const text = schema ? JSON.stringify(fromSchema(schema)) : 'ok';
      json(x.res, 200, chunk(modelOf(x), 9999, [{ text }], { usage: { input: 50, output: 5 } }));
      return true;
    }
    return false;
  },
};

export function startGeminiStandIn(script: readonly ScriptedTurn[]): Promise<StandIn> {
  return startStandIn(gemini, script, (x) => apiError(x.res, 400, 'the stand-in has no scripted turn left'));
}
