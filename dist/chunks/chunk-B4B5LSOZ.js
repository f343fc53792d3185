import {
  ConflictError
} from "./chunk-UZTB5BNK.js";

// src/store-access.ts
async function withStore(store, access, work, busy) {
  try {
    if (access === "write") {
      let locked = await store.lock();
      if (!locked.ok) {
        if (busy) return await busy(locked.holder);
        throw new ConflictError(`Another tick holds ${store.description} (${locked.holder}); nothing was done.`);
      }
    }
    return await store.open(), await work();
  } finally {
    await store.release();
  }
}

export {
  withStore
};
