// dist/release.json, written by the release workflow into the npm package (see
// src/core/render/version-line.ts). It sits beside the bundle's entry points, found from the
// entry Node was started with (dist/cli.js through npm's bin link, or dist/index.js).
import { readFileSync } from 'node:fs';
import { parseReleaseStamp, type ReleaseStamp } from '../../core/render/version-line.js';
import { besideBundle } from '../process/cli-path.js';

export const RELEASE_STAMP_FILE = 'release.json';

/** The stamp beside the bundle, or null when there is none or it cannot be read: a version line never fails a run. */
export function readReleaseStamp(entry: string | undefined = process.argv[1]): ReleaseStamp | null {
  const file = besideBundle(RELEASE_STAMP_FILE, entry);
  if (!file) return null;
  try {
    return parseReleaseStamp(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}
