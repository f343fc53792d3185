// The Anthropic Messages API as Claude Code uses it (`POST /v1/messages`, `?beta=true`), answered
// from a script. Streaming answers are server-sent events in the API's order: message_start (with
// the prompt's usage), for each content block content_block_start / content_block_delta
// (text_delta, or input_json_delta for a tool_use block's input, in pieces) / content_block_stop,
// then message_delta (stop_reason and the output tokens) and message_stop. A non-streaming request
// gets the whole Message object. Errors use the API's body: {"type":"error","error":{type,message}}.
import type { ServerResponse } from 'node:http';
import { DEFAULT_USAGE, json, pieces, sse, startStandIn, type Dialect, type Exchange, type ScriptedTurn, type StandIn } from './stand-in-server.js';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function apiError(res: ServerResponse, status: number, message: string): void {
  json(res, status, { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message }, request_id: `req_standin${status}` });
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

function blocksOf(turn: ScriptedTurn, index: number): Block[] {
  const blocks: Block[] = [];
  if ('say' in turn && turn.say) blocks.push({ type: 'text', text: turn.say });
  if ('call' in turn) {
    turn.call.forEach((c, i) => {
      const input = typeof c.input === 'string' ? { input: c.input } : c.input;
      blocks.push({ type: 'tool_use', id: `toolu_standin${String(index).padStart(2, '0')}${i}`, name: c.tool, input });
    });
  }
  return blocks;
}

function streamTurn(res: ServerResponse, model: string, turn: ScriptedTurn, index: number): void {
  const usage = turn.usage ?? DEFAULT_USAGE;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_standin${index}` });
  sse(
    res,
    {
      type: 'message_start',
      message: {
        id: `msg_standin${String(index).padStart(4, '0')}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, cache_creation_input_tokens: usage.cacheWrite ?? 0, cache_read_input_tokens: usage.cacheRead ?? 0, output_tokens: 1 },
      },
    },
    'message_start',
  );
  if (turn.holdMs) setTimeout(() => streamRest(res, turn, index), turn.holdMs);
  else streamRest(res, turn, index);
}

/** What follows message_start: the content blocks and the message's end, or a stall. */
function streamRest(res: ServerResponse, turn: ScriptedTurn, index: number): void {
  const usage = turn.usage ?? DEFAULT_USAGE;
  if ('stall' in turn) {
    sse(res, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
    if (turn.say) sse(res, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: turn.say } }, 'content_block_delta');
    sse(res, { type: 'ping' }, 'ping');
    return; // never ended: the agent waits until it is killed
  }
  const blocks = blocksOf(turn, index);
  blocks.forEach((block, i) => {
    if (block.type === 'text') {
      sse(res, { type: 'content_block_start', index: i, content_block: { type: 'text', text: '' } }, 'content_block_start');
      for (const p of pieces(block.text)) sse(res, { type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: p } }, 'content_block_delta');
    } else {
      sse(res, { type: 'content_block_start', index: i, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }, 'content_block_start');
      for (const p of pieces(JSON.stringify(block.input), 24)) sse(res, { type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: p } }, 'content_block_delta');
    }
    sse(res, { type: 'content_block_stop', index: i }, 'content_block_stop');
  });
  const stop = 'call' in turn ? 'tool_use' : 'end_turn';
  sse(res, { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: usage.output } }, 'message_delta');
  sse(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}

function wholeTurn(res: ServerResponse, model: string, turn: ScriptedTurn, index: number): void {
  const usage = turn.usage ?? DEFAULT_USAGE;
  json(res, 200, {
    id: `msg_standin${String(index).padStart(4, '0')}`,
    type: 'message',
    role: 'assistant',
    model,
    content: blocksOf(turn, index),
    stop_reason: 'call' in turn ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, cache_creation_input_tokens: usage.cacheWrite ?? 0, cache_read_input_tokens: usage.cacheRead ?? 0, output_tokens: usage.output },
  });
}

const anthropic: Dialect = {
  takesTurn: (x) => x.req.method === 'POST' && x.url.pathname === '/v1/messages',
  answer(x: Exchange, turn, index) {
    const body = (x.body ?? {}) as { model?: unknown; stream?: unknown };
    const model = typeof body.model === 'string' ? body.model : 'claude-standin';
    if ('fail' in turn) return apiError(x.res, turn.fail.status, turn.fail.message);
    if (body.stream === true) streamTurn(x.res, model, turn, index);
    else wholeTurn(x.res, model, turn, index);
  },
  side(x) {
    if (x.req.method === 'POST' && x.url.pathname === '/v1/messages/count_tokens') {
      json(x.res, 200, { input_tokens: 1200 });
      return true;
    }
    return false;
  },
};

export function startAnthropicStandIn(script: readonly ScriptedTurn[]): Promise<StandIn> {
  return startStandIn(anthropic, script, (x) => apiError(x.res, 400, 'the stand-in has no scripted turn left'));
}
