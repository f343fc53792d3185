// Attempt logs as a workflow artifact. Logs are evidence, not results: an upload that cannot
// happen (outside Actions, service down) is a warning, never a failed tick. @actions/artifact is
// heavy, so it is imported only when there is something to upload.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sanitizeArtifactName } from '../../core/render/artifact-names.js';
import { describeError } from '../../core/errors.js';
import { scrubWith, type Scrubber } from '../../core/trust/secrets.js';

export interface UploadLogsOptions {
  /** Directory holding the attempt logs; every regular file under it is uploaded. */
  dir: string;
  /** Artifact name; characters GitHub forbids are replaced, and it is cut to 100 characters. */
  name: string;
  /** What the uploaded copies must not hold (every known secret, replaced by `***`). */
  secrets: Scrubber;
  /** Receives the warning when nothing could be uploaded. */
  log: (message: string) => void;
  /** Files under `dir` (relative paths) that are not uploaded. */
  skip?: (file: string) => boolean;
  retentionDays?: number;
}

export interface UploadedLogs {
  name: string;
  id: number | undefined;
  size: number | undefined;
  files: number;
}

/** Uploads scrubbed copies of the logs; null (after a warning) when that is not possible. */
export async function uploadAttemptLogs(o: UploadLogsOptions): Promise<UploadedLogs | null> {
  const name = sanitizeArtifactName(o.name);
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    o.log(`Attempt logs not uploaded as artifact "${name}": the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).`);
    return null;
  }
  let staging: StagedLogs | null = null;
  try {
    staging = await stageScrubbedLogs(o.dir, o.secrets, undefined, o.skip);
    if (!staging) return null;
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const result = await new DefaultArtifactClient().uploadArtifact(name, staging.files, staging.root, o.retentionDays ? { retentionDays: o.retentionDays } : {});
    return { name, id: result.id, size: result.size, files: staging.files.length };
  } catch (err) {
    o.log(`Attempt logs not uploaded as artifact "${name}": ${describeError(err)}`);
    return null;
  } finally {
    if (staging) await rm(staging.root, { recursive: true, force: true }).catch(() => {});
  }
}

export interface StagedLogs {
  /** A fresh temporary directory; the caller removes it. */
  root: string;
  /** Absolute paths of the scrubbed copies. */
  files: string[];
}

/**
 * Scrubbed copies of every regular file under `dir` but those `skip` names, in a temporary
 * directory (or under `into`, which the caller made and removes); null when none.
 */
export async function stageScrubbedLogs(dir: string, secrets: Scrubber, into?: string, skip: (file: string) => boolean = () => false): Promise<StagedLogs | null> {
  const files = (await regularFiles(dir)).filter((rel) => !skip(rel));
  if (files.length === 0) return null;
  const root = into ?? (await mkdtemp(path.join(os.tmpdir(), 'sequencer-logs-')));
  try {
    const copies: string[] = [];
    for (const rel of files) {
      const target = path.join(root, rel);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, scrubBytes(await readFile(path.join(dir, rel)), secrets));
      copies.push(target);
    }
    return { root, files: copies };
  } catch (err) {
    if (!into) await rm(root, { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}

/**
 * Logs may hold any bytes. Working on latin1 strings maps each byte to one character, so bytes
 * that are not UTF-8 survive untouched while the UTF-8 bytes of each secret are still found.
 */
export function scrubBytes(data: Buffer, secrets: Scrubber): Buffer {
  if (!secrets.needles.length) return data;
  const needles = secrets.needles.map((s) => Buffer.from(s, 'utf8').toString('latin1'));
  return Buffer.from(scrubWith(data.toString('latin1'), needles), 'latin1');
}

/** Relative paths of regular files under `dir`; symlinks are skipped so nothing outside leaks in. */
async function regularFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
