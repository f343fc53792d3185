import { describe, expect, it } from 'vitest';
import {
  commandOutputContainsResult,
  commandResult,
  evaluateRules,
  FileTooLargeError,
  fileContainsResult,
  fileExistsResult,
  jsonSchemaResult,
  payloadHasKeyResult,
  payloadValueMatchesResult,
  payloadValuesEqualResult,
  ruleLabel,
  runTextCheck,
  textCheckTimedOut,
  validationFailure,
  type RuleResult,
  type TextCheck,
} from '../../src/core/tick/rules.js';
import type { ValidationRule } from '../../src/core/state/types.js';
import type { CheckResult } from '../../src/ports.js';
import { FakeVerifier, FakeWorkspace } from '../fakes/ports.js';

const ran = (r: Partial<CheckResult>): CheckResult => ({ exitCode: 0, stdout: '', stderr: '', timedOut: false, ...r });
const inline = (schema: Record<string, unknown>) => ({ ok: true as const, schema });

describe('rule labels', () => {
  it.each<[ValidationRule, string]>([
    [{ file_exists: { path: 'a.md' } }, 'file_exists(a.md)'],
    [{ file_contains: { path: 'report.md', pattern: '^## Sources', flags: 'm' } }, 'file_contains(report.md, /^## Sources/m)'],
    [{ json_schema: { path: 'x.json', schema: {} } }, 'json_schema(x.json)'],
    [{ json_schema: { path: 'x.json', schema: 's/x.schema.json' } }, 'json_schema(x.json, s/x.schema.json)'],
    [{ payload_has_key: { key: 'a.b' } }, 'payload_has_key(a.b)'],
    [{ payload_value_matches: { key: 'tag', pattern: '^v\\d' } }, 'payload_value_matches(tag, /^v\\d/)'],
    [{ payload_values_equal: { keys: ['count', 'lines'] } }, 'payload_values_equal(count, lines)'],
    [{ payload_values_equal: { keys: ['a', 'b'], step: 'collect' } }, 'payload_values_equal(collect: a, b)'],
    [{ command: { argv: ['node', 'check.mjs', 'two words'] } }, 'command(node check.mjs "two words")'],
    [{ command_output_contains: { argv: ['npm', 'test'], text: 'ok' } }, 'command_output_contains(npm test, "ok")'],
  ])('%j → %s', (rule, label) => {
    expect(ruleLabel(rule)).toBe(label);
  });
});

describe('file rules', () => {
  it('file_exists passes on a file and names a missing one', () => {
    expect(fileExistsResult({ path: 'a.md' }, '')).toEqual({ rule: 'file_exists(a.md)', ok: true });
    expect(fileExistsResult({ path: 'a.md' }, null)).toEqual({ rule: 'file_exists(a.md)', ok: false, reason: 'not found in the workspace' });
  });

  it('file_contains matches with flags, says "no match" otherwise, and names a missing file', () => {
    const body = { path: 'report.md', pattern: '^## Sources', flags: 'm' };
    expect(fileContainsResult(body, '# Report\n## Sources\n- x').ok).toBe(true);
    expect(fileContainsResult(body, '# Report\nno sources')).toEqual({ rule: 'file_contains(report.md, /^## Sources/m)', ok: false, reason: 'no match' });
    // Without the m flag ^ only anchors at the start of the file.
    expect(fileContainsResult({ path: 'report.md', pattern: '^## Sources' }, '# Report\n## Sources').ok).toBe(false);
    expect(fileContainsResult(body, null).reason).toBe('report.md not found in the workspace');
  });
});

