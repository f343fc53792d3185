// Where the runner keeps its files means nothing once the run is over, and names the machine's
// layout: comments, annotations, the job summary and pull requests name workspace files relative
// to the workspace and the runner's temp folder as $RUNNER_TEMP. (The Actions log keeps full
// paths: there they help whoever reads the run.)

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
  const add = (dir: string, inside: string, alone: string) => {
    const d = dir.replace(/\/+$/, '');
    // The root folder (or none) would turn every slash into nonsense.
    if (d.length < 2) return;
    swaps.push([`${d}/`, inside], [d, alone]);
  };
  add(paths.workspace, '', '$GITHUB_WORKSPACE');
  add(paths.runnerTemp, '$RUNNER_TEMP/', '$RUNNER_TEMP');
  // Longest first: one folder may hold the other.
  swaps.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [from, to] of swaps) out = out.split(from).join(to);
  return out;
}
