// How every caller uses a StateStore: a writer takes the lock, then the store is opened, the work
// runs, and the store is released whatever happened (a lock left behind by a path that threw
// would make every later tick of the plan report it busy until this process ends).
import { ConflictError } from './core/errors.js';
import type { StateStore } from './ports.js';

/** `write`: a tick or a command that writes takes the lock; `read`: a look at the state does not. */
export type StoreAccess = 'write' | 'read';

/**
 * Runs `work` with the store opened (and locked for `write`), then releases it. When another
 * process holds the lock, `busy` answers instead (by default a ConflictError naming the holder).
 */
export async function withStore<T>(store: StateStore, access: StoreAccess, work: () => Promise<T>, busy?: (holder: string) => T | Promise<T>): Promise<T> {
  try {
    if (access === 'write') {
      const locked = await store.lock();
      if (!locked.ok) {
        if (busy) return await busy(locked.holder);
        throw new ConflictError(`Another tick holds ${store.description} (${locked.holder}); nothing was done.`);
      }
    }
    await store.open();
    return await work();
  } finally {
    await store.release();
  }
}
