import { describe, expect, it } from 'vitest';
import { inheritedPayloads, interpretPayload, lookupKey } from '../../src/core/tick/payload.js';
import { state } from '../fakes/states.js';

const opts = { maxBytes: 64 * 1024, expected: false };

describe('interpretPayload', () => {
  it('accepts a JSON object (with a BOM) and treats no file as no payload unless one is expected', () => {
    expect(interpretPayload({ kind: 'text', text: '\uFEFF{"a": [1]}' }, opts)).toEqual({ ok: true, payload: { a: [1] } });
    expect(interpretPayload({ kind: 'missing' }, opts)).toEqual({ ok: true, payload: undefined });
    expect(interpretPayload({ kind: 'missing' }, { ...opts, expected: true })).toEqual({ ok: false, error: 'expected a JSON payload in $SEQUENCER_PAYLOAD_FILE, none was written' });
  });

  it('names the size and the cap of an oversize payload', () => {
    const r = interpretPayload({ kind: 'too-large', bytes: 70_000 }, opts);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^the payload in \$SEQUENCER_PAYLOAD_FILE is 70000 bytes, more than the 65536 bytes \(64 KiB\) cap;/) });
  });

  it('says where the JSON breaks, and refuses anything but an object', () => {
    expect(interpretPayload({ kind: 'text', text: '{\n  "a": 1,\n}' }, opts)).toEqual({
      ok: false,
      error: 'the payload in $SEQUENCER_PAYLOAD_FILE is not valid JSON (line 3 column 1: unexpected "}"); expected a JSON object',
    });
    expect(interpretPayload({ kind: 'text', text: '[1, 2]' }, opts)).toEqual({ ok: false, error: 'the payload in $SEQUENCER_PAYLOAD_FILE must be a JSON object, got an array' });
    expect(interpretPayload({ kind: 'text', text: '42' }, opts)).toEqual({ ok: false, error: 'the payload in $SEQUENCER_PAYLOAD_FILE must be a JSON object, got a number (42)' });
    expect(interpretPayload({ kind: 'text', text: 'null' }, opts).ok).toBe(false);
    expect(interpretPayload({ kind: 'unreadable', reason: 'it is a symbolic link' }, opts)).toEqual({
      ok: false,
      error: 'could not read the payload in $SEQUENCER_PAYLOAD_FILE: it is a symbolic link',
    });
  });
});

describe('lookupKey', () => {
  it('follows own keys and array indexes only', () => {
    const p = { a: { b: [10, { c: null }] } };
    expect(lookupKey(p, 'a.b.1.c')).toEqual({ found: true, value: null });
    expect(lookupKey(p, 'a.b.2')).toEqual({ found: false });
    expect(lookupKey(p, 'a.toString')).toEqual({ found: false });
    expect(lookupKey(p, 'a.b.length')).toEqual({ found: false });
  });
});

describe('inheritedPayloads', () => {
  it('holds the payloads of earlier DONE steps only, in queue order', () => {
    const s = state(['a', 'b', 'c', 'd'], {
      currentStep: 3,
      stepRuns: {
        a: { status: 'DONE', tries: 1, payload: { x: 1 } },
        b: { status: 'SKIPPED', tries: 0, payload: { stale: true } },
        c: { status: 'DONE', tries: 1 },
        d: { status: 'DONE', tries: 1, payload: { later: true } },
      },
    });
    expect(inheritedPayloads(s)).toEqual({ a: { x: 1 } });
  });
});
