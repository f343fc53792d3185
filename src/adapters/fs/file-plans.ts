// The plans of a workspace under the file store: every `.sequencer/<planId>/state.json`. Used
// by list, audit and maintenance; a heartbeat of one plan never scans.
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from '../../core/errors.js';
import type { PruneMode } from '../../core/fleet/maintenance-plan.js';
import { MAX_STATE_BYTES, type PlanDocument, type PlanFacts } from '../../core/fleet/plan-facts.js';
import { isRefSafePlanId } from '../../core/fleet/plan-index.js';
import { parseState } from '../../core/state/validate-state.js';
import { STATE_DIR, stateFileIn } from '../../wiring/plan-layout.js';
import { acquireLock } from './file-lock.js';

export interface FilePlan extends PlanFacts {
  stateFile: string;
  /** Command files waiting in the plan's inbox (a tick applies them). */
  pendingCommands: number;
}

/** Not a valid plan id (ids start with a letter or digit), so never scanned as a plan. */
const ARCHIVE_DIR = '.archive';
const COMMAND_FILE = /^\d{1,16}-[a-z]+\.json$/;

/** Every plan folder with a state file, sorted by id; folders without one (a drafted plan.json) are not plans. */
export async function scanFilePlans(workspace: string): Promise<FilePlan[]> {
  const root = path.join(workspace, STATE_DIR);
  const entries = await readdir(root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const plans: FilePlan[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isRefSafePlanId(entry.name)) continue;
    const stateFile = stateFileIn(workspace, entry.name);
    let doc: PlanDocument;
    let mtime: Date;
    try {
      const st = await stat(stateFile);
      mtime = st.mtime;
      // A state over the limit is reported by its size, never read.
      doc = st.size > MAX_STATE_BYTES ? { kind: 'too-large', bytes: st.size, limit: MAX_STATE_BYTES } : parseDocument(await readFile(stateFile, 'utf8'), entry.name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      plans.push({ planId: entry.name, location: stateFile, stateFile, pendingCommands: 0, doc: { kind: 'invalid', error: `cannot read: ${describeError(err)}` } });
      continue;
    }
    plans.push({
      planId: entry.name,
      location: stateFile,
      stateFile,
      doc,
      updatedAt: mtime.toISOString(),
      pendingCommands: await countCommands(`${stateFile}.inbox`),
    });
  }
  return plans.sort((a, b) => (a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0));
}

function parseDocument(text: string, planId: string): PlanDocument {
  try {
    const state = parseState(JSON.parse(text), { owned: true });
    if (state.planId !== undefined && state.planId !== planId) return { kind: 'invalid', error: `planId is "${state.planId}", expected "${planId}" (its folder)` };
    return { kind: 'ok', state };
  } catch (err) {
    return { kind: 'invalid', error: describeError(err) };
  }
}

async function countCommands(dir: string): Promise<number> {
  try {
    return (await readdir(dir)).filter((n) => COMMAND_FILE.test(n)).length;
  } catch {
    return 0;
  }
}

export type FilePruneOutcome = 'pruned' | 'busy' | 'changed';

/**
 * Removes a finished plan's folder (state, logs, inbox), or moves it to
 * `.sequencer/.archive/<planId>-<time>`. Under the plan's lock, and only if the state file is
 * still the one the plan was chosen from (`expectRevision`), so a tick in between wins.
 */
export async function pruneFilePlan(workspace: string, planId: string, mode: PruneMode, expectRevision: number | undefined): Promise<FilePruneOutcome> {
  const stateFile = stateFileIn(workspace, planId);
  const lock = await acquireLock(`${stateFile}.lock`, { command: 'maintenance' });
  if (!lock.ok) return 'busy';
  const dir = path.dirname(stateFile);
  let moved = false;
  try {
    const now = parseDocument(await readFile(stateFile, 'utf8'), planId);
    if (now.kind !== 'ok' || now.state.revision !== expectRevision || !['DONE', 'CANCELLED'].includes(now.state.status)) return 'changed';
    if (mode === 'delete') {
      // Renamed first so a crash never leaves half a plan that a scan would report as broken.
      const doomed = path.join(workspace, STATE_DIR, `${ARCHIVE_DIR}-deleting-${planId}-${process.pid}`);
      await rename(dir, doomed);
      moved = true;
      await rm(doomed, { recursive: true, force: true });
    } else {
      const archive = path.join(workspace, STATE_DIR, ARCHIVE_DIR);
      await mkdir(archive, { recursive: true });
      const target = path.join(archive, `${planId}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await rename(dir, target);
      moved = true;
      // The lock moved with the folder; it guards nothing there.
      await rm(path.join(target, 'state.json.lock'), { force: true });
    }
    return 'pruned';
  } finally {
    if (!moved) await lock.release();
  }
}
