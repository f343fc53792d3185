// The line `--version` prints and the Action logs first: the release and the commit it was built
// from, where that can be known. The bundle holds the version and a digest of its sources (the
// build id) but not its commit (src/version.ts), so the commit comes from:
//   - the npm package: dist/release.json, which the release workflow writes after checking that
//     dist/ is what the tagged commit's sources build, just before it publishes;
//   - the Action used by commit (`uses: owner/repo@<sha>`): that commit (GITHUB_ACTION_REF);
//   - the Action used by tag (`@v1`): the runner's "Download action repository" line, which
//     names the commit it downloaded, and the version, whose release tag names it too;
//   - a copy in the workflow's own repository (`uses: ./`): the workflow's commit (GITHUB_SHA).
// Anything else is a build from a checkout, which says so.

/** What the release workflow writes beside the bundle (dist/release.json). */
export interface ReleaseStamp {
  version: string;
  commit: string;
  tag: string;
}

/** The Action's own coordinates from the runner (GITHUB_ACTION_REPOSITORY, GITHUB_ACTION_REF, GITHUB_SHA). */
export interface ActionSource {
  repository: string;
  ref: string;
  workflowSha: string;
}

export interface VersionFacts {
  version: string;
  buildId: string;
  stamp: ReleaseStamp | null;
  action?: ActionSource;
}

const SHA = /^[0-9a-f]{40}$/;
// Only plain names reach the log: the line is printed where the runner reads workflow commands.
const REPOSITORY = /^[\w.-]+\/[\w.-]+$/;
const REF = /^[\w.][\w./-]*$/;

/** A stamp as read from JSON, or null when it is not one (a file of another shape is ignored, not trusted). */
export function parseReleaseStamp(value: unknown): ReleaseStamp | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, commit, tag } = value as Record<string, unknown>;
  if (typeof version !== 'string' || typeof commit !== 'string' || typeof tag !== 'string') return null;
  return SHA.test(commit) && REF.test(tag) && REF.test(version) ? { version, commit, tag } : null;
}

function origin(f: VersionFacts): string {
  // A stamp written for another version belongs to another build.
  if (f.stamp && f.stamp.version === f.version) return `commit ${f.stamp.commit}, tag ${f.stamp.tag}`;
  const a = f.action;
  if (a && REPOSITORY.test(a.repository) && SHA.test(a.ref)) return `commit ${a.ref} of ${a.repository}`;
  if (a && REPOSITORY.test(a.repository) && REF.test(a.ref)) return `${a.repository}@${a.ref}; the runner's "Download action repository" line names its commit`;
  if (a && !a.repository && SHA.test(a.workflowSha)) return `a copy in the workflow's repository, commit ${a.workflowSha} if that is what was checked out`;
  return 'not a release: built from a checkout, no commit recorded';
}

/** `agent-step-sequencer 1.2.3 (commit <sha>, tag v1.2.3; build-<digest of the sources>)`. */
export function versionLine(f: VersionFacts): string {
  return `agent-step-sequencer ${f.version} (${origin(f)}; ${f.buildId})`;
}

/** The Action's coordinates from the runner's environment. */
export function actionSource(env: Readonly<Record<string, string | undefined>>): ActionSource {
  return { repository: env.GITHUB_ACTION_REPOSITORY ?? '', ref: env.GITHUB_ACTION_REF ?? '', workflowSha: env.GITHUB_SHA ?? '' };
}
