// Checks a JSON document against a JSON Schema for the `json_schema` rule. Ajv is loaded on
// first use only: most ticks never validate a schema, and an idle tick should stay fast.
import type { ErrorObject } from 'ajv';
import { compilePattern } from '../plan/rule-pattern.js';

export type SchemaCheck =
  /** The document conforms. */
  | { ok: true }
  /** The document does not conform: the first few errors, each with its instance path. */
  | { ok: false; errors: string[]; total: number }
  /** The schema itself cannot be compiled (unknown draft, bad keyword value, unresolved $ref). */
  | { ok: false; schemaError: string };

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * `pattern` and `patternProperties` in a schema (the plan's, or a file the agent wrote) are
 * matched with RE2 in linear time, like the rules' own patterns, never with RegExp.
 */
const linearRegExp = Object.assign(
  (pattern: string) => {
    const compiled = compilePattern(pattern);
    if (!compiled.ok) throw new Error(`pattern ${JSON.stringify(pattern)} is not RE2 syntax: ${compiled.problem}`);
    // Ajv shares compiled patterns by their text.
    return { test: (text: string) => compiled.pattern.test(text), toString: () => `/${pattern}/u` };
  },
  { code: 'linearRegExp' },
);

const OPTIONS = {
  allErrors: true,
  // Hand-written schemas often carry keywords or formats Ajv does not know; they are ignored
  // rather than refused, as most validators do.
  strict: false,
  logger: false,
  code: { regExp: linearRegExp },
} as const;

/**
 * The draft named by `$schema` decides the dialect: draft-07 (and -06) or 2019-09; anything else,
 * including no `$schema`, is read as 2020-12, the current draft.
 */
async function compile(schema: Record<string, unknown>): Promise<Validator> {
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[67]/.test(dialect)) {
    const Ajv = exported<typeof import('ajv').Ajv>(await import('ajv'), 'Ajv');
    const ajv = new Ajv(OPTIONS);
    if (dialect.includes('draft-06')) ajv.addMetaSchema(await draft06MetaSchema());
    return ajv.compile(schema);
  }
  if (dialect.includes('2019-09')) {
    const Ajv2019 = exported<typeof import('ajv/dist/2019.js').Ajv2019>(await import('ajv/dist/2019.js'), 'Ajv2019');
    return new Ajv2019(OPTIONS).compile(schema);
  }
  const Ajv2020 = exported<typeof import('ajv/dist/2020.js').Ajv2020>(await import('ajv/dist/2020.js'), 'Ajv2020');
  return new Ajv2020(OPTIONS).compile(schema);
}

/**
 * A class from a dynamically imported CommonJS module. Node exposes it as a named export; a
 * split esbuild bundle only as a property of `default` (module.exports), so both are tried.
 */
function exported<T>(mod: unknown, name: string): T {
  const m = mod as Record<string, unknown> & { default?: Record<string, unknown> };
  const found = m[name] ?? m.default?.[name];
  if (typeof found !== 'function') throw new Error(`ajv does not export ${name}`);
  return found as T;
}

async function draft06MetaSchema(): Promise<Record<string, unknown>> {
  const mod = (await import('ajv/dist/refs/json-schema-draft-06.json', { with: { type: 'json' } })) as { default: Record<string, unknown> };
  return mod.default;
}

/** Validates `instance`; at most `max` errors are described, `total` says how many there were. */
export async function checkAgainstSchema(schema: Record<string, unknown>, instance: unknown, max = 3): Promise<SchemaCheck> {
  let validate: Validator;
  try {
    validate = await compile(schema);
  } catch (err) {
    return { ok: false, schemaError: err instanceof Error ? err.message : String(err) };
  }
  if (validate(instance)) return { ok: true };
  const errors = validate.errors ?? [];
  return { ok: false, errors: errors.slice(0, max).map(describeSchemaError), total: errors.length };
}

/** `/items/0/title: must be string`; the root is shown as `/`. */
export function describeSchemaError(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  const extra =
    typeof params.additionalProperty === 'string'
      ? ` ("${params.additionalProperty}")`
      : Array.isArray(params.allowedValues)
        ? ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`
        : '';
  return `${e.instancePath || '/'}: ${e.message ?? e.keyword}${extra}`;
}
