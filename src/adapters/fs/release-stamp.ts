// dist/release.json, written by the release workflow into the npm package (see
// src/core/render/version-line.ts). It sits beside the entry Node was started with (dist/cli.js
// through npm's bin link, or dist/index.js), which is found from argv[1], not from this module's
// own URL: the bundler may put this code in a chunk one folder down.
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseReleaseStamp, type ReleaseStamp } from '../../core/render/version-line.js';

export const RELEASE_STAMP_FILE = 'release.json';

/** The stamp beside `entry`, or null when there is none or it cannot be read: a version line never fails a run. */
export function readReleaseStamp(entry: string | undefined): ReleaseStamp | null {
  if (!entry) return null;
  try {
    return parseReleaseStamp(JSON.parse(readFileSync(path.join(path.dirname(realpathSync(entry)), RELEASE_STAMP_FILE), 'utf8')));
  } catch {
    return null;
  }
}
