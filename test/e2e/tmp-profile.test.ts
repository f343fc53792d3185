import { it } from 'vitest';
import { writeFile, readFile } from 'node:fs/promises';
import { ActionHarness } from './action-harness.js';
import { daysAgo, seedPlans, seedState } from './fleet-seed.js';
const TWO = { title: 'T', steps: { a: { title: 'A', instruction: 'x', requiredOutputs: ['out/a.md'] }, b: { title: 'B', instruction: 'y', requiredOutputs: ['out/b.md'] } } };
it('profile', async () => {
  const h = await ActionHarness.create();
  await h.openIssue(11, TWO);
  h.fake.setPermission('alice', 'write');
  await h.say(11, 'alice', '/approve delay=30').deliver();
  await seedPlans(h.origin, h.mainSha, Array.from({ length: 100 }, (_, i) => ({ planId: `d-${i}`, state: seedState(`d-${i}`, 'DONE', daysAgo(1)), marker: true })));
  await h.tick();
  for (let i = 0; i < 3; i++) {
    await writeFile('/tmp/gitshim/log', '');
    const started = h.start({ eventName: 'schedule', payload: {}, env: { PATH: `/tmp/gitshim:${process.env.PATH}`, NODE_OPTIONS: '--import=/tmp/gitshim/mark.mjs' } });
    const s = await started; const t0 = Date.now();
    const run = await s.result;
    console.log('spawned~', t0 % 100000, 'closed', Date.now() % 100000, 'duration', run.durationMs, '\n' + (await readFile('/tmp/gitshim/log', 'utf8')));
  }
  await h.close();
}, 120000);
