// Fault injection for the fake GitHub server: scripted ("the next 2 POSTs get a 502") or
// random with a seeded PRNG so a failing run can be reproduced from its seed.
import { seededRandom } from './seeded-random.js';

/**
 * `429` is a primary rate limit (remaining 0, reset in 1 s, `retry-after: 1`); `secondary` is
 * GitHub's 403 secondary rate limit with `retry-after: 1`. 409 and 422 stand in for the
 * concurrency and validation answers GitHub gives on real conflicts. `forbidden` is the 403 a
 * workflow token gets for a request its job's `permissions:` do not allow.
 */
export type FaultKind = 500 | 502 | 503 | 429 | 'secondary' | 409 | 422 | 'forbidden';

export interface FaultScope {
  /** Only requests with these methods fail (e.g. `['POST', 'PATCH']`); default all. */
  methods?: string[];
  /** Only requests whose path (without query) matches. */
  path?: RegExp;
  /**
   * For writes: perform the write, then answer with the fault. The client sees a failure for a
   * change that happened, the nastiest case for idempotency. Ignored for GET.
   */
  afterEffect?: boolean;
}

export interface Fault {
  kind: FaultKind;
  afterEffect: boolean;
}

export interface InjectedFault extends Fault {
  method: string;
  path: string;
}

interface Scripted {
  remaining: number;
  kind: FaultKind;
  scope: FaultScope;
}

interface Random {
  ratio: number;
  kinds: FaultKind[];
  random: () => number;
  scope: FaultScope;
}

export class FaultInjector {
  /** Every fault handed out, in order, for assertions and for reproducing a run. */
  readonly injected: InjectedFault[] = [];
  private scripted: Scripted[] = [];
  private random: Random | null = null;

  /** The next `n` requests within `scope` fail with `kind`. Queued scripts run in order. */
  next(n: number, kind: FaultKind, scope: FaultScope = {}): this {
    if (!Number.isInteger(n) || n < 1) throw new Error(`faults.next: n must be a positive integer, got ${n}`);
    this.scripted.push({ remaining: n, kind, scope });
    return this;
  }

  /** Each request within `scope` fails with probability `ratio`, the kind drawn from `kinds`. */
  rate(ratio: number, kinds: FaultKind[], seed: number, scope: FaultScope = {}): this {
    if (!(ratio >= 0 && ratio <= 1)) throw new Error(`faults.rate: ratio must be within 0..1, got ${ratio}`);
    if (kinds.length === 0) throw new Error('faults.rate: kinds must not be empty');
    this.random = { ratio, kinds: [...kinds], random: seededRandom(seed), scope };
    return this;
  }

  clear(): void {
    this.scripted = [];
    this.random = null;
  }

  /** Called by the server once per authenticated request; null means answer normally. */
  take(method: string, path: string): Fault | null {
    const fault = this.pick(method, path);
    if (fault) this.injected.push({ ...fault, method, path });
    return fault;
  }

  private pick(method: string, path: string): Fault | null {
    const isWrite = method !== 'GET' && method !== 'HEAD';
    const script = this.scripted.find((s) => inScope(s.scope, method, path));
    if (script) {
      script.remaining -= 1;
      if (script.remaining === 0) this.scripted.splice(this.scripted.indexOf(script), 1);
      return { kind: script.kind, afterEffect: isWrite && script.scope.afterEffect === true };
    }
    const random = this.random;
    if (random && inScope(random.scope, method, path) && random.random() < random.ratio) {
      const kind = random.kinds[Math.floor(random.random() * random.kinds.length)] ?? random.kinds[0]!;
      return { kind, afterEffect: isWrite && random.scope.afterEffect === true };
    }
    return null;
  }
}

function inScope(scope: FaultScope, method: string, path: string): boolean {
  if (scope.methods && !scope.methods.map((m) => m.toUpperCase()).includes(method)) return false;
  if (scope.path && !scope.path.test(path)) return false;
  return true;
}

export { seededRandom };
