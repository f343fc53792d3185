// The package lane (`npm run test:package`): packs the npm package and installs it into an empty
// folder, which costs more than `npm test` should pay on every run; .ci/run runs it.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    reporters: ['default', './test/helpers/slowest-files-reporter.ts'],
  },
});
