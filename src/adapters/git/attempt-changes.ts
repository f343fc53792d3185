// The agent's changes as they cross from the agent job to the apply job of the isolated layout
// (docs/security.md): the agent job packs what the agent left in the workspace into one commit on
// top of the checkpoint commit and writes it as a git bundle; the apply job fetches that bundle
// into its own repository with every object checked, lists the changed paths with their modes,
// sizes and link targets for the confinement decision (core/isolation/change-confinement.ts),
// and writes only the accepted ones into its work tree. All through the hardened git runner.
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChangedPath } from '../../core/isolation/change-confinement.js';
import { GitCommandError, gitMessage, type GitRunner } from './git.js';
import { identityArgs } from './git-identity.js';

/** The one ref a result bundle carries. */
export const RESULT_REF = 'refs/sequencer/attempt-result';
/** Where the apply job keeps the fetched tip. */
const INCOMING_REF = 'refs/sequencer/attempt-incoming';
/** A link target longer than this is refused (read as text for the confinement decision). */
const MAX_LINK_TARGET = 4096;

export interface PackOptions {
  /** The workspace's git runner. */
  git: GitRunner;
  /** The checkpoint commit the agent ran on. */
  base: string;
  /** Workspace-relative paths never packed (the attempt's log folder): the sequencer's, not the agent's. */
  exclude: string[];
  /** The bundle file to write. */
  out: string;
  message: string;
}

/**
 * Packs the work tree as one commit whose only parent is `base` and writes it as a bundle.
 * The index is a fresh one read from `base`, so whatever the agent did to the repository's own
 * index or HEAD (commits, resets) does not change what is packed: the work tree is the result.
 * Returns the commit, or null when the work tree holds no change.
 */
export async function packAttemptChanges(o: PackOptions): Promise<{ tip: string } | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sequencer-pack-'));
  const env = { GIT_INDEX_FILE: path.join(dir, 'index') };
  const run = (args: string[]) => o.git.run(args, { env });
  try {
    await run(['read-tree', o.base]);
    // Nested repositories recorded at the checkpoint stay as they are: `add -A` would look inside
    // each, reading its own config.
    const listed = await run(['ls-files', '-s', '-z', '--full-name', '--', ':/']);
    const gitlinks = listed.stdout
      .split('\0')
      .filter((line) => line.startsWith('160000 '))
      .map((line) => `:(top,exclude,literal)${line.slice(line.indexOf('\t') + 1)}`);
    await run(['add', '-A', '--', ':/', ...o.exclude.map((p) => `:(top,exclude,literal)${p}`), ...gitlinks]);
    const tree = (await run(['write-tree'])).stdout.trim();
    const baseTree = (await run(['rev-parse', `${o.base}^{tree}`])).stdout.trim();
    if (tree === baseTree) return null;
    const tip = (await run([...identityArgs(), 'commit-tree', tree, '-p', o.base, '-m', o.message])).stdout.trim();
    await run(['update-ref', RESULT_REF, tip]);
    await run(['bundle', 'create', '-q', o.out, RESULT_REF, `^${o.base}`]);
    return { tip };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type FetchedChanges = { ok: true; base: string; tip: string } | { ok: false; reason: string };

/**
 * Reads a result bundle into the workspace's repository. It must hold exactly one commit on top
 * of exactly one commit this repository has (`expectedBase` when given: the checkpoint). Git
 * 2.43 and later also check every object as it arrives; with older git a forged tree still gets
 * no further than the list of changed paths, which confinement judges path by path.
 */
export async function fetchAttemptChanges(git: GitRunner, bundleFile: string, expectedBase?: string): Promise<FetchedChanges> {
  const header = await bundleHeader(bundleFile);
  if ('reason' in header) return { ok: false, reason: header.reason };
  const { prerequisites, refs } = header;
  if (refs.length !== 1 || refs[0]!.ref !== RESULT_REF) return { ok: false, reason: `the bundle must carry the one ref ${RESULT_REF}; it carries ${refs.map((r) => r.ref).join(', ') || 'none'}` };
  if (prerequisites.length !== 1) return { ok: false, reason: `the bundle must build on one commit (the checkpoint); it names ${prerequisites.length}` };
  const base = prerequisites[0]!;
  if (expectedBase && base !== expectedBase) return { ok: false, reason: `the bundle builds on ${base}, not on the checkpoint commit ${expectedBase}` };
  const present = await git.run(['cat-file', '-e', `${base}^{commit}`], { allowFail: true });
  if (present.code !== 0) return { ok: false, reason: `the bundle builds on ${base}, which is not a commit of the work branch` };
  if (!expectedBase) {
    const onBranch = await git.run(['merge-base', '--is-ancestor', base, 'HEAD'], { allowFail: true });
    if (onBranch.code !== 0) return { ok: false, reason: `the bundle builds on ${base}, which is not on the work branch` };
  }
  const fetched = await git.run(
    ['-c', 'transfer.fsckObjects=true', '-c', 'fetch.fsckObjects=true', '-c', 'fetch.unpackLimit=1', 'fetch', '-q', '--no-tags', '--no-write-fetch-head', bundleFile, `+${RESULT_REF}:${INCOMING_REF}`],
    { allowFail: true },
  );
  if (fetched.code !== 0) return { ok: false, reason: `git refused the bundle: ${gitMessage(fetched)}` };
  const tip = refs[0]!.sha;
  const parents = (await git.run(['rev-list', '--parents', '-n', '1', tip])).stdout.trim().split(' ');
  if (parents.length !== 2 || parents[1] !== base)
    return { ok: false, reason: `the bundle's commit must have the checkpoint ${base} as its only parent; it has ${parents.slice(1).join(', ') || 'none'}` };
  return { ok: true, base, tip };
}

/** Prerequisites and refs from a bundle's header (v2 or v3), read without trusting the rest. */
async function bundleHeader(file: string): Promise<{ prerequisites: string[]; refs: Array<{ sha: string; ref: string }> } | { reason: string }> {
  const handle = await open(file, 'r');
  let text: string;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const end = buffer.subarray(0, bytesRead).indexOf('\n\n');
    if (end < 0) return { reason: 'not a git bundle (no header end in its first 64 KiB)' };
    text = buffer.subarray(0, end).toString('utf8');
  } finally {
    await handle.close();
  }
  const [signature, ...lines] = text.split('\n');
  if (signature !== '# v2 git bundle' && signature !== '# v3 git bundle') return { reason: `not a git bundle (it starts ${JSON.stringify(signature?.slice(0, 40))})` };
  const prerequisites: string[] = [];
  const refs: Array<{ sha: string; ref: string }> = [];
  for (const line of lines) {
    if (line.startsWith('@')) {
      if (line !== '@object-format=sha1' && line !== '@object-format=sha256') return { reason: `the bundle asks for ${JSON.stringify(line.slice(0, 60))}` };
      continue;
    }
    const m = /^(-?)([0-9a-f]{40}|[0-9a-f]{64})(?: (.*))?$/.exec(line);
    if (!m) return { reason: `a bundle header line is not understood: ${JSON.stringify(line.slice(0, 80))}` };
    if (m[1]) prerequisites.push(m[2]!);
    else refs.push({ sha: m[2]!, ref: m[3] ?? '' });
  }
  return { prerequisites, refs };
}

