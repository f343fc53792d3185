// Liveness of local processes: who owns an attempt or a lock on this machine. A pid can only be
// checked on the host that issued it, so anything from elsewhere is `unknown` and the caller
// falls back to the lease.
import os from 'node:os';
import type { AttemptOwner } from '../../core/state/types.js';
import type { Liveness, OwnerProbe } from '../../ports.js';
import { isValidPid, pidAlive } from './process-table.js';

/** The owner record for attempts started by this process. */
export function localOwner(): AttemptOwner {
  return { kind: 'local', host: os.hostname(), pid: process.pid };
}

export class LocalOwnerProbe implements OwnerProbe {
  private readonly host: string;

  constructor(options: { host?: string } = {}) {
    this.host = options.host ?? os.hostname();
  }

  async liveness(owner: AttemptOwner): Promise<Liveness> {
    if (owner.kind !== 'local') return 'unknown';
    if (owner.host !== this.host) return 'unknown';
    // A corrupt pid says nothing about the owner; let the lease decide.
    if (!isValidPid(owner.pid)) return 'unknown';
    return pidAlive(owner.pid) ? 'alive' : 'dead';
  }
}
