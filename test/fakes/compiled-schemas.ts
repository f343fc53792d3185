// Ajv validators for GitHub's published schemas (the REST description, the webhook payload
// schemas). Compiling one of GitHub's large schemas takes hundreds of milliseconds (an issue nests
// a whole repository), so each compiled validator is saved as standalone code under
// node_modules/.cache and later test workers load it in a few milliseconds.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export type Schema = Record<string, unknown>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CACHE_ROOT = path.join(ROOT, 'node_modules', '.cache');
const require = createRequire(import.meta.url);
const standaloneCode = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;

/**
 * String formats GitHub's schemas use. Regular expressions, not functions, so compiled validators
 * can be saved as standalone code. The number formats (int32, int64, double) add nothing that
 * `type: integer`/`number` does not check already; `binary` is for uploads, never in JSON.
 */
export const GITHUB_FORMATS = {
  // RFC 3339 as GitHub writes it: `2011-04-14T16:00:49Z`.
  'date-time': /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i,
  date: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/,
  uri: /^[a-z][a-z\d+.-]*:[^\s{}]*$/i,
  // A URI with RFC 6570 expressions, such as `https://api.github.com/users/octocat/following{/other_user}`.
  'uri-template': /^[a-z][a-z\d+.-]*:[^\s{}]*(?:\{[^\s{}]+\}[^\s{}]*)*$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  // `owner/name`, as in `head_repo` of the pull request routes.
  'repo.nwo': /^[^/\s]+\/[^/\s]+$/,
  int32: true,
  int64: true,
  double: true,
  binary: true,
} as const;

/** Part of every saved validator's name: a new Ajv or a changed format compiles afresh. */
const COMPILER = `ajv ${(require('ajv/package.json') as { version: string }).version} ${Object.entries(GITHUB_FORMATS)
  .map(([k, v]) => `${k}=${String(v)}`)
  .join(' ')}`;

export interface SchemaSource {
  /** Names the schemas and their version (e.g. `@octokit/openapi 23.0.2`): part of each cache key. */
  id: string;
  /** The documents `$ref`s point into, each with its `$id`; read only when something must be compiled. */
  documents: () => Schema[];
}

/** Returns a function giving the (cached) validator for a schema whose refs point into `source`. */
export function validatorsFor(source: SchemaSource): (schema: Schema) => ValidateFunction {
  const inMemory = new Map<string, ValidateFunction>();
  let ajv: Ajv | undefined;
  return (schema) => {
    const text = JSON.stringify(schema);
    let v = inMemory.get(text);
    if (v) return v;
    const key = createHash('sha256').update(`${COMPILER}\n${source.id}\n${text}`).digest('hex').slice(0, 24);
    const file = path.join(CACHE_ROOT, 'sequencer-validators', `${key}.cjs`);
    try {
      v = require(file) as ValidateFunction;
    } catch {
      if (!ajv) {
        // strict: false because GitHub's schemas carry keywords of their own (`x-github`,
        // `tsAdditionalProperties`); inlineRefs: false keeps each shared component one function.
        ajv = new Ajv({ strict: false, allErrors: true, inlineRefs: false, validateSchema: false, formats: GITHUB_FORMATS, code: { source: true } });
        for (const doc of source.documents()) ajv.addSchema(doc);
      }
      v = ajv.compile(schema);
      writeAtomically(file, standaloneCode(ajv, v));
    }
    inMemory.set(text, v);
    return v;
  };
}

/** Written beside and renamed, so workers starting together never read half a file. */
export function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, text);
  renameSync(staging, file);
}

/** One line per failing spot, naming where in the value it is. */
export function describeErrors(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map((err) => {
    const at = err.instancePath || '';
    if (err.keyword === 'required') return `${at} is missing required "${(err.params as { missingProperty: string }).missingProperty}"`;
    if (err.keyword === 'additionalProperties') return `${at} has "${(err.params as { additionalProperty: string }).additionalProperty}", which the schema does not allow`;
    const allowed = err.keyword === 'enum' ? ` ${JSON.stringify((err.params as { allowedValues: unknown }).allowedValues)}` : '';
    return `${at} ${err.message ?? err.keyword}${allowed} (schema ${err.schemaPath})`;
  });
  return [...new Set(lines)];
}
