// The Node 24 binary the global setup provides (node24-setup.ts), waiting for its install when
// that is still running. A missing Node 24 is an error, never a reason to skip.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Node24 } from './node24-setup.js';
import { waitFor } from './helpers.js';
import { FULL_FAULTS } from '../helpers/fault-campaigns.js';

/** How long a test may wait for the install: npm itself gives up after 180 s. */
export const NODE24_WAIT_MS = 200_000;

export async function node24Binary(): Promise<string> {
  const given = inject('node24');
  const result: Node24 =
    'pending' in given ? await waitFor(async () => JSON.parse(await readFile(given.pending, 'utf8').catch(() => 'null')) as Node24 | null, NODE24_WAIT_MS, 'Node 24 to be installed') : given;
  if ('error' in result) throw new Error(`Node 24 is needed to run the Action as GitHub does (runs.using: node24), but: ${result.error}`);
  return result.path;
}

/**
 * The Node each runtime-matrix scenario runs the bundled Action under. GitHub runs it under
 * Node 24 (`runs.using: node24`), so `npm test` does too; the full run (`npm run test:faults`,
 * which selects the RUNTIME_MATRIX tag) repeats the scenario under the local Node, the oldest the
 * package supports, so the suite as a whole covers both without `npm test` paying twice.
 */
export const ACTION_RUNTIMES: ReadonlyArray<[string, () => Promise<string>]> = FULL_FAULTS ? [['local node', async () => process.execPath]] : [['node 24', node24Binary]];

/** Test options that mark a scenario run once per Node in ACTION_RUNTIMES (tag declared in vitest.config.ts). */
export const RUNTIME_MATRIX = { tags: ['runtime-matrix'] };
