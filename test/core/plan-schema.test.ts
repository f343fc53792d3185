// The published JSON Schema and the hand-written validator describe the same format. Structural
// rules (types, required fields, ranges, name patterns) must agree exactly; cross-field rules
// (references between steps, routing loops, ".." in paths, regex syntax) only the validator can
// check, and the schema must then accept the plan rather than disagree in the other direction.
import { readFile, readdir } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN, ISO_DATE_TIME } from '../../src/core/plan/field-checks.js';
import { parsePlanText } from '../../src/core/plan/plan-text.js';
import { ENV_KEY_PATTERN, MAX_ATTEMPTS, MAX_STEPS, MAX_TIMEOUT_MINUTES, RESERVED_ENV_PREFIX, checkPlan } from '../../src/core/plan/validate-plan.js';
import { RULE_KINDS } from '../../src/core/plan/validate-rules.js';

interface SchemaNode {
  [key: string]: unknown;
}
const schema = JSON.parse(await readFile(new URL('../../schema/plan.schema.json', import.meta.url), 'utf8')) as SchemaNode;
// Formats are annotations for editors here; the patterns beside them do the checking.
const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
const validateSchema = ajv.compile(schema);
const schemaAccepts = (plan: unknown) => validateSchema(plan) === true;
const validatorAccepts = (plan: unknown) => checkPlan(plan).length === 0;

const at = (node: unknown, ...keys: string[]): unknown => keys.reduce((n, k) => (n as SchemaNode)[k], node);

const plansDir = new URL('../fixtures/plans/', import.meta.url);
async function fixturePlan(relative: string): Promise<unknown> {
  const doc = parsePlanText(await readFile(new URL(relative, plansDir), 'utf8'), relative);
  // A seed state.json is accepted as a plan file; its "plan" member is what the schema describes.
  return typeof doc === 'object' && doc !== null && 'plan' in doc ? (doc as { plan: unknown }).plan : doc;
}

const step = (extra: Record<string, unknown> = {}) => ({ title: 'T', instruction: 'I', ...extra });
const withA = (extra: Record<string, unknown>) => ({ steps: { a: step(extra), b: step() } });
const rule = (r: unknown) => withA({ validate: [r] });

