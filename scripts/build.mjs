// Bundles the Action and the CLI into single ESM files under dist/.
// Deterministic output (no timestamps, no absolute paths) so CI can diff dist/ against a rebuild.
import { build } from 'esbuild';

const banner =
  "import { createRequire as __sequencerCreateRequire } from 'node:module';" +
  'const require = __sequencerCreateRequire(import.meta.url);';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: banner },
  // Heavy toolkit modules are split into chunks and imported lazily so an idle tick stays fast.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
};

await build({
  ...common,
  entryPoints: { index: 'src/action/index.ts', cli: 'src/cli/index.ts' },
  outdir: 'dist',
});
