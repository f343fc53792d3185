// vitest globalSetup of the agent lane: installs the pinned agent CLIs (agent-install.ts) before
// any test runs and prints, for each, what is ready (version, binary size, install time) or why
// it is not. A registry that cannot be reached skips that agent's tests with the reason printed
// here and on each skipped test; any other install failure fails its tests.
import type { TestProject } from 'vitest/node';
import { AGENT_PACKAGES, agentCacheDir, installAgent, type Installed } from './agent-install.js';

declare module 'vitest' {
  export interface ProvidedContext {
    agents: Installed[];
  }
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

export default async function setup(project: TestProject): Promise<void> {
  const cache = agentCacheDir();
  const results = await Promise.all(AGENT_PACKAGES.map((pkg) => installAgent(pkg, cache)));
  const lines = results.map((r) =>
    r.ok
      ? `  ${r.agent}: ${r.pkg} ${r.cached ? 'cached' : `installed in ${(r.installMs / 1000).toFixed(1)} s`}, ${mb(r.installedBytes)} on disk, entry ${mb(r.binaryBytes)}: ${r.binary}`
      : `  ${r.agent}: ${r.pkg} ${r.skip ? 'SKIPPED' : 'FAILED'}: ${r.reason.replace(/\n/g, '\n    ')}`,
  );
  process.stdout.write(`agent lane: agent CLIs in ${cache}\n${lines.join('\n')}\n`);
  project.provide('agents', results);
}
