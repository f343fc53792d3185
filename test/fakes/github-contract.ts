// Holds every exchange with the fake GitHub server to GitHub's REST OpenAPI description: the
// request (method and path exist, path and query parameters, body) and the response (status
// listed for the operation, body shape). A request the real API would reject, or an answer the
// real API would never give, becomes a violation the fake records and its tests fail on.
import { describeErrors, validatorsFor, type Schema } from './compiled-schemas.js';
import type { FaultKind } from './github-faults.js';
import { components, descriptionVersion, operations, type Operation, type Parameter } from './github-openapi.js';

export interface Exchange {
  method: string;
  /** Path without query string. */
  path: string;
  query: URLSearchParams;
  /** The request body as sent (undefined when empty). */
  body?: string;
  /** Whether the request carried If-None-Match. */
  conditional: boolean;
  /** A fault the test injected, answered instead of (or after) the real answer. */
  fault?: FaultKind;
  status: number;
  /** The response body as sent (undefined when empty). */
  responseBody?: string;
  responseType?: string;
}

export interface ContractViolation {
  method: string;
  path: string;
  status: number;
  /** The operation the request matched, or null when GitHub has no such path and method. */
  operation: string | null;
  problem: string;
}

/**
 * Answers GitHub gives on any endpoint whether or not the description lists them: bad
 * credentials (401), rate limits (403 and 429), a resource that does not exist or is hidden (404),
 * a 304 to a conditional GET, and server errors. Their bodies are still checked.
 */
function crossCutting(status: number, e: Exchange): boolean {
  if (status === 304) return e.conditional && e.method === 'GET';
  return status === 401 || status === 403 || status === 404 || status === 429 || status >= 500;
}

/**
 * Narrow exceptions where GitHub's description lists fewer statuses than the API answers with,
 * each with GitHub's own documentation of it.
 */
const UNLISTED_STATUSES: Record<string, { statuses: number[]; why: string }> = {
  'actions/create-workflow-dispatch': {
    statuses: [422],
    why: 'the REST docs say a workflow_dispatch on a disabled workflow, or with more than 25 or undeclared inputs, is refused with 422 Validation Failed; the description lists only 200 and 204',
  },
};

const DESCRIPTION_ID = 'https://api.github.com/openapi.json';

let validator: ReturnType<typeof validatorsFor> | undefined;

/** Templates split into segments: `{name}` is a parameter, anything else must match exactly. */
let routes: Array<{ operation: Operation; segments: string[]; literals: number }> | undefined;

function operationRoutes() {
  routes ??= operations().map((operation) => {
    const segments = operation.template.split('/');
    return { operation, segments, literals: segments.filter((seg) => seg && !seg.startsWith('{')).length };
  });
  return routes;
}

/** Path parameters when `path` fits the template's segments, else null. */
function matchSegments(segments: string[], path: string): Record<string, string> | null {
  const parts = path.replace(/\/$/, '').split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const want = segments[i] ?? '';
    const got = parts[i] ?? '';
    if (want.startsWith('{') && want.endsWith('}')) {
      if (got === '') return null;
      params[want.slice(1, -1)] = decodeURIComponent(got);
    } else if (want !== got) return null;
  }
  return params;
}

/** The operation for a method and path; with several matches the most literal template wins. */
export function findOperation(method: string, path: string): { operation: Operation; params: Record<string, string> } | null {
  let best: { operation: Operation; params: Record<string, string>; literals: number } | null = null;
  for (const o of operationRoutes()) {
    if (o.operation.method !== method || (best && best.literals >= o.literals)) continue;
    const params = matchSegments(o.segments, path);
    if (params) best = { operation: o.operation, params, literals: o.literals };
  }
  return best && { operation: best.operation, params: best.params };
}

/** Every way this exchange differs from what GitHub's description allows. */
export function checkExchange(e: Exchange): ContractViolation[] {
  // GraphQL is outside the REST description; the fake answers only the viewer query there and
  // reports anything else as a GraphQL error (github-server.ts graphqlReply).
  if (e.method === 'POST' && e.path === '/graphql') return graphqlProblems(e);
  const found = findOperation(e.method, e.path);
  const problems: string[] = [];
  const violation = (problem: string): ContractViolation => ({ method: e.method, path: e.path, status: e.status, operation: found?.operation.operationId ?? null, problem });
  if (!found) {
    const other = operationRoutes().find((o) => matchSegments(o.segments, e.path));
    return [violation(other ? `GitHub has no ${e.method} for this path (it has ${other.operation.method} ${other.operation.template})` : 'GitHub has no such path')];
  }
  const { operation, params } = found;
  const requestProblems = checkRequest(operation, params, e);
  problems.push(...requestProblems.map((p) => `request: ${p}`));
  problems.push(...checkResponse(operation, e, requestProblems.length > 0).map((p) => `response ${e.status}: ${p}`));
  return problems.map(violation);
}

