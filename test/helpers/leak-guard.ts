// Test files of the `io` project share worker processes (vitest.config.ts: isolate: false). This
// setup file runs before every file: whatever process-wide state the file changed and did not put
// back fails that file, by name, and is restored so the next file starts clean either way.
import { afterAll } from 'vitest';
import { snapshotProcess } from './process-snapshot.js';

const snapshot = snapshotProcess();

afterAll(() => {
  const changed = snapshot.restore();
  if (changed.length > 0) {
    throw new Error(`This test file changed the shared test process and did not put it back (restore it in afterAll/afterEach):\n- ${changed.join('\n- ')}`);
  }
});