type Kind = 'valid' | 'structural' | 'semantic';
const cases: Array<[string, Kind, unknown]> = [
  ['minimal plan', 'valid', { steps: { a: step() } }],
  [
    'every step field',
    'valid',
    withA({
      requiredOutputs: ['o/a.md'],
      maxAttempts: 3,
      attemptTimeoutMinutes: 1.5,
      timeoutMinutes: 10080,
      agent: 'claude -p',
      env: { K: 'v' },
      expectPayload: true,
      inheritPayload: false,
      onValidationFail: 'b',
    }),
  ],
  ['preflight everywhere', 'valid', { preflight: { tools: ['git'], env: ['K'], commands: [['gh', 'auth', 'status']] }, steps: { a: step({ preflight: { tools: ['jq'] } }) } }],
  ['preflight command a string', 'structural', { preflight: { commands: ['gh auth status'] }, steps: { a: step() } }],
  ['preflight env not a name', 'structural', withA({ preflight: { env: ['A=1'] } })],
  ['preflight unknown field', 'structural', withA({ preflight: { tool: ['git'] } })],
  ['preflight command through a shell', 'semantic', withA({ preflight: { commands: [['sh', '-c', 'x']] } })],
  ['output limit and overflow route', 'valid', withA({ maxOutputBytes: 65536, onOverflow: 'b' })],
  ['output limit too small', 'structural', withA({ maxOutputBytes: 10 })],
  ['overflow route to unknown step', 'semantic', withA({ onOverflow: 'zz' })],
  ['a command step', 'valid', { steps: { a: { title: 'Test', run: ['npm', 'test'] } } }],
  ['a command step with an instruction', 'valid', { steps: { a: { title: 'Test', instruction: 'Run the tests', run: ['npm', 'test'] } } }],
  ['a command step as a string', 'structural', { steps: { a: { title: 'Test', run: 'npm test' } } }],
  ['a command step through a shell', 'semantic', { steps: { a: { title: 'Test', run: ['sh', '-c', 'npm test'] } } }],
  ['a command step with an agent', 'semantic', { steps: { a: { title: 'Test', run: ['npm', 'test'], agent: 'claude -p' } } }],
  [
    'groups and routes',
    'valid',
    { groups: { g: { steps: ['a', 'b'], maxAttempts: 2 } }, steps: { a: step(), b: step({ retry: 'group', routes: [{ when: { key: 'v', equals: 'x' }, goto: 'a', max: 2 }] }) } },
  ],
  ['a group without steps', 'structural', { groups: { g: { maxAttempts: 2 } }, steps: { a: step() } }],
  ['a route without goto', 'structural', withA({ routes: [{ when: { key: 'v', equals: 1 } }] })],
  ['retry of another kind', 'structural', withA({ retry: 'plan' })],
  ['a group out of order', 'semantic', { groups: { g: { steps: ['b', 'a'] } }, steps: { a: step(), b: step() } }],
  ['a route to an unknown step', 'semantic', withA({ routes: [{ when: { key: 'v', equals: 1 }, goto: 'zz' }] })],
  ['output tolerance', 'valid', withA({ requiredOutputs: ['a', 'b'], outputTolerance: 0.5 })],
  ['output tolerance of 1', 'structural', withA({ outputTolerance: 1 })],
  ['output tolerance a string', 'structural', withA({ outputTolerance: '0.2' })],
  ['snake_case outputs alias', 'valid', withA({ required_outputs: ['x.md'] })],
  ['x- fields everywhere', 'valid', { 'x-future': 1, steps: { a: step({ 'x-notes': 'n', validate: [{ file_exists: { path: 'a', 'x-why': 'w' } }] }) } }],
  ['unknown plan field', 'structural', { titel: 'T', steps: { a: step() } }],
  ['misspelt step field', 'structural', withA({ requiredOuputs: ['a.md'] })],
  ['unknown rule setting', 'structural', rule({ file_contains: { path: 'a', patern: 'x', pattern: 'x' } })],
  ['queue and deadline', 'valid', { steps: { a: step(), b: step() }, stepQueue: ['b', 'a'], deadline: '2030-01-01T00:00:00+05:30' }],
  [
    'every rule kind',
    'valid',
    withA({
      validate: [
        { file_exists: { path: 'a' } },
        { file_contains: { path: 'a', pattern: 'x', flags: 'im' } },
        { json_schema: { path: 'a.json', schema: { type: 'object' } } },
        { json_schema: { path: 'a.json', schema: 's.json' } },
        { payload_has_key: { key: 'k' } },
        { payload_value_matches: { key: 'k', pattern: '^x$' } },
        { payload_values_equal: { keys: ['a', 'b'], step: 'b' } },
        { command: { argv: ['node', '-v'], timeoutSeconds: 1 } },
        { command_output_contains: { argv: ['node', '-v'], text: 'v' } },
        { db_query: { path: 'a.db', query: 'SELECT count(*) FROM t', expect: 3, timeoutSeconds: 5 } },
        { db_query: { path: 'a.db', query: 'SELECT 1', expect: null } },
        { payload_provenance: { key: 'items', maxAgeDays: 7 } },
      ],
    }),
  ],
  ['not an object', 'structural', [{ steps: {} }]],
  ['steps missing', 'structural', { title: 'x' }],
  ['steps empty', 'structural', { steps: {} }],
  ['steps an array', 'structural', { steps: [step()] }],
  ['bad step id', 'structural', { steps: { 'a b': step() } }],
  ['step id too long', 'structural', { steps: { ['x'.repeat(101)]: step() } }],
  ['step a string', 'structural', { steps: { a: 'x' } }],
  ['title missing', 'structural', { steps: { a: { instruction: 'I' } } }],
  ['title blank', 'structural', { steps: { a: step({ title: ' \n' }) } }],
  ['instruction a number', 'structural', { steps: { a: step({ instruction: 5 }) } }],
  ['outputs a string', 'structural', withA({ requiredOutputs: 'x' })],
  ['output absolute', 'structural', withA({ requiredOutputs: ['/x'] })],
  ['output backslash absolute', 'structural', withA({ requiredOutputs: ['\\\\server\\x'] })],
  ['output drive letter', 'structural', withA({ requiredOutputs: ['c:/x'] })],
  ['output blank', 'structural', withA({ requiredOutputs: ['  '] })],
  ['output with NUL', 'structural', withA({ requiredOutputs: ['a\u0000b'] })],
  ['output with a newline', 'structural', withA({ requiredOutputs: ['a.md\n|---|'] })],
  ['rule path with a bidi control', 'structural', rule({ file_exists: { path: 'a\u202eb' } })],
  ['alias and field together', 'structural', withA({ requiredOutputs: ['x'], required_outputs: ['x'] })],
  ['maxAttempts 0', 'structural', withA({ maxAttempts: 0 })],
  ['maxAttempts 101', 'structural', withA({ maxAttempts: 101 })],
  ['maxAttempts 1.5', 'structural', withA({ maxAttempts: 1.5 })],
  ['timeout 0', 'structural', withA({ timeoutMinutes: 0 })],
  ['attempt timeout too long', 'structural', withA({ attemptTimeoutMinutes: 10081 })],
  ['agent blank', 'structural', withA({ agent: '' })],
  ['env an array', 'structural', withA({ env: ['A=1'] })],
  ['env bad name', 'structural', withA({ env: { 'A-B': 'x' } })],
  ['env reserved', 'structural', withA({ env: { SEQUENCER_WORKSPACE: '/' } })],
  ['env number', 'structural', withA({ env: { A: 1 } })],
  ['expectPayload string', 'structural', withA({ expectPayload: 'true' })],
  ['route a number', 'structural', withA({ onValidationFail: 3 })],
  ['route with spaces', 'structural', withA({ onValidationFail: 'go to b' })],
  ['validate an object', 'structural', withA({ validate: {} })],
  ['rule empty', 'structural', rule({})],
  ['rule with two kinds', 'structural', rule({ file_exists: { path: 'a' }, payload_has_key: { key: 'k' } })],
  ['rule kind unknown', 'structural', rule({ http_status: { url: 'x' } })],
  ['rule body a string', 'structural', rule({ file_exists: 'a' })],
  ['file_exists without path', 'structural', rule({ file_exists: {} })],
  ['file_contains without pattern', 'structural', rule({ file_contains: { path: 'a' } })],
  ['flags unknown', 'structural', rule({ file_contains: { path: 'a', pattern: 'x', flags: 'x' } })],
  ['flag v (Unicode sets, not RE2)', 'structural', rule({ file_contains: { path: 'a', pattern: 'x', flags: 'uv' } })],
  ['json_schema schema a number', 'structural', rule({ json_schema: { path: 'a', schema: 1 } })],
  ['json_schema schema absolute', 'structural', rule({ json_schema: { path: 'a', schema: '/s.json' } })],
  ['payload key blank', 'structural', rule({ payload_has_key: { key: ' ' } })],
  ['values_equal one key', 'structural', rule({ payload_values_equal: { keys: ['a'] } })],
  ['argv empty', 'structural', rule({ command: { argv: [] } })],
  ['argv a string', 'structural', rule({ command: { argv: 'ls -l' } })],
  ['argv with a number', 'structural', rule({ command: { argv: ['ls', 1] } })],
  ['timeoutSeconds 0', 'structural', rule({ command: { argv: ['ls'], timeoutSeconds: 0 } })],
  ['output text empty', 'structural', rule({ command_output_contains: { argv: ['ls'], text: '' } })],
  ['payload_provenance without key', 'structural', rule({ payload_provenance: { maxAgeDays: 1 } })],
  ['payload_provenance age zero', 'structural', rule({ payload_provenance: { key: 'items', maxAgeDays: 0 } })],
  ['db_query without query', 'structural', rule({ db_query: { path: 'a.db' } })],
  ['db_query expect an object', 'structural', rule({ db_query: { path: 'a.db', query: 'SELECT 1', expect: {} } })],
  ['db_query path absolute', 'structural', rule({ db_query: { path: '/a.db', query: 'SELECT 1' } })],
  ['title a number', 'structural', { title: 1, steps: { a: step() } }],
  ['queue empty', 'structural', { steps: { a: step() }, stepQueue: [] }],
  ['queue duplicate', 'structural', { steps: { a: step() }, stepQueue: ['a', 'a'] }],
  ['deadline without zone', 'structural', { steps: { a: step() }, deadline: '2030-01-01T00:00:00' }],
  ['deadline a date only', 'structural', { steps: { a: step() }, deadline: '2030-01-01' }],
  ['output leaves workspace', 'semantic', withA({ requiredOutputs: ['a/../../x'] })],
  ['rule path leaves workspace', 'semantic', rule({ file_exists: { path: '../x' } })],
  ['queue names unknown step', 'semantic', { steps: { a: step() }, stepQueue: ['z'] }],
  ['route to unknown step', 'semantic', withA({ onValidationFail: 'z' })],
  ['route to itself', 'semantic', withA({ onValidationFail: 'a' })],
  ['routing loop', 'semantic', { steps: { a: step({ onValidationFail: 'b' }), b: step({ onValidationFail: 'a' }) } }],
  ['pattern does not compile', 'semantic', rule({ file_contains: { path: 'a', pattern: '[' } })],
  ['flag twice', 'semantic', rule({ file_contains: { path: 'a', pattern: 'x', flags: 'ii' } })],
  ['pattern with lookahead (not RE2)', 'semantic', rule({ file_contains: { path: 'a', pattern: 'a(?=b)' } })],
  ['pattern with a backreference (not RE2)', 'semantic', rule({ payload_value_matches: { key: 'k', pattern: '(a)\\1' } })],
  ['values_equal unknown step', 'semantic', rule({ payload_values_equal: { keys: ['a', 'b'], step: 'zz' } })],
  ['db_query that writes', 'semantic', rule({ db_query: { path: 'a.db', query: 'DELETE FROM t' } })],
  ['db_query of two statements', 'semantic', rule({ db_query: { path: 'a.db', query: 'SELECT 1; SELECT 2' } })],
  ['argv program blank', 'semantic', rule({ command: { argv: [' '] } })],
  ['deadline on a day that does not exist', 'semantic', { steps: { a: step() }, deadline: '2030-02-30T00:00:00Z' }],
];

