// The words a hint gives to run the CLI again are those that work where the person is: a global
// install's bin by name, npx under npx, a clone's dist/cli.js through node.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invokedAs } from '../../src/cli/invoked-as.js';
import { makeTempDir, removeTempDirs } from '../e2e/helpers.js';

afterAll(removeTempDirs);

/** A prefix as `npm install -g --prefix` makes it: bin/agent-step-sequencer links to the package's dist/cli.js. */
async function globalPrefix(): Promise<{ prefix: string; bin: string; cli: string }> {
  const prefix = await makeTempDir('invoked-as-');
  const cli = path.join(prefix, 'lib', 'node_modules', 'agent-step-sequencer', 'dist', 'cli.js');
  await mkdir(path.dirname(cli), { recursive: true });
  await writeFile(cli, '');
  await mkdir(path.join(prefix, 'bin'));
  const bin = path.join(prefix, 'bin', 'agent-step-sequencer');
  await symlink(path.relative(path.dirname(bin), cli), bin);
  return { prefix, bin, cli };
}

describe('invokedAs', () => {
  it('names an installed bin whose folder is on PATH by its name, even through a linked PATH entry', async () => {
    const { prefix, bin } = await globalPrefix();
    expect(invokedAs({ entry: bin, env: { PATH: `/usr/bin:${path.join(prefix, 'bin')}` }, cwd: '/' })).toBe('agent-step-sequencer');
    const linked = path.join(prefix, 'linked-bin');
    await symlink(path.join(prefix, 'bin'), linked);
    expect(invokedAs({ entry: bin, env: { PATH: `${linked}:/usr/bin` }, cwd: '/' })).toBe('agent-step-sequencer');
  });

  it('says npx under npx (npm exec), whose PATH holds the bin for this process alone', async () => {
    const { bin } = await globalPrefix();
    expect(invokedAs({ entry: bin, env: { npm_command: 'exec', PATH: path.dirname(bin) }, cwd: '/' })).toBe('npx agent-step-sequencer');
  });

  it('gives the path of a bin whose folder is not on PATH, one a shell runs as a path', async () => {
    const { prefix, bin } = await globalPrefix();
    expect(invokedAs({ entry: bin, env: { PATH: '/usr/bin' }, cwd: '/usr' })).toBe(bin);
    expect(invokedAs({ entry: bin, env: { PATH: '/usr/bin' }, cwd: prefix })).toBe('bin/agent-step-sequencer');
    expect(invokedAs({ entry: bin, env: {}, cwd: path.join(prefix, 'bin') })).toBe('./agent-step-sequencer');
  });

  it('runs dist/cli.js through node, relative to the current folder inside it and quoted when it must be', async () => {
    const { cli } = await globalPrefix();
    const pkg = path.dirname(path.dirname(cli));
    expect(invokedAs({ entry: cli, env: { npm_command: 'exec' }, cwd: pkg })).toBe('node dist/cli.js');
    expect(invokedAs({ entry: '/home/a b/clone/dist/cli.js', env: {}, cwd: '/tmp' })).toBe("node '/home/a b/clone/dist/cli.js'");
    expect(invokedAs({ entry: undefined, env: {}, cwd: '/' })).toBe('agent-step-sequencer');
  });
});
