// Every file the plan created or changed, for the final summary (the original sequencer's final
// delivery step lists "every file created or written", not only the declared outputs). Each
// successful attempt records what it changed in the workspace (bounded); the summary gathers
// them in step order, once each, leaving out the declared outputs it lists already.
import type { State } from '../state/types.js';

/** Paths one attempt records; the rest are counted. */
export const CHANGED_FILES_PER_ATTEMPT = 100;
/** Paths a summary lists; the rest are counted. */
export const MAX_LISTED_CHANGED = 100;

export function planChangedFiles(state: State): { files: string[]; more: number } {
  const outputs = new Set(state.artifacts ?? []);
  const seen = new Set<string>();
  const files: string[] = [];
  let more = 0;
  for (const id of state.stepQueue) {
    const run = state.stepRuns[id];
    if (run?.status !== 'DONE') continue;
    for (const a of run.attempts ?? []) {
      if (a.outcome !== 'succeeded' && a.outcome !== 'recovered') continue;
      for (const f of Array.isArray(a.changedFiles) ? a.changedFiles : []) {
        if (typeof f !== 'string' || outputs.has(f) || seen.has(f)) continue;
        seen.add(f);
        files.push(f);
      }
      if (typeof a.changedFilesMore === 'number' && a.changedFilesMore > 0) more += a.changedFilesMore;
    }
  }
  return { files, more };
}

/** The summary's list: at most MAX_LISTED_CHANGED paths, then `… and N more`. */
export function changedFilesList(state: State, max = MAX_LISTED_CHANGED): { total: number; shown: string[]; rest: number } | null {
  const { files, more } = planChangedFiles(state);
  if (!files.length && !more) return null;
  const shown = files.slice(0, max);
  return { total: files.length + more, shown, rest: files.length + more - shown.length };
}