describe('schema/plan.schema.json', () => {
  it('is a strict draft 2020-12 schema with an $id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/^https:\/\/.+\/plan\.schema\.json$/);
    expect(String(schema.description)).toContain('state.json');
  });

  it('uses the same patterns and limits as the validator', () => {
    const stepProps = at(schema, '$defs', 'step', 'properties');
    expect(at(schema, 'properties', 'steps', 'propertyNames', 'pattern')).toBe(ID_PATTERN.source);
    expect(at(schema, 'properties', 'steps', 'maxProperties')).toBe(MAX_STEPS);
    expect(at(schema, 'properties', 'deadline', 'pattern')).toBe(ISO_DATE_TIME.source);
    expect(at(stepProps, 'env', 'propertyNames', 'pattern')).toBe(`^(?!${RESERVED_ENV_PREFIX})${ENV_KEY_PATTERN.source.slice(1)}`);
    expect(at(stepProps, 'maxAttempts', 'maximum')).toBe(MAX_ATTEMPTS);
    expect(at(stepProps, 'timeoutMinutes', 'maximum')).toBe(MAX_TIMEOUT_MINUTES);
    expect(Object.keys(at(schema, '$defs', 'rule', 'properties') as SchemaNode)).toEqual([...RULE_KINDS]);
  });

  it('accepts every valid fixture plan, which the validator accepts too', async () => {
    const names = (await readdir(plansDir)).filter((n) => /\.(json|ya?ml)$/.test(n));
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) {
      const plan = await fixturePlan(name);
      expect(checkPlan(plan), name).toEqual([]);
      expect(schemaAccepts(plan), `${name}: ${ajv.errorsText(validateSchema.errors)}`).toBe(true);
    }
  });

  it('rejects the structural invalid fixtures; the semantic ones only the validator rejects', async () => {
    const names = await readdir(new URL('invalid/', plansDir));
    expect(names.some((n) => n.startsWith('structural-')) && names.some((n) => n.startsWith('semantic-'))).toBe(true);
    for (const name of names) {
      const plan = await fixturePlan(`invalid/${name}`);
      expect(validatorAccepts(plan), name).toBe(false);
      expect(schemaAccepts(plan), name).toBe(!name.startsWith('structural-'));
    }
  });

  it.each(cases)('%s (%s)', (_name, kind, plan) => {
    expect({ validator: validatorAccepts(plan), schema: schemaAccepts(plan) }).toEqual({
      validator: kind === 'valid',
      schema: kind !== 'structural',
    });
  });
});
