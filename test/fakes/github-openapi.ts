// GitHub's REST OpenAPI description (@octokit/openapi, api.github.com) cut down to what a
// contract check needs: every path and method with its parameters, request body and response
// schemas; the component schemas; and a few full response examples the fake builds its largest
// objects from. The description is 13 MB of JSON (about half a second to parse); the cut-down
// parts (no prose, no examples) are written once per package version to node_modules/.cache
// and each is loaded lazily, once per test worker, only when something needs it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CACHE_ROOT, writeAtomically, type Schema } from './compiled-schemas.js';

// Never the package's main entry: it loads every description it ships (400 MB).
const PACKAGE = path.dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json'));
/** Bump when the cut-down format changes, so stale caches are rebuilt. */
const FORMAT = 4;

/** Full response examples the fake copies its largest objects from (nested repositories and commits). */
export const EXAMPLE_NAMES = ['pull-request', 'workflow-run'] as const;
export type ExampleName = (typeof EXAMPLE_NAMES)[number];

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface OperationResponse {
  /** The `application/json` schema, when the response has a JSON body. */
  schema?: Schema;
  /** Media types the response may have; empty for a response without body (204). */
  contentTypes: string[];
}

export interface Operation {
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; schema?: Schema; contentTypes: string[] };
  /** By status code as the description writes it ("200", "default"). */
  responses: Record<string, OperationResponse>;
}

interface Parts {
  operations: Operation[];
  /** `#/components/schemas/...` refs in operations resolve against this. */
  components: { schemas: Record<string, Schema> };
  examples: Record<ExampleName, unknown>;
}

let dir: string | undefined;
const loaded: Partial<Parts> = {};

/** The package version and cut-down format, e.g. `23.0.2-1a2b3c`: names the cache. */
export const descriptionVersion = (): string => path.basename(cacheDir());

/** This package version's cache folder; the parts are built on first use. */
function cacheDir(): string {
  if (dir) return dir;
  const version = (JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(`${FORMAT}:${EXAMPLE_NAMES.join(',')}`)
    .digest('hex')
    .slice(0, 12);
  const target = path.join(CACHE_ROOT, 'sequencer-github-openapi', `${version}-${key}`);
  try {
    readFileSync(path.join(target, 'examples.json'));
  } catch {
    const parts = cutDown(JSON.parse(readFileSync(path.join(PACKAGE, 'generated', 'api.github.com.json'), 'utf8')) as FullDescription);
    // examples.json last: its presence says the other parts are complete.
    for (const name of ['operations', 'components', 'examples'] as const) writeAtomically(path.join(target, `${name}.json`), JSON.stringify(parts[name]));
  }
  dir = target;
  return target;
}

function part<K extends keyof Parts>(name: K): Parts[K] {
  return (loaded[name] ??= JSON.parse(readFileSync(path.join(cacheDir(), `${name}.json`), 'utf8')) as Parts[K]);
}

export const operations = (): Operation[] => part('operations');
export const components = (): Parts['components'] => part('components');
export const examples = (): Parts['examples'] => part('examples');

interface FullDescription {
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, unknown>;
    responses: Record<string, unknown>;
    examples: Record<string, { value: unknown }>;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function cutDown(full: FullDescription): Parts {
  const resolve = (node: unknown): Record<string, unknown> => {
    const ref = (node as { $ref?: string }).$ref;
    if (!ref) return node as Record<string, unknown>;
    const [, , kind = '', name = ''] = ref.split('/');
    const target = (full.components as unknown as Record<string, Record<string, unknown>>)[kind]?.[name];
    if (!target) throw new Error(`GitHub OpenAPI: unresolved ${ref}`);
    return resolve(target);
  };
  const media = (content: unknown) => Object.keys((content as Record<string, unknown> | undefined) ?? {});
  const jsonSchema = (content: unknown) => {
    const json = (content as Record<string, { schema?: Schema }> | undefined)?.['application/json'];
    return json?.schema ? (schemaOnly(json.schema) as Schema) : undefined;
  };

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(full.paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map(resolve);
    for (const method of METHODS) {
      const op = item[method] as { operationId: string; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> } | undefined;
      if (!op) continue;
      const parameters = [...shared, ...(op.parameters ?? []).map(resolve)].map((p) => {
        const { name, in: where, required, schema } = p as unknown as Parameter;
        return { name, in: where, ...(required ? { required } : {}), ...(schema ? { schema: schemaOnly(schema) as Schema } : {}) };
      });
      const responses: Record<string, OperationResponse> = {};
      for (const [status, raw] of Object.entries(op.responses)) {
        const r = resolve(raw) as { content?: unknown };
        const schema = jsonSchema(r.content);
        responses[status] = { contentTypes: media(r.content), ...(schema ? { schema } : {}) };
      }
      const operation: Operation = { operationId: op.operationId, method: method.toUpperCase(), template, parameters, responses };
      if (op.requestBody) {
        const body = resolve(op.requestBody) as { required?: boolean; content?: unknown };
        const schema = jsonSchema(body.content);
        operation.requestBody = { required: body.required === true, contentTypes: media(body.content), ...(schema ? { schema } : {}) };
      }
      operations.push(operation);
    }
  }
  const examples = Object.fromEntries(
    EXAMPLE_NAMES.map((name) => {
      const example = full.components.examples[name];
      if (!example) throw new Error(`GitHub OpenAPI: no example ${name}`);
      return [name, example.value];
    }),
  ) as Record<ExampleName, unknown>;
  const schemas = schemaOnly(full.components.schemas) as Record<string, Schema>;
  correct(schemas);
  return { components: { schemas }, operations, examples };
}

/**
 * Narrow corrections where GitHub's description rejects what GitHub itself sends. Each names
 * the spot; everything else is checked as published.
 */
function correct(schemas: Record<string, Schema>): void {
  // `errors[].value` is a oneOf of three nullable types, so `null` (GitHub's value for a missing
  // field) matches all three and fails oneOf. Read it as anyOf: still a string, integer or
  // string array, or null.
  const value = (schemas['validation-error'] as { properties?: { errors?: { items?: { properties?: { value?: Schema } } } } } | undefined)?.properties?.errors?.items?.properties?.value;
  if (!value || !Array.isArray(value.oneOf)) throw new Error('GitHub OpenAPI: validation-error errors[].value is no longer a oneOf; review this correction');
  value.anyOf = value.oneOf;
  delete value.oneOf;
}

/** Keywords that carry prose or samples, not constraints; dropped to keep the copy small. */
const PROSE = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'x-github', 'x-octokit']);

/**
 * Drops prose from a schema tree and rewrites OpenAPI 3.0's `nullable` where JSON Schema cannot
 * read it: next to `type` Ajv understands it, but GitHub also puts it beside a bare
 * `oneOf`/`allOf`/`anyOf`, which becomes "that, or null".
 */
function schemaOnly(node: unknown, propertyNames = false): unknown {
  if (Array.isArray(node)) return node.map((n) => schemaOnly(n));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!propertyNames && PROSE.has(key)) continue;
    out[key] = schemaOnly(value, !propertyNames && (key === 'properties' || key === 'patternProperties'));
  }
  if (!propertyNames && out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
