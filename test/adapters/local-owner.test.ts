import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { LocalOwnerProbe, localOwner } from '../../src/adapters/process/local-owner.js';
import { pidAlive } from '../../src/adapters/process/process-table.js';
import { deadPid, zombiePid } from '../helpers/processes.js';

describe('LocalOwnerProbe', () => {
  const probe = new LocalOwnerProbe();
  const host = os.hostname();

  it('reports this process as alive and describes it with localOwner()', async () => {
    expect(localOwner()).toEqual({ kind: 'local', host, pid: process.pid });
    expect(await probe.liveness(localOwner())).toBe('alive');
  });

  it('reports an exited process on this host as dead', async () => {
    const pid = await deadPid();
    expect(pidAlive(pid)).toBe(false);
    expect(await probe.liveness({ kind: 'local', host, pid })).toBe('dead');
  });

  it('reports a zombie (exited, not yet reaped by its parent) as dead', async () => {
    const zombie = await zombiePid();
    try {
      expect(pidAlive(zombie.pid)).toBe(false);
      expect(await probe.liveness({ kind: 'local', host, pid: zombie.pid })).toBe('dead');
    } finally {
      await zombie.release();
    }
  });

  it('cannot judge other hosts, Actions runs or corrupt pids', async () => {
    expect(await probe.liveness({ kind: 'local', host: `${host}-elsewhere`, pid: process.pid })).toBe('unknown');
    expect(await probe.liveness({ kind: 'actions', runId: '123', runAttempt: 1 })).toBe('unknown');
    // 0 and negatives would address process groups if passed to kill().
    for (const pid of [0, -1, 1.5, Number.NaN]) {
      expect(await probe.liveness({ kind: 'local', host, pid })).toBe('unknown');
      expect(pidAlive(pid)).toBe(false);
    }
  });

  it('treats a process owned by another user (EPERM) as alive', async () => {
    // pid 1 exists everywhere; unprivileged users get EPERM, root gets success: alive either way.
    expect(await probe.liveness({ kind: 'local', host, pid: 1 })).toBe('alive');
  });
});