/** Every changed path between the checkpoint and the agent's commit, with what confinement decides on. */
export async function listAttemptChanges(git: GitRunner, base: string, tip: string): Promise<ChangedPath[]> {
  const diff = await git.run(['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', base, tip]);
  const fields = diff.stdout.split('\0');
  const changes: Array<ChangedPath & { sha: string }> = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const m = /^:(\d{6}) (\d{6}) [0-9a-f]+ ([0-9a-f]+) ([AMDT])$/.exec(fields[i]!);
    if (!m) throw new GitCommandError(['diff-tree'], -1, `unexpected output: ${JSON.stringify(fields[i]!.slice(0, 80))}`);
    changes.push({ path: fields[i + 1]!, status: m[4] as ChangedPath['status'], oldMode: m[1]!, mode: m[2]!, sha: m[3]!, size: 0 });
  }
  if (!changes.length) return [];
  const sizes = await blobSizes(
    git,
    tip,
    changes.filter((c) => c.mode !== '000000').map((c) => c.path),
  );
  const out: ChangedPath[] = [];
  for (const { sha, ...change } of changes) {
    if (change.mode === '000000') {
      out.push(change);
      continue;
    }
    const size = sizes.get(change.path) ?? 0;
    let linkTarget: string | undefined;
    if (change.mode === '120000') linkTarget = size <= MAX_LINK_TARGET ? (await git.run(['cat-file', 'blob', sha])).stdout : `(a link target of ${size} bytes)`;
    out.push({ ...change, size, ...(linkTarget !== undefined ? { linkTarget } : {}) });
  }
  return out;
}

/** Paths per git process: far below any argument limit. */
const BATCH = 200;

/**
 * The sizes of the changed blobs in the agent's tree, `BATCH` paths per `ls-tree -l`. Listing
 * only the changed paths keeps apply's cost with the change, not the repository: a whole-tree
 * listing of 100,000 files is about 8 MB for git to write and us to parse on every attempt.
 * `ls-tree` matches its paths literally (no globbing, no pathspec magic).
 */
async function blobSizes(git: GitRunner, tip: string, paths: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (let i = 0; i < paths.length; i += BATCH) {
    const listing = await git.run(['--literal-pathspecs', 'ls-tree', '-l', '-z', '--full-tree', tip, '--', ...paths.slice(i, i + BATCH)]);
    for (const entry of listing.stdout.split('\0')) {
      const m = /^\d{6} blob [0-9a-f]+ +(\d+)\t(.*)$/s.exec(entry);
      if (m) sizes.set(m[2]!, Number(m[1]));
    }
  }
  return sizes;
}

/**
 * Writes the accepted changes into the work tree and index: each added or changed path as the
 * agent's commit has it, each deleted path removed. Paths are literal (no pathspec magic), and
 * git never writes through a symbolic link on the way to a path.
 */
export async function writeAttemptChanges(git: GitRunner, tip: string, accepted: readonly ChangedPath[]): Promise<void> {
  const written = accepted.filter((c) => c.mode !== '000000').map((c) => c.path);
  const removed = accepted.filter((c) => c.mode === '000000').map((c) => c.path);
  for (let i = 0; i < removed.length; i += BATCH) {
    await git.run(['--literal-pathspecs', 'rm', '-q', '-f', '--ignore-unmatch', '--', ...removed.slice(i, i + BATCH)]);
  }
  for (let i = 0; i < written.length; i += BATCH) {
    await git.run(['--literal-pathspecs', 'checkout', '-q', tip, '--', ...written.slice(i, i + BATCH)]);
  }
}