describe('json_schema', () => {
  const body = { path: 'notes/prs.json', schema: {} };
  const prs = { type: 'array', items: { type: 'object', required: ['number', 'title'], properties: { number: { type: 'integer' } } } };

  it('passes a conforming document', async () => {
    expect(await jsonSchemaResult(body, '[{"number": 1, "title": "x"}]', inline(prs))).toEqual({ rule: 'json_schema(notes/prs.json)', ok: true });
  });

  it('reports the first errors with their instance paths and how many more there were', async () => {
    const doc = JSON.stringify([{ number: 'one' }, { title: 't' }, {}, {}]);
    const r = await jsonSchemaResult(body, doc, inline(prs));
    expect(r.ok).toBe(false);
    expect(r.reason).toMatch(/^\d+ schema errors: \/0: must have required property 'title'; \/0\/number: must be integer; \/1: must have required property 'number' \(and \d+ more\)$/);
  });

  it('names an additional property and reads a draft-07 schema as draft-07', async () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false, properties: { a: {} }, definitions: { x: { type: 'string' } } };
    expect((await jsonSchemaResult(body, '{"a": 1, "b": 2}', inline(draft7))).reason).toBe('1 schema error: /: must NOT have additional properties ("b")');
    // Array-form `items` is draft-07 only (2020-12 calls it prefixItems).
    const tuple = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: [{ type: 'string' }, { type: 'number' }] };
    expect((await jsonSchemaResult(body, '["a", 1]', inline(tuple))).ok).toBe(true);
    expect((await jsonSchemaResult(body, '[1, 1]', inline(tuple))).reason).toBe('1 schema error: /0: must be string');
  });

  it.each(['http://json-schema.org/draft-06/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema'])('reads %s schemas', async (dialect) => {
    const schema = inline({ $schema: dialect, type: 'object', required: ['a'] });
    expect((await jsonSchemaResult(body, '{"a": 1}', schema)).ok).toBe(true);
    expect((await jsonSchemaResult(body, '{}', schema)).reason).toBe("1 schema error: /: must have required property 'a'");
  });

  it('fails on a missing file, invalid JSON, an unusable schema', async () => {
    expect((await jsonSchemaResult(body, null, inline(prs))).reason).toBe('notes/prs.json not found in the workspace');
    expect((await jsonSchemaResult(body, '[{"number": 1,]', inline(prs))).reason).toMatch(/^notes\/prs\.json is not valid JSON \(/);
    expect((await jsonSchemaResult(body, '[]', { ok: false, problem: 'schema file s.json not found in the workspace' })).reason).toBe('schema file s.json not found in the workspace');
    expect((await jsonSchemaResult(body, '[]', inline({ type: 'nonsense' }))).reason).toMatch(/^the schema is invalid: /);
  });
});

describe('payload rules', () => {
  const payload = { count: 3, lines: 3, other: '3', tag: 'v1.2.3', nested: { list: [{ id: 'x' }] } };

  it('payload_has_key follows dot paths and array indexes, and lists the keys it has', () => {
    expect(payloadHasKeyResult({ key: 'nested.list.0.id' }, payload).ok).toBe(true);
    expect(payloadHasKeyResult({ key: 'nested.list.1' }, payload).ok).toBe(false);
    expect(payloadHasKeyResult({ key: 'constructor' }, payload).ok).toBe(false);
    expect(payloadHasKeyResult({ key: 'missing' }, payload).reason).toBe('the payload has no key "missing" (it has: count, lines, other, tag, nested)');
    expect(payloadHasKeyResult({ key: 'a' }, undefined).reason).toBe('no payload was written to $SEQUENCER_PAYLOAD_FILE');
  });

  it('payload_value_matches tests strings as they are and other values as JSON', () => {
    expect(payloadValueMatchesResult({ key: 'tag', pattern: '^v\\d+\\.\\d+\\.\\d+$' }, payload).ok).toBe(true);
    expect(payloadValueMatchesResult({ key: 'count', pattern: '^\\d+$' }, payload).ok).toBe(true);
    expect(payloadValueMatchesResult({ key: 'tag', pattern: '^V', flags: 'i' }, payload).ok).toBe(true);
    expect(payloadValueMatchesResult({ key: 'tag', pattern: '^release-' }, payload)).toEqual({
      rule: 'payload_value_matches(tag, /^release-/)',
      ok: false,
      reason: 'value "v1.2.3" does not match',
    });
    expect(payloadValueMatchesResult({ key: 'nope', pattern: 'x' }, payload).reason).toMatch(/^the payload has no key "nope"/);
  });

  it('payload_values_equal compares values (not their text) in this or another step payload', () => {
    expect(payloadValuesEqualResult({ keys: ['count', 'lines'] }, payload).ok).toBe(true);
    expect(payloadValuesEqualResult({ keys: ['count', 'other'] }, payload)).toEqual({
      rule: 'payload_values_equal(count, other)',
      ok: false,
      reason: 'values differ: count=3, other="3"',
    });
    expect(payloadValuesEqualResult({ keys: ['a', 'b'] }, { a: { x: 1, y: 2 }, b: { y: 2, x: 1 } }).ok).toBe(true);
    expect(payloadValuesEqualResult({ keys: ['count', 'gone', 'gone2'] }, payload).reason).toBe('the payload has no keys "gone", "gone2"');
    expect(payloadValuesEqualResult({ keys: ['a', 'b'], step: 'collect' }, undefined).reason).toBe('step collect has no payload');
    expect(payloadValuesEqualResult({ keys: ['a', 'b'], step: 'collect' }, { a: 1 }).reason).toBe('the payload of step collect has no key "b"');
  });
});

