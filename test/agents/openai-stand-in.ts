// The OpenAI Responses API as Codex uses it (`POST /v1/responses`, `stream: true`), answered from
// a script. A streamed answer is server-sent events, each with its `type` as the event name and a
// sequence_number: response.created, response.in_progress, then per output item
// response.output_item.added, its deltas (response.output_text.delta for a message,
// response.function_call_arguments.delta for a function call, response.custom_tool_call_input.delta
// for a free-form tool such as apply_patch) and their .done events, response.output_item.done, and
// last response.completed with the usage (input_tokens with input_tokens_details.cached_tokens,
// output_tokens with output_tokens_details.reasoning_tokens). Errors use the API's body:
// {"error":{"message","type","param","code"}}.
import type { ServerResponse } from 'node:http';
import { DEFAULT_USAGE, json, pieces, sse, startStandIn, type Dialect, type Exchange, type ScriptedTurn, type StandIn } from './stand-in-server.js';

function apiError(res: ServerResponse, status: number, message: string): void {
  json(res, status, { error: { message, type: status === 401 ? 'invalid_api_key' : 'invalid_request_error', param: null, code: null } });
}

type Item =
  | { id: string; type: 'message'; status: string; role: 'assistant'; content: Array<{ type: 'output_text'; text: string; annotations: [] }> }
  | { id: string; type: 'function_call'; status: string; call_id: string; name: string; arguments: string }
  | { id: string; type: 'custom_tool_call'; status: string; call_id: string; name: string; input: string };

function itemsOf(turn: ScriptedTurn, index: number): Item[] {
  const items: Item[] = [];
  const tag = String(index).padStart(2, '0');
  if ('say' in turn && turn.say) items.push({ id: `msg_standin${tag}`, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: turn.say, annotations: [] }] });
  if ('call' in turn) {
    turn.call.forEach((c, i) => {
      const callId = `call_standin${tag}${i}`;
      items.push(
        typeof c.input === 'string'
          ? { id: `ctc_standin${tag}${i}`, type: 'custom_tool_call', status: 'completed', call_id: callId, name: c.tool, input: c.input }
          : { id: `fc_standin${tag}${i}`, type: 'function_call', status: 'completed', call_id: callId, name: c.tool, arguments: JSON.stringify(c.input) },
      );
    });
  }
  return items;
}

function streamTurn(res: ServerResponse, model: string, turn: ScriptedTurn, index: number): void {
  let seq = 0;
  const send = (data: Record<string, unknown>): void => sse(res, { ...data, sequence_number: seq++ }, data.type as string);
  const id = `resp_standin${String(index).padStart(4, '0')}`;
  const base = { id, object: 'response', created_at: 1_780_000_000 + index, model, output: [] as Item[] };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-request-id': `req_standin${index}` });
  send({ type: 'response.created', response: { ...base, status: 'in_progress' } });
  send({ type: 'response.in_progress', response: { ...base, status: 'in_progress' } });
  if ('stall' in turn) {
    const itemId = `msg_standin${index}`;
    send({ type: 'response.output_item.added', output_index: 0, item: { id: itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    if (turn.say) send({ type: 'response.output_text.delta', item_id: itemId, output_index: 0, content_index: 0, delta: turn.say });
    return; // never ended: the agent waits until it is killed
  }
  const items = itemsOf(turn, index);
  items.forEach((item, i) => {
    if (item.type === 'message') {
      const text = item.content[0]?.text ?? '';
      send({ type: 'response.output_item.added', output_index: i, item: { ...item, status: 'in_progress', content: [] } });
      send({ type: 'response.content_part.added', item_id: item.id, output_index: i, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
      for (const p of pieces(text)) send({ type: 'response.output_text.delta', item_id: item.id, output_index: i, content_index: 0, delta: p });
      send({ type: 'response.output_text.done', item_id: item.id, output_index: i, content_index: 0, text });
      send({ type: 'response.content_part.done', item_id: item.id, output_index: i, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
    } else if (item.type === 'function_call') {
      send({ type: 'response.output_item.added', output_index: i, item: { ...item, status: 'in_progress', arguments: '' } });
      for (const p of pieces(item.arguments, 24)) send({ type: 'response.function_call_arguments.delta', item_id: item.id, output_index: i, delta: p });
      send({ type: 'response.function_call_arguments.done', item_id: item.id, output_index: i, arguments: item.arguments });
    } else {
      send({ type: 'response.output_item.added', output_index: i, item: { ...item, status: 'in_progress', input: '' } });
      for (const p of pieces(item.input, 24)) send({ type: 'response.custom_tool_call_input.delta', item_id: item.id, output_index: i, delta: p });
      send({ type: 'response.custom_tool_call_input.done', item_id: item.id, output_index: i, input: item.input });
    }
    send({ type: 'response.output_item.done', output_index: i, item });
  });
  const u = turn.usage ?? DEFAULT_USAGE;
  // The Responses API counts cached tokens inside input_tokens; it reports no cache writes.
  const input = u.input + (u.cacheRead ?? 0);
  send({
    type: 'response.completed',
    response: {
      ...base,
      status: 'completed',
      output: items,
      usage: {
        input_tokens: input,
        input_tokens_details: { cached_tokens: u.cacheRead ?? 0 },
        output_tokens: u.output,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: input + u.output,
      },
    },
  });
  res.end();
}

const responses: Dialect = {
  takesTurn: (x) => x.req.method === 'POST' && /\/responses$/.test(x.url.pathname),
  answer(x: Exchange, turn, index) {
    const body = (x.body ?? {}) as { model?: unknown };
    if ('fail' in turn) return apiError(x.res, turn.fail.status, turn.fail.message);
    streamTurn(x.res, typeof body.model === 'string' ? body.model : 'gpt-standin', turn, index);
  },
  side(x) {
    // Codex lists models at start; an empty list leaves it on the model it was given.
    if (x.req.method === 'GET' && /\/models$/.test(x.url.pathname)) {
      json(x.res, 200, { object: 'list', data: [], models: [] });
      return true;
    }
    return false;
  },
};

export function startOpenAIStandIn(script: readonly ScriptedTurn[]): Promise<StandIn> {
  return startStandIn(responses, script, (x) => apiError(x.res, 400, 'the stand-in has no scripted turn left'));
}
