// Bundles the Action and the CLI into single ESM files under dist/.
// Deterministic output (no timestamps, no absolute paths) so CI can diff dist/ against a rebuild.
import { rm } from 'node:fs/promises';
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

// Start clean so chunks from an earlier build cannot linger in the committed bundle.
await rm('dist', { recursive: true, force: true });

const result = await build({
  ...common,
  metafile: true,
  entryPoints: { index: 'src/action/index.ts', cli: 'src/cli/index.ts' },
  outdir: 'dist',
});

if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(result.metafile));
}
