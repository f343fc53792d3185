// The Actions runner's command files. A step appends to them and the runner reads them back once
// the step ends: GITHUB_OUTPUT becomes the step's outputs (which workflows pass on, often into
// `run:` scripts), GITHUB_ENV and GITHUB_PATH the environment and PATH of every later step of the
// job, GITHUB_STATE the post step's state, GITHUB_STEP_SUMMARY the job summary. They are the
// Action's to write: an agent or a check command that could append to them would speak for the
// Action, so neither ever gets their names, whatever runs it (the Action, or the CLI inside a step).

export const RUNNER_FILE_VARIABLES: readonly string[] = ['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'];

export const RUNNER_FILE_REASON = "names a file the Actions runner reads back after the step as its outputs, the job's environment or PATH, its state or the job summary";

export function isRunnerFileVariable(name: string): boolean {
  // Compared without regard to case, as Windows reads names.
  return RUNNER_FILE_VARIABLES.includes(name.toUpperCase());
}

/** `env` without the runner's command files, as a new object. */
export function withoutRunnerFiles<T extends Readonly<Record<string, string | undefined>>>(env: T): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) if (!isRunnerFileVariable(k)) out[k] = v;
  return out;
}