describe('command rules', () => {
  it('command passes on exit 0 and quotes the end of the output otherwise', () => {
    const body = { argv: ['node', 'check.mjs'] };
    expect(commandResult(body, ran({ exitCode: 0 })).ok).toBe(true);
    expect(commandResult(body, ran({ exitCode: 2, stderr: 'missing section\n' }))).toEqual({ rule: 'command(node check.mjs)', ok: false, reason: 'exited with code 2: missing section' });
    expect(commandResult(body, ran({ exitCode: 1, stdout: 'x'.repeat(2000) })).reason).toHaveLength('exited with code 1: ...'.length + 500);
    expect(commandResult({ ...body, timeoutSeconds: 5 }, ran({ exitCode: null, timedOut: true })).reason).toBe('timed out after 5 s (process group killed)');
    expect(commandResult(body, ran({ exitCode: null, spawnError: 'not found on PATH' })).reason).toBe('could not start: not found on PATH');
  });

  it('command_output_contains looks in stdout and stderr, whatever the exit code', () => {
    const body = { argv: ['npm', 'test'], text: 'all passed' };
    expect(commandOutputContainsResult(body, ran({ stdout: '12 tests: all passed' })).ok).toBe(true);
    expect(commandOutputContainsResult(body, ran({ exitCode: 1, stderr: 'all passed (with warnings)' })).ok).toBe(true);
    expect(commandOutputContainsResult(body, ran({ exitCode: 1, stdout: '3 failed' })).reason).toBe('the output does not contain "all passed" (exit code 1): 3 failed');
    expect(commandOutputContainsResult(body, ran({})).reason).toBe('the output does not contain "all passed" (exit code 0); the output was empty');
  });
});

