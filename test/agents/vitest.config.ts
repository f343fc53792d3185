// The agent lane (`npm run test:agents`): the real agent CLIs against local stand-ins of their
// model APIs. Not part of `npm test`: it downloads the CLIs on first use (~900 MB) and each file
// starts real agents. Run it with RECORD_AGENT_STREAMS=1 to write the recorded streams under
// test/fixtures/agent-streams/ again (after moving a pinned version).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['test/agents/**/*.test.ts'],
    globalSetup: ['test/agents/install-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Agents are heavy processes (the Claude Code binary is ~400 MB): one file at a time.
    maxWorkers: 1,
    env: { NODE_EXTRA_CA_CERTS: '' },
  },
});
