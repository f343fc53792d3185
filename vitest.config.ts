import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const WORKFLOW_PARSER = '/node_modules/@actions/workflow-parser/';
/** Tests of pure code: no processes, no writes, no environment. */
const PURE = ['test/core/**/*.test.ts', 'test/engine.test.ts', 'test/engine-contracts.test.ts'];
/**
 * Files that need the toolkit's modules loaded fresh: @actions/github fixes its API URL when it is
 * first loaded, and in a shared worker an earlier file may have loaded it without GITHUB_API_URL.
 */
const FRESH_MODULES = ['test/adapters/result-artifact.test.ts'];

export default defineConfig({
  plugins: [
    {
      // The package's source maps name sources it does not ship, so Vite warns about each file it
      // inlines (see below). Loading the code without its map comment keeps the test log readable.
      name: 'workflow-parser-without-source-maps',
      enforce: 'pre',
      async load(id) {
        const file = id.split('?')[0] ?? id;
        if (!file.includes(WORKFLOW_PARSER) || !file.endsWith('.js')) return null;
        return { code: (await readFile(file, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, ''), map: null };
      },
    },
  ],
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test time is spent waiting on child processes (the CLI, the Action, agents, git), not
    // computing: more files than cores run at once. Vitest's default (cores - 1) is one file at a
    // time on a 2-core machine.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    env: {
      // Node 20 reads this whole certificate bundle at every start (~100 ms of CPU), and the suite
      // starts hundreds of Node processes, none of which speaks TLS. Empty means unset.
      NODE_EXTRA_CA_CERTS: '',
      // Node 22+ (the Action's Node 24) keeps compiled bundle code here between starts instead of
      // compiling dist/ again in each of the suite's ~200 Action runs (~50 ms of CPU each). Older
      // Node ignores it.
      NODE_COMPILE_CACHE: fileURLToPath(new URL('node_modules/.cache/sequencer-compile-cache', import.meta.url)),
    },
    reporters: ['default', './test/helpers/slowest-files-reporter.ts'],
    tags: [
      {
        name: 'fault-campaign',
        description: 'kill -9, race and API-fault campaigns: one representative case in `npm test`, full strength in `npm run test:faults`',
      },
      {
        name: 'runtime-matrix',
        description: 'Action scenarios run under Node 24 (what the runner uses) in `npm test`, and under the local Node in `npm run test:faults`',
      },
    ],
    server: {
      deps: {
        // It imports its schema JSON without an import attribute, which Node refuses; Vite's loader does not.
        inline: ['@actions/workflow-parser'],
      },
    },
    projects: [
      {
        // Files, processes, git, HTTP. Files share worker processes and loaded modules: a fresh
        // process per file cost about a tenth of the suite's CPU (a process start, and every
        // module loaded again), and almost all the rest goes to the children the tests start,
        // whose fork is dearer from a bigger parent only by milliseconds. The leak guard fails a
        // file that leaves an environment variable, the working directory, the umask, the exit
        // code or a process handler changed, and restores them for the next file.
        extends: true,
        test: {
          name: 'io',
          isolate: false,
          setupFiles: ['test/helpers/leak-guard.ts'],
          include: ['test/**/*.test.ts'],
          // Lanes of their own: the real agent CLIs (`npm run test:agents`, test/agents/vitest.config.ts)
          // and the packed npm package (`npm run test:package`, test/package/vitest.config.ts).
          exclude: [...PURE, ...FRESH_MODULES, 'test/agents/**', 'test/package/**'],
          // Installs a Node 24 binary once for the Action's end-to-end tests (DESIGN §8).
          globalSetup: ['test/e2e/node24-setup.ts'],
        },
      },
      {
        // As io, in a process of their own.
        extends: true,
        test: { name: 'fresh', isolate: true, setupFiles: ['test/helpers/leak-guard.ts'], include: FRESH_MODULES },
      },
      {
        // Pure code: a new process per file would cost more than the tests (about half a second
        // of CPU each), so these files share processes and loaded modules.
        extends: true,
        test: { name: 'pure', include: PURE, isolate: false },
      },
    ],
  },
});
