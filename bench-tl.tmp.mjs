import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
const outfile = path.join(process.cwd(), 'node_modules', '.cache', 'sequencer-bench', 'tl.mjs');
const { build } = await import('esbuild');
await build({ stdin: { contents: "export * from './test/e2e/action-harness.ts'; export * from './test/e2e/fleet-seed.ts';", resolveDir: process.cwd(), loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'warning', define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(process.cwd(), 'test', 'e2e', 'x.ts')).href) } });
const { ActionHarness, schedulePayload, seedPlans, seedState, daysAgo } = await import(pathToFileURL(outfile).href);
const TWO = { title: 'T', steps: { a: { title: 'A', instruction: 'x', requiredOutputs: ['out/a.md'] }, b: { title: 'B', instruction: 'y', requiredOutputs: ['out/b.md'] } } };
const h = await ActionHarness.create();
await h.openIssue(11, TWO); h.fake.setPermission('alice', 'write'); await h.say(11, 'alice', '/approve delay=30').deliver();
await h.tick();
for (let i = 0; i < 3; i++) {
  await writeFile('/tmp/gitshim/log', '');
  const s = await h.start({ eventName: 'schedule', payload: schedulePayload(), env: { PATH: `/tmp/gitshim:${process.env.PATH}`, NODE_OPTIONS: '--import=/tmp/gitshim/mark.mjs' } });
  const t0 = Date.now();
  let ex; s.child.once('exit', () => (ex = Date.now()));
  await s.result;
  console.log(`spawn ${t0 % 100000} exit ${ex % 100000} (${ex - t0} ms)\n` + (await readFile('/tmp/gitshim/log', 'utf8')));
}
await h.close();
