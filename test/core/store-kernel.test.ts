// The part every state store shares: decoding a stored state's text, and the revision a write
// must be based on.
import { describe, expect, it } from 'vitest';
import { ConflictError, StateError } from '../../src/core/errors.js';
import { decodeState } from '../../src/core/state/decode-state.js';
import { RevisionGuard } from '../../src/core/state/revision-guard.js';
import { state } from '../fakes/states.js';

const subject = 'state in the test store';
const valid = state(['a'], { planId: 'p', revision: 4 });
const text = JSON.stringify(valid);

function decodeError(input: string, planId?: string): StateError {
  try {
    decodeState(input, { subject, ...(planId ? { planId } : {}) });
  } catch (err) {
    if (err instanceof StateError) return err;
    throw err;
  }
  throw new Error('decoded without an error');
}

describe('decodeState', () => {
  it('decodes a valid state, with or without a byte-order mark, for its own plan or a seed without one', () => {
    expect(decodeState(text, { subject, planId: 'p' })).toEqual(valid);
    expect(decodeState(`\ufeff${text}`, { subject, planId: 'p' }).revision).toBe(4);
    const { planId: _none, ...seed } = valid;
    expect(decodeState(JSON.stringify(seed), { subject, planId: 'other' }).planId).toBeUndefined();
  });

  it.each([
    ['an empty text', ' \n', 'State in the test store is empty; expected a JSON object.'],
    ['text cut short', '{"revision": 3, "plan": ', /^State in the test store is not valid JSON: .*line 1, column 25/],
    ['another plan', text, `State in the test store belongs to plan "p", expected "q".`],
  ])('refuses %s with a StateError naming where', (_case, input, message) => {
    const err = decodeError(input, 'q');
    if (typeof message === 'string') expect(err.message).toBe(message);
    else expect(err.message).toMatch(message);
  });

  it("names the invalid fields and keeps the validator's hint", () => {
    const err = decodeError(JSON.stringify({ ...valid, currentStep: 'two' }));
    expect(err.message).toMatch(/^Invalid state in the test store/);
    expect(err.issues.map((i) => i.path)).toContain('currentStep');
    const newer = decodeError(JSON.stringify({ ...valid, version: 99 }));
    expect(newer.hint).toMatch(/^Upgrade agent-step-sequencer/);
  });
});

describe('RevisionGuard', () => {
  const guard = () => new RevisionGuard({ where: 'the test store', untouched: 'nothing was written' });

  it('lets a write through only when it derives from the revision loaded or last written', () => {
    const g = guard();
    g.loaded(4);
    expect(g.check(valid)).toBe(4);
    g.loaded(5);
    const stale = (() => {
      try {
        g.check(valid);
      } catch (err) {
        return err;
      }
    })();
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).message).toBe('Stale write to the test store: state.revision is 4, expected the loaded revision 5; nothing was written.');
    expect((stale as ConflictError).hint).toMatch(/next tick starts from the newer state/);
  });

  it('refuses every write after a load that failed or did not finish, and before any load', () => {
    const g = guard();
    expect(() => g.check(valid)).toThrow('write() called before a successful load() of the test store; nothing was written.');
    g.loading();
    expect(() => g.check(valid)).toThrow(new StateError('Refusing to write the test store: the state could not be loaded (load() did not finish); nothing was written.'));
    g.failed(new StateError('Invalid state (2 problems)\n  - a\n  - b'));
    expect(() => g.check(valid)).toThrow(/could not be loaded \(Invalid state \(2 problems\)\); nothing was written\.$/);
    g.loaded(4);
    g.reset();
    expect(() => g.check(valid)).toThrow(/called before a successful load/);
  });
});