describe('evaluateRules', () => {
  function setup() {
    const workspace = new FakeWorkspace();
    const verifier = new FakeVerifier(workspace, (argv) => (argv[1] === 'fail.mjs' ? { exitCode: 3, stderr: 'bad' } : { stdout: 'ok' }));
    return { workspace, verifier };
  }

  it('checks every rule, reading files and the schema file, running commands with the env and a log per rule', async () => {
    const { workspace, verifier } = setup();
    workspace.files.add('out.json');
    workspace.texts.set('out.json', '{"n": 1}');
    workspace.files.add('s.json');
    workspace.texts.set('s.json', '{"type": "object", "required": ["n", "m"]}');
    const rules: ValidationRule[] = [
      { file_exists: { path: 'out.json' } },
      { json_schema: { path: 'out.json', schema: 's.json' } },
      { command: { argv: ['node', 'fail.mjs'], timeoutSeconds: 7 } },
      { command_output_contains: { argv: ['node', 'ok.mjs'], text: 'ok' } },
      { payload_values_equal: { keys: ['a', 'b'], step: 'earlier' } },
    ];
    const results = await evaluateRules(rules, {
      verifier,
      payload: undefined,
      payloadOf: (id) => (id === 'earlier' ? { a: 1, b: 1 } : undefined),
      env: { SEQUENCER_STEP_ID: 's' },
      logFileFor: (i) => `/logs/check-${i}.log`,
    });
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true, true]);
    expect(results[1]!.reason).toBe("1 schema error: /: must have required property 'm'");
    expect(verifier.checks).toEqual([
      { argv: ['node', 'fail.mjs'], opts: { timeoutMs: 7000, env: { SEQUENCER_STEP_ID: 's' }, logFile: '/logs/check-2.log' } },
      { argv: ['node', 'ok.mjs'], opts: { timeoutMs: 300_000, env: { SEQUENCER_STEP_ID: 's' }, logFile: '/logs/check-3.log' } },
    ]);
    expect(validationFailure(results)).toBe("Validation failed: json_schema(out.json, s.json): 1 schema error: /: must have required property 'm'; command(node fail.mjs): exited with code 3: bad");
  });

  it('names a missing or broken schema file, and turns a verifier error into a failed rule', async () => {
    const { workspace, verifier } = setup();
    workspace.files.add('out.json');
    workspace.files.add('broken.json');
    workspace.texts.set('broken.json', '{');
    const boom = new FakeVerifier(workspace);
    boom.readWorkspaceFile = async () => {
      throw new Error('huge.log is 99 bytes, more than the 10 bytes a rule reads');
    };
    const ctx = { verifier, payload: undefined, payloadOf: () => undefined };
    const [missing, broken] = await evaluateRules([{ json_schema: { path: 'out.json', schema: 'nope.json' } }, { json_schema: { path: 'out.json', schema: 'broken.json' } }], ctx);
    expect(missing!.reason).toBe('schema file nope.json not found in the workspace');
    expect(broken!.reason).toMatch(/^schema file broken\.json is not valid JSON/);
    const [thrown] = await evaluateRules([{ file_contains: { path: 'huge.log', pattern: 'x' } }], { ...ctx, verifier: boom });
    expect(thrown).toEqual({ rule: 'file_contains(huge.log, /x/)', ok: false, reason: 'could not be checked: huge.log is 99 bytes, more than the 10 bytes a rule reads' });
  });

  it('hands a cancel to the check under way (a content rule, a command) and checks no rule after it', async () => {
    const { workspace, verifier } = setup();
    workspace.files.add('a.md');
    workspace.texts.set('a.md', '# A');
    const cancel = new AbortController();
    const given: Array<AbortSignal | undefined> = [];
    // The cancel arrives while the pattern is matched.
    verifier.textChecks = async (check, signal) => {
      given.push(signal);
      cancel.abort();
      return runTextCheck(check);
    };
    const results = await evaluateRules(
      [{ command: { argv: ['node', 'ok.mjs'] } }, { file_contains: { path: 'a.md', pattern: '^# A' } }, { command: { argv: ['node', 'fail.mjs'] } }, { file_exists: { path: 'a.md' } }],
      { verifier, payload: undefined, payloadOf: () => undefined, signal: cancel.signal },
    );
    expect(verifier.checks.map((c) => [c.argv[1], c.opts.signal])).toEqual([['ok.mjs', cancel.signal]]);
    expect(given).toEqual([cancel.signal]);
    expect(results.map((r) => r.rule)).toEqual(['command(node ok.mjs)', 'file_contains(a.md, /^# A/)']);
  });

  it('validationFailure is null when every rule passed', () => {
    const ok: RuleResult[] = [{ rule: 'file_exists(a)', ok: true }];
    expect(validationFailure(ok)).toBeNull();
    expect(validationFailure([])).toBeNull();
  });
});

