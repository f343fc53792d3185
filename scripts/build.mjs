// Bundles the Action and the CLI into single ESM files under dist/.
// Deterministic output (no timestamps, no absolute paths) so CI can diff dist/ against a rebuild.
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { bundledPackageDirs, collectNotices, renderNotices, unexpectedExternals } from './bundle-licenses.mjs';

/** A digest of every source file (paths and contents), so any change of the code changes it. */
async function sourceDigest(dir) {
  const hash = createHash('sha256');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) =>
      path
        .join(e.parentPath ?? e.path, e.name)
        .split(path.sep)
        .join('/'),
    )
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

const banner = "import { createRequire as __sequencerCreateRequire } from 'node:module';" + 'const require = __sequencerCreateRequire(import.meta.url);';

// @actions/core imports @actions/http-client (and with it undici, ~800 KB) at load time only for
// getIDToken (OIDC), which the sequencer never calls. Loading undici would add tens of ms to every
// idle tick, so core's OIDC helper gets a stub that fails loudly if it is ever used; the cache
// and artifact chunks keep their own, real http-client.
const noOidcInCore = {
  name: 'no-oidc-in-actions-core',
  setup(b) {
    b.onResolve({ filter: /^@actions\/http-client(\/lib\/auth)?$/ }, (args) =>
      /@actions[\\/]core[\\/]lib[\\/]oidc-utils\.js$/.test(args.importer) ? { path: args.path, namespace: 'no-oidc' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-oidc' }, () => ({
      contents:
        "const unavailable = () => { throw new Error('core.getIDToken (OIDC) is not available in agent-step-sequencer'); };\n" +
        'export class HttpClient { constructor() { unavailable(); } }\n' +
        'export class BearerCredentialHandler { constructor() { unavailable(); } }\n',
      loader: 'js',
    }));
  },
};

// @actions/core's platform helper imports @actions/exec (with @actions/io) at load time only to ask
// the OS its name (platform.getDetails), which the sequencer never calls; every run would
// load and evaluate both. The helper gets a stub that fails loudly if it is ever used; the cache
// chunk keeps the real @actions/exec for tar.
const noExecInCorePlatform = {
  name: 'no-exec-in-actions-core-platform',
  setup(b) {
    b.onResolve({ filter: /^@actions\/exec$/ }, (args) => (/@actions[\\/]core[\\/]lib[\\/]platform\.js$/.test(args.importer) ? { path: args.path, namespace: 'no-exec' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-exec' }, () => ({
      contents: "export function getExecOutput() { throw new Error('core.platform.getDetails is not available in agent-step-sequencer'); }\n",
      loader: 'js',
    }));
  },
};

// @azure/storage-blob loads apache-arrow (about 0.5 MB with flatbuffers) only to list a
// container in the Arrow format, which neither @actions/cache nor @actions/artifact asks for: they
// read and write single blobs. A stub that fails loudly takes its place.
const noApacheArrow = {
  name: 'no-apache-arrow',
  setup(b) {
    b.onResolve({ filter: /^apache-arrow$/ }, (args) => (/@azure[\\/]storage-blob[\\/]/.test(args.importer) ? { path: args.path, namespace: 'no-arrow' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-arrow' }, () => ({
      contents: "export function tableFromIPC() { throw new Error('Apache Arrow blob listings are not available in agent-step-sequencer'); }\n",
      loader: 'js',
    }));
  },
};

const { version } = JSON.parse(await readFile('package.json', 'utf8'));

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  minifySyntax: true,
  logLevel: 'warning',
  banner: { js: banner },
  // Heavy toolkit modules are split into chunks and imported lazily so an idle tick stays fast.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [noOidcInCore, noExecInCorePlatform, noApacheArrow],
  define: {
    // Which code wrote a state file (src/build-id.ts).
    __SEQUENCER_BUILD_ID__: JSON.stringify(`build-${await sourceDigest('src')}`),
    // The release (src/version.ts). Not the commit: dist/ is committed, and a bundle naming its
    // own commit would differ from every rebuild; the release workflow records the commit beside it.
    __SEQUENCER_VERSION__: JSON.stringify(version),
  },
};

// Start clean so chunks from an earlier build cannot linger in the committed bundle.
await rm('dist', { recursive: true, force: true });

const result = await build({
  ...common,
  metafile: true,
  // Content rules' checks run in a worker thread, started from its own file beside the entries
  // (src/adapters/fs/rule-check-thread.ts finds it there); it shares their chunks.
  entryPoints: { index: 'src/action/index.ts', cli: 'src/cli/index.ts', 'rule-check-worker': 'src/adapters/fs/rule-check-worker.ts' },
  outdir: 'dist',
});

// The banner gives bundled CommonJS code a `require` for Node's modules. A file that never says
// `require` goes without it: every file of the Action's start-up would otherwise make one more
// require function before the first input is read.
for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const text = await readFile(file, 'utf8');
  const shebang = text.startsWith('#!') ? text.slice(0, text.indexOf('\n') + 1) : '';
  const rest = text.slice(shebang.length);
  if (rest.startsWith(banner) && !/\brequire\b/.test(rest.slice(banner.length))) await writeFile(file, shebang + rest.slice(banner.length).replace(/^\n/, ''));
}

// The package installs with no dependencies, so every module the bundle imports at run time
// must be Node's own.
const externals = unexpectedExternals(result.metafile);
if (externals.length) {
  console.error(`build: the bundle imports modules it does not contain: ${externals.join(', ')}. Bundle them, or say in scripts/bundle-licenses.mjs why they may be missing.`);
  process.exit(1);
}

// Third-party code travels with its licence notices (scripts/bundle-licenses.mjs).
const notices = await collectNotices(bundledPackageDirs(result.metafile, process.cwd()));
if (notices.problems.length) {
  console.error(`build: bundled packages without a notice dist/ can ship:\n  ${notices.problems.join('\n  ')}`);
  process.exit(1);
}
await writeFile('dist/licenses.txt', renderNotices(notices.packages));

if (process.argv.includes('--analyze')) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(result.metafile));
}
