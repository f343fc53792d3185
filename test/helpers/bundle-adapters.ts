// Child processes in tests run plain Node, which cannot import our TypeScript sources. esbuild
// (already a dev dependency for dist/) bundles the adapters under test into one .mjs per test
// file, so children exercise the real code rather than a re-implementation.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles the file store, lock and inbox adapters into `<outDir>/adapters.mjs`; returns its path. */
export async function bundleFileAdapters(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'adapters.mjs');
  await build({
    stdin: {
      contents: ["export * from './src/adapters/fs/file-lock.ts';", "export * from './src/adapters/fs/file-store.ts';", "export * from './src/adapters/fs/file-inbox.ts';"].join('\n'),
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

/**
 * Bundles the rule-check worker (src/adapters/fs/rule-check-worker.ts) into
 * `<outDir>/rule-check-worker.mjs`, as scripts/build.mjs does for dist/; returns its path.
 */
export async function bundleRuleCheckWorker(outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'rule-check-worker.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'src/adapters/fs/rule-check-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    // Ajv is CommonJS: its requires need a require in the ES module, as in dist/.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
}

/** The child script that drives a bundle: `node adapter-child.mjs <bundle> <op> ...args`. */
export const adapterChild = fileURLToPath(new URL('../fixtures/adapter-child.mjs', import.meta.url));
