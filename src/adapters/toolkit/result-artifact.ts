// An attempt's result as one workflow artifact (the isolated layout, docs/security.md): the
// agent job uploads it, the apply job downloads it, by a name made from the attempt id. Unlike
// the attempt logs of a single-job run, this upload is the attempt's outcome: a failure is an
// error, not a warning. The download never unpacks anything: the archive is saved as it is, its
// size checked, and only the entries apply asks for are read (zip-entries.ts). @actions/artifact
// is heavy, so it is imported only here, when a phase needs it.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Results are read by the next apply job; a week covers a dead apply and the heartbeat after it. */
export const RESULT_RETENTION_DAYS = 7;

/** Uploads the staged files (all under `root`) as the result artifact; throws when it cannot. */
export async function uploadResultArtifact(name: string, root: string, files: string[]): Promise<{ id: number | undefined; size: number | undefined }> {
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    throw new Error(`The result artifact "${name}" cannot be uploaded: the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).`);
  }
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const result = await new DefaultArtifactClient().uploadArtifact(name, files, root, { retentionDays: RESULT_RETENTION_DAYS });
  return { id: result.id, size: result.size };
}

export interface DownloadOptions {
  name: string;
  /** The run that uploaded it. */
  runId: string;
  /** This run: its artifacts are read with the runtime token, another run's through the API with `token`. */
  currentRunId: string;
  token: string;
  owner: string;
  repo: string;
  /** An empty folder for the archive. */
  dir: string;
  /** Largest archive read. */
  maxBytes: number;
}

export type DownloadedResult = { kind: 'found'; zip: string; bytes: number } | { kind: 'missing' } | { kind: 'too-large'; bytes: number };

/**
 * Downloads the archive as it is (not unpacked). `missing` when the run has no artifact of that
 * name; an unreachable service throws, so a later apply can try again.
 */
export async function downloadResultArtifact(o: DownloadOptions): Promise<DownloadedResult> {
  const { DefaultArtifactClient, ArtifactNotFoundError } = await import('@actions/artifact');
  const client = new DefaultArtifactClient();
  const findBy = o.runId === o.currentRunId ? undefined : { token: o.token, workflowRunId: Number(o.runId), repositoryOwner: o.owner, repositoryName: o.repo };
  let artifact;
  try {
    ({ artifact } = await client.getArtifact(o.name, findBy ? { findBy } : {}));
  } catch (err) {
    if (err instanceof ArtifactNotFoundError || (err instanceof Error && err.name === 'ArtifactNotFoundError')) return { kind: 'missing' };
    throw err;
  }
  if (artifact.size > o.maxBytes) return { kind: 'too-large', bytes: artifact.size };
  await client.downloadArtifact(artifact.id, { path: o.dir, skipDecompress: true, ...(findBy ? { findBy } : {}) });
  const saved = await readdir(o.dir);
  if (saved.length !== 1) throw new Error(`The download of artifact "${o.name}" left ${saved.length} files, expected its one archive.`);
  const zip = path.join(o.dir, saved[0]!);
  const { size } = await stat(zip);
  // The listing's size is the service's word; the bytes on disk are the fact.
  if (size > o.maxBytes) return { kind: 'too-large', bytes: size };
  return { kind: 'found', zip, bytes: size };
}
