// Where the runner keeps its files means nothing once the run is over, and names the machine's
// layout: comments, annotations, the job summary and pull requests name workspace files relative
// to the workspace and the runner's temp folder as $RUNNER_TEMP. (The Actions log keeps full
// paths: there they help whoever reads the run.)
import { asInline } from './untrusted-text.js';

export interface RunnerPaths {
  /** The checkout (GITHUB_WORKSPACE). */
  workspace: string;
  /** The job's temp folder (RUNNER_TEMP). */
  runnerTemp: string;
}

/** `text` with the runner's folders replaced: `<workspace>/a.md` → `a.md`, `<temp>/x` → `$RUNNER_TEMP/x`. */
export function withoutRunnerPaths(text: string, paths: RunnerPaths | null | undefined): string {
  if (!paths) return text;
  const swaps: Array<[string, string]> = [];
  const folders: string[] = [];
  const add = (dir: string, inside: string, alone: string) => {
    const d = dir.replace(/\/+$/, '');
    // The root folder (or none) would turn every slash into nonsense.
    if (d.length < 2) return;
    folders.push(d);
    swaps.push([`${d}/`, inside], [d, alone]);
    // Inline text (table cells, headings) escapes punctuation, so `/home/runner/work/_temp`
    // arrives as `/home/runner/work/\_temp`.
    const escaped = asInline(d);
    if (escaped !== d) swaps.push([`${escaped}/`, asInline(inside)], [escaped, asInline(alone)]);
  };
  add(paths.workspace, '', '$GITHUB_WORKSPACE');
  add(paths.runnerTemp, '$RUNNER_TEMP/', '$RUNNER_TEMP');
  // Longest first: one folder may hold the other.
  swaps.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [from, to] of swaps) out = out.split(from).join(to);
  if (!out.includes('…')) return out;
  // A length cap can cut a folder short (`…/home/runner/wo…`); what is left of it still names
  // the machine's layout, so it goes, down to a few characters that say nothing.
  for (const d of folders) {
    for (let k = d.length - 1; k >= MIN_CUT_PREFIX; k--) {
      const cut = d.slice(0, k);
      out = out.split(`${cut}…`).join('…');
      const escapedCut = asInline(cut);
      if (escapedCut !== cut) out = out.split(`${escapedCut}…`).join('…');
    }
  }
  return out;
}

/** Cut-off folder prefixes shorter than this (`/h…`) are left: they name nothing. */
const MIN_CUT_PREFIX = 4;
