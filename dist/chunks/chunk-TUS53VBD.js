import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ConflictError
} from "./chunk-XDUK4LLW.js";

// src/store-access.ts
async function withStore(store, access, work, busy) {
  try {
    if (access === "write") {
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

export {
  withStore
};
