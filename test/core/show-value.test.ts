// A bad value quoted in an error message is shown, not obeyed: the message reaches annotations,
// the job log, the terminal and issue comments, where a bidirectional control in a plan's text
// would reorder what a reader sees (a step id that reads as another), and a line or paragraph
// separator would break the message where it is one line.
import { describe, expect, it } from 'vitest';
import { showValue } from '../../src/core/errors.js';
import { validatePlan } from '../../src/core/plan/validate-plan.js';

const LAYOUT = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('showValue', () => {
  it('escapes bidirectional controls, C1 controls and line separators as \\u escapes', () => {
    const shown = showValue('step\u202e1-evil\u2066x\u2069\u2028\u0085\u200f');
    expect(shown).not.toMatch(LAYOUT);
    expect(shown).toBe('"step\\u202e1-evil\\u2066x\\u2069\\u2028\\u0085\\u200f"');
  });

  it('leaves other text as JSON shows it, and still shortens a long value', () => {
    expect(showValue('ümlaut 日本 "q"')).toBe('"ümlaut 日本 \\"q\\""');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(undefined)).toBe('undefined');
    const long = showValue('x'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('...')).toBe(true);
  });

  it('keeps a value with no JSON form (a BigInt) readable and escaped too', () => {
    expect(showValue(10n)).toBe('10');
  });

  it('a plan validation error naming a step id with a right-to-left override, in its path and its message, holds no raw control', () => {
    const result = validatePlan({ title: 'T', steps: { 'a\u202eb': { title: 'S', instruction: 'Do it' } } });
    const text = JSON.stringify(result);
    expect(text).toContain('a\\\\u202eb');
    const messages = 'issues' in result ? (result.issues as Array<{ path: string; message: string }>).map((i) => `${i.path}: ${i.message}`).join('\n') : '';
    expect(messages).not.toBe('');
    expect(messages).not.toMatch(LAYOUT);
  });
});
