// The Node 24 binary the global setup provides (node24-setup.ts), waiting for its install when
// that is still running. A missing Node 24 is an error, never a reason to skip.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Node24 } from './node24-setup.js';
import { waitFor } from './helpers.js';

/** How long a test may wait for the install: npm itself gives up after 180 s. */
export const NODE24_WAIT_MS = 200_000;

export async function node24Binary(): Promise<string> {
  const given = inject('node24');
  const result: Node24 =
    'pending' in given
      ? await waitFor(async () => JSON.parse(await readFile(given.pending, 'utf8').catch(() => 'null')) as Node24 | null, NODE24_WAIT_MS, 'Node 24 to be installed')
      : given;
  if ('error' in result) throw new Error(`Node 24 is needed to run the Action as GitHub does (runs.using: node24), but: ${result.error}`);
  return result.path;
}