describe('a rule cannot hang the tick', () => {
  // Backtracking engines need 2^n steps for this; RE2 reads the text once.
  const EVIL = '^(a+)+$';
  const TEXT = `${'a'.repeat(100_000)}!`;

  it('file_contains, payload_value_matches and a json_schema pattern end at once on ^(a+)+$ against 100,000 a\'s and a "!"', async () => {
    const workspace = new FakeWorkspace();
    workspace.files.add('out.txt');
    workspace.texts.set('out.txt', TEXT);
    const started = Date.now();
    const results = await evaluateRules([{ file_contains: { path: 'out.txt', pattern: EVIL } }, { payload_value_matches: { key: 'text', pattern: EVIL, flags: 'i' } }], {
      verifier: new FakeVerifier(workspace),
      payload: { text: TEXT },
      payloadOf: () => undefined,
    });
    expect(results.map((r) => [r.rule, r.reason])).toEqual([
      ['file_contains(out.txt, /^(a+)+$/)', 'no match'],
      [`payload_value_matches(text, /^(a+)+$/i)`, `value "${'a'.repeat(56)}... does not match`],
    ]);
    const json = JSON.stringify({ text: TEXT, [TEXT]: 'not a number' });
    expect((await jsonSchemaResult({ path: 'o.json', schema: {} }, json, inline({ properties: { text: { pattern: EVIL } } }))).reason).toBe('1 schema error: /text: must match pattern "^(a+)+$"');
    expect((await jsonSchemaResult({ path: 'o.json', schema: {} }, json, inline({ patternProperties: { [EVIL]: { type: 'number' } } }))).ok).toBe(true);
    // Loose on purpose: the point is that it ends (a backtracking engine would not), not how fast.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a schema pattern RE2 cannot express makes the schema invalid, saying why', async () => {
    const r = await jsonSchemaResult({ path: 'o.json', schema: {} }, '{"a": "x"}', inline({ properties: { a: { pattern: 'x(?=y)' } } }));
    expect(r.reason).toMatch(/^the schema is invalid: pattern "x\(\?=y\)" is not RE2 syntax: lookahead \(\(\?=\) is not supported by RE2/);
  });

  it('a pattern RE2 refuses (in a state validated before) fails its rule with the reason', () => {
    expect(fileContainsResult({ path: 'a.md', pattern: '(a)\\1' }, 'aa')).toEqual({
      rule: 'file_contains(a.md, /(a)\\1/)',
      ok: false,
      reason: expect.stringMatching(/^its pattern cannot be used: backreferences \(\\1\) are not supported/) as unknown as string,
    });
    expect(payloadValueMatchesResult({ key: 'k', pattern: 'x', flags: 'v' }, { k: 'x' }).reason).toMatch(/^its flags cannot be used: v \(Unicode sets\)/);
  });

  it("content rules' text checks go through the verifier's checkText when it has one (where an adapter puts them under a time limit)", async () => {
    const workspace = new FakeWorkspace();
    for (const [file, text] of [
      ['items.json', '[1, 1]'],
      ['s.json', '{"uniqueItems": true}'],
      ['a.md', '# A'],
    ] as const) {
      workspace.files.add(file);
      workspace.texts.set(file, text);
    }
    const seen: TextCheck[] = [];
    const verifier = Object.assign(new FakeVerifier(workspace), {
      // Stands in for a thread that was stopped at its limit for the pattern, and ran the schema check.
      checkText: async (check: TextCheck) => {
        seen.push(check);
        return check.kind === 'file_contains' ? textCheckTimedOut(check, 1500) : runTextCheck(check);
      },
    });
    const results = await evaluateRules(
      [
        { file_contains: { path: 'a.md', pattern: '^# A' } },
        { json_schema: { path: 'items.json', schema: 's.json' } },
        // Nothing to check without the file, or without a usable schema: answered in line.
        { json_schema: { path: 'missing.json', schema: 's.json' } },
        { json_schema: { path: 'items.json', schema: 'missing.schema.json' } },
      ],
      { verifier, payload: undefined, payloadOf: () => undefined },
    );
    expect(seen).toEqual([
      { kind: 'file_contains', body: { path: 'a.md', pattern: '^# A' }, text: '# A' },
      { kind: 'json_schema', body: { path: 'items.json', schema: 's.json' }, text: '[1, 1]', schema: { ok: true, schema: { uniqueItems: true } } },
    ]);
    expect(results).toEqual([
      {
        rule: 'file_contains(a.md, /^# A/)',
        ok: false,
        reason: "matching the pattern against a.md took longer than 1500 ms, the time limit of a rule's check (SEQUENCER_RULE_CHECK_SECONDS), and was stopped",
      },
      { rule: 'json_schema(items.json, s.json)', ok: false, reason: '1 schema error: /: must NOT have duplicate items (items ## 0 and 1 are identical)' },
      { rule: 'json_schema(missing.json, s.json)', ok: false, reason: 'missing.json not found in the workspace' },
      { rule: 'json_schema(items.json, missing.schema.json)', ok: false, reason: 'schema file missing.schema.json not found in the workspace' },
    ]);
  });

  it('a file over the read limit exists for file_exists, and fails content rules unread, naming both sizes', async () => {
    const workspace = new FakeWorkspace();
    const verifier = new FakeVerifier(workspace);
    verifier.readWorkspaceFile = async (rel) => {
      throw new FileTooLargeError(rel, 20 * 1024 * 1024, 16 * 1024 * 1024);
    };
    const results = await evaluateRules([{ file_exists: { path: 'big.bin' } }, { file_contains: { path: 'big.bin', pattern: 'x' } }], { verifier, payload: undefined, payloadOf: () => undefined });
    expect(results).toEqual([
      { rule: 'file_exists(big.bin)', ok: true },
      { rule: 'file_contains(big.bin, /x/)', ok: false, reason: 'could not be checked: big.bin is 20 MiB (20971520 bytes), more than the 16 MiB (16777216 bytes) a rule reads' },
    ]);
  });
});
