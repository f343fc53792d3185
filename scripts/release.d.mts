// Types for scripts/release.mjs, which the release workflow runs as plain JavaScript and the tests import.
export interface Release {
  version: string;
  major: string;
  prerelease: boolean;
  npmTag: 'latest' | 'next';
  notes: string;
}

export declare function changelogSection(changelog: string, version: string): { date: string; body: string } | null;
export declare function repositoryOf(field: unknown): string | null;
export declare function checkRelease(input: { tag: string; manifest: Record<string, unknown>; changelog: string; repository: string }): Release;
export declare function releaseStamp(tag: string, commit: string): { version: string; commit: string; tag: string };