function graphqlProblems(e: Exchange): ContractViolation[] {
  if (e.fault !== undefined) return [];
  const body = e.responseBody ? (JSON.parse(e.responseBody) as { errors?: Array<{ message: string }> }) : {};
  if (e.status === 200 && !body.errors) return [];
  return [{ method: e.method, path: e.path, status: e.status, operation: 'graphql', problem: body.errors?.map((x) => x.message).join('; ') ?? `status ${e.status}` }];
}

function checkRequest(op: Operation, pathParams: Record<string, string>, e: Exchange): string[] {
  const problems: string[] = [];
  const declared = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where);
  for (const p of declared('path')) problems.push(...checkParameter(p, pathParams[p.name]));
  const query = declared('query');
  for (const name of new Set(e.query.keys())) {
    if (!query.some((p) => p.name === name)) problems.push(`query parameter "${name}" is not one ${op.operationId} takes (it takes: ${query.map((p) => p.name).join(', ') || 'none'})`);
  }
  for (const p of query) {
    const values = e.query.getAll(p.name);
    if (values.length > 1 && p.schema?.type !== 'array') problems.push(`query parameter "${p.name}" given ${values.length} times`);
    problems.push(...checkParameter(p, values[0]));
  }

  const body = e.body === undefined || e.body === '' ? undefined : e.body;
  if (!op.requestBody) {
    if (body !== undefined) problems.push(`${op.operationId} takes no request body, but one was sent: ${clip(body)}`);
    return problems;
  }
  if (body === undefined) {
    if (op.requestBody.required) problems.push(`${op.operationId} requires a request body`);
    return problems;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, `the body is not JSON: ${clip(body)}`];
  }
  if (op.requestBody.schema) problems.push(...schemaProblems(op.requestBody.schema, parsed, 'body'));
  return problems;
}

function checkParameter(p: Parameter, raw: string | undefined): string[] {
  if (raw === undefined) return p.required ? [`${p.in} parameter "${p.name}" is required`] : [];
  if (!p.schema) return [];
  return schemaProblems(p.schema, coerce(raw, p.schema), `${p.in} parameter "${p.name}"`);
}

/** Path and query values arrive as text; GitHub reads them as the schema's scalar type. */
function coerce(raw: string, schema: Schema): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (schema.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function checkResponse(op: Operation, e: Exchange, badRequest: boolean): string[] {
  const listed = op.responses[String(e.status)] ?? op.responses.default;
  const isJson = (e.responseType ?? '').startsWith('application/json');
  let body: unknown;
  if (e.responseBody !== undefined && e.responseBody !== '' && isJson) {
    try {
      body = JSON.parse(e.responseBody);
    } catch {
      return [`the body is not the JSON its content-type says: ${clip(e.responseBody)}`];
    }
  }
  if (!listed) {
    const exception = UNLISTED_STATUSES[op.operationId];
    const allowed =
      crossCutting(e.status, e) ||
      e.fault !== undefined ||
      // A request the description forbids may get GitHub's 400 or 422 whatever the operation lists.
      (badRequest && (e.status === 400 || e.status === 422)) ||
      exception?.statuses.includes(e.status);
    if (!allowed) return [`status ${e.status} is not listed for ${op.operationId} (listed: ${Object.keys(op.responses).join(', ')})`];
    if (body === undefined) return e.status === 304 || e.status >= 500 || !isJson ? [] : [`an error status without a JSON body`];
    const schema = e.status === 422 ? { $ref: '#/components/schemas/validation-error' } : { $ref: '#/components/schemas/basic-error' };
    return schemaProblems(schema, body, 'body');
  }
  if (listed.contentTypes.length === 0) {
    return e.responseBody ? [`${op.operationId} answers ${e.status} without a body, but the fake sent ${clip(e.responseBody)}`] : [];
  }
  if (!listed.schema) return [];
  if (!isJson) return [`expected an application/json body, got content-type ${e.responseType ?? 'none'}`];
  return schemaProblems(listed.schema, body, 'body');
}

function schemaProblems(schema: Schema, value: unknown, what: string): string[] {
  const text = JSON.stringify(schema).replaceAll('"$ref":"#/components/', `"$ref":"${DESCRIPTION_ID}#/components/`);
  // Operation schemas point at `#/components/schemas/...`, resolved in the description's components.
  validator ??= validatorsFor({ id: `@octokit/openapi ${descriptionVersion()}`, documents: () => [{ $id: DESCRIPTION_ID, components: components() }] });
  const validate = validator(JSON.parse(text) as Schema);
  if (validate(value)) return [];
  return describeErrors(validate.errors ?? []).map((m) => `${what}${m}`);
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** One message listing violations, each distinct one once with how often it happened. */
export function describeViolations(violations: readonly ContractViolation[], max = 40): string {
  const counts = new Map<string, number>();
  for (const v of violations) {
    const line = `${v.method} ${v.path} → ${v.status} [${v.operation ?? 'no operation'}]: ${v.problem}`;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].map(([line, n]) => `- ${line}${n > 1 ? ` (×${n})` : ''}`);
  return [...lines.slice(0, max), ...(lines.length > max ? [`- … and ${lines.length - max} more`] : [])].join('\n');
}
