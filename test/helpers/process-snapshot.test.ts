import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { snapshotProcess } from './process-snapshot.js';

it('names and undoes what a test file changed process-wide: env, working directory, exit code, handlers', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'snapshot-'));
  const home = process.env.HOME;
  const snapshot = snapshotProcess();
  const onTerm = () => {};
  try {
    process.env.SEQUENCER_SNAPSHOT_PROBE = 'left behind';
    delete process.env.HOME;
    process.chdir(dir);
    process.exitCode = 3;
    process.on('SIGTERM', onTerm);
  } finally {
    const changed = snapshot.restore();
    expect(changed).toEqual([
      `process.env.HOME is unset, was ${JSON.stringify(home)}`,
      'process.env.SEQUENCER_SNAPSHOT_PROBE is "left behind", was unset',
      `the working directory is ${await realpath(dir)}, was ${process.cwd()}`,
      'process.exitCode is 3, was undefined',
      "1 'SIGTERM' listener(s) added to process",
    ]);
  }
  expect(process.env.SEQUENCER_SNAPSHOT_PROBE).toBeUndefined();
  expect(process.env.HOME).toBe(home);
  expect(process.exitCode).toBeUndefined();
  expect(process.listeners('SIGTERM')).not.toContain(onTerm);
  expect(snapshot.restore()).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});
