// GITHUB_WORKFLOW_REF names the running workflow file and the ref it was read from, e.g.
// `octo/repo/.github/workflows/seq.yml@refs/heads/main`. Re-dispatching "ourselves" needs the
// file name (the dispatch API accepts it instead of a numeric id) and the ref.

export interface WorkflowRef {
  /** `owner/repo` */
  repository: string;
  /** `.github/workflows/seq.yml` */
  path: string;
  /** `seq.yml` */
  file: string;
  /** `refs/heads/main` */
  ref: string;
}

const PATTERN = /^([^/\s]+\/[^/\s]+)\/(\.github\/workflows\/([^/@\s]+\.ya?ml))@(\S+)$/;

/** Null when the value is missing or not of that shape. */
export function parseWorkflowRef(value: string | undefined): WorkflowRef | null {
  const m = PATTERN.exec((value ?? '').trim());
  if (!m) return null;
  return { repository: m[1]!, path: m[2]!, file: m[3]!, ref: m[4]! };
}

export function workflowFileFromRef(value: string | undefined): string | null {
  return parseWorkflowRef(value)?.file ?? null;
}
