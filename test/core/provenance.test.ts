// The payload_provenance rule: every item of a payload list names where it came from and when it
// was fetched (sourceUrl, retrievedAt), and with maxAgeDays none is older than that.
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/core/plan/validate-plan.js';
import { evaluateRules, ruleLabel } from '../../src/core/tick/rules.js';
import { provenanceResult } from '../../src/core/tick/provenance.js';
import { FakeVerifier, FakeWorkspace } from '../fakes/ports.js';

const NOW = new Date('2025-06-15T12:00:00Z');
const item = (extra: Record<string, unknown> = {}) => ({ title: 't', sourceUrl: 'https://example.com/a', retrievedAt: '2025-06-14T12:00:00Z', ...extra });

describe('provenanceResult', () => {
  it.each<[string, Record<string, unknown> | undefined, { key: string; maxAgeDays?: number }, string | null]>([
    ['every item complete and fresh', { items: [item(), item({ retrievedAt: '2025-06-08T12:00:01Z' })] }, { key: 'items', maxAgeDays: 7 }, null],
    ['no age limit', { items: [item({ retrievedAt: '2001-01-01T00:00:00Z' })] }, { key: 'items' }, null],
    ['a nested list', { result: { items: [item()] } }, { key: 'result.items', maxAgeDays: 1 }, null],
    ['an empty list', { items: [] }, { key: 'items', maxAgeDays: 1 }, null],
    ['no payload', undefined, { key: 'items' }, 'no payload was written to $SEQUENCER_PAYLOAD_FILE'],
    ['no such key', { other: [] }, { key: 'items' }, 'the payload has no key "items" (it has: other)'],
    ['not a list', { items: { a: 1 } }, { key: 'items' }, 'the payload value at "items" must be a list of items, got an object'],
    ['an item that is no object', { items: ['x'] }, { key: 'items' }, '1 of 1 items fails: items[0] is not an object'],
    ['no sourceUrl', { items: [item({ sourceUrl: undefined })] }, { key: 'items' }, '1 of 1 items fails: items[0] has no sourceUrl'],
    [
      'a sourceUrl that is no web address',
      { items: [item({ sourceUrl: 'file:///etc/passwd' })] },
      { key: 'items' },
      '1 of 1 items fails: items[0].sourceUrl must be an http(s) URL, got "file:///etc/passwd"',
    ],
    ['no retrievedAt', { items: [item({ retrievedAt: undefined })] }, { key: 'items' }, '1 of 1 items fails: items[0] has no retrievedAt'],
    [
      'a retrievedAt without a zone',
      { items: [item({ retrievedAt: '2025-06-14 12:00' })] },
      { key: 'items' },
      '1 of 1 items fails: items[0].retrievedAt must be an ISO 8601 date-time with a time zone, got "2025-06-14 12:00"',
    ],
    [
      'too old',
      { items: [item(), item({ retrievedAt: '2025-06-01T12:00:00Z' })] },
      { key: 'items', maxAgeDays: 7 },
      '1 of 2 items fails: items[1] was retrieved 2025-06-01T12:00:00Z, 14 days ago (at most 7 days)',
    ],
    ['in the future', { items: [item({ retrievedAt: '2025-06-16T12:00:00Z' })] }, { key: 'items', maxAgeDays: 7 }, '1 of 1 items fails: items[0] was retrieved 2025-06-16T12:00:00Z, in the future'],
    [
      'many failures, the first five named',
      { items: Array.from({ length: 8 }, () => item({ sourceUrl: null })) },
      { key: 'items' },
      '8 of 8 items fail: items[0] has no sourceUrl; items[1] has no sourceUrl; items[2] has no sourceUrl; items[3] has no sourceUrl; items[4] has no sourceUrl; and 3 more',
    ],
  ])('%s', (_name, payload, body, reason) => {
    const result = provenanceResult(body, payload, NOW);
    expect(result.reason ?? null).toBe(reason);
    expect(result.ok).toBe(reason === null);
  });

  it('labels the rule with its key and age limit', () => {
    expect(ruleLabel({ payload_provenance: { key: 'items', maxAgeDays: 7 } })).toBe('payload_provenance(items, at most 7 days old)');
    expect(ruleLabel({ payload_provenance: { key: 'items' } })).toBe('payload_provenance(items)');
  });

  it('is checked against the clock the rules are given', async () => {
    const payload = { items: [item({ retrievedAt: '2025-06-10T12:00:00Z' })] };
    const rules = [{ payload_provenance: { key: 'items', maxAgeDays: 7 } }];
    const ctx = { verifier: new FakeVerifier(new FakeWorkspace()), payload, payloadOf: () => undefined };
    expect((await evaluateRules(rules, { ...ctx, now: NOW }))[0]?.ok).toBe(true);
    expect((await evaluateRules(rules, { ...ctx, now: new Date('2025-06-30T00:00:00Z') }))[0]?.reason).toBe(
      '1 of 1 items fails: items[0] was retrieved 2025-06-10T12:00:00Z, 19 days ago (at most 7 days)',
    );
  });
});

describe('payload_provenance in a plan', () => {
  const withRule = (body: unknown) => ({ steps: { a: { title: 'A', instruction: 'I', validate: [{ payload_provenance: body }] } } });
  it('accepts a key with and without an age limit', () => {
    expect(checkPlan(withRule({ key: 'items' }))).toEqual([]);
    expect(checkPlan(withRule({ key: 'result.items', maxAgeDays: 0.5 }))).toEqual([]);
  });
  it.each<[string, unknown, string, string]>([
    ['no key', {}, 'key', 'must be a non-empty string (the payload key of the list of items), got undefined'],
    ['age zero', { key: 'items', maxAgeDays: 0 }, 'maxAgeDays', 'must be a number of days > 0 and <= 3650, got 0'],
    ['age a string', { key: 'items', maxAgeDays: '7' }, 'maxAgeDays', 'must be a number of days > 0 and <= 3650, got "7"'],
    ['misspelt', { key: 'items', maxAgeDay: 7 }, 'maxAgeDay', 'unknown field; did you mean maxAgeDays?'],
  ])('%s is refused naming the field', (_name, body, field, message) => {
    expect(checkPlan(withRule(body))).toContainEqual({ path: `plan.steps.a.validate[0].payload_provenance.${field}`, message });
  });
});
