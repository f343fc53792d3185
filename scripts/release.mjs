// What the release workflow (.github/workflows/release.yml) asks before and while it publishes.
//   node scripts/release.mjs check <tag> --repository <owner/name> [--notes FILE]
//     The tag names package.json's version (v1.2.3), CHANGELOG.md has a dated section for it,
//     and package.json's repository is the repository the workflow runs in (npm's provenance
//     check refuses anything else). Writes the section to FILE and prints key=value lines for
//     $GITHUB_OUTPUT: version, major (the tag to move, e.g. v1), prerelease, npm-tag.
//   node scripts/release.mjs stamp <tag> <commit> [--dist DIR]
//     Writes DIR/release.json (default dist/) so the published package's --version names the
//     commit it was built from; dist/ itself stays what a clean checkout builds.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/;

/** The body of CHANGELOG.md's `## [<version>] - <date>` section and its date (or the word after the dash). */
export function changelogSection(changelog, version) {
  const lines = changelog.replace(/\r\n/g, '\n').split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## [${version}]`));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  const date = /^## \[[^\]]+\] - (\S+)\s*$/.exec(lines[start] ?? '')?.[1] ?? '';
  return {
    date,
    body: lines
      .slice(start + 1, end < 0 ? undefined : end)
      .join('\n')
      .trim(),
  };
}

/** The repository a package.json `repository` field names, as owner/name, or null. */
export function repositoryOf(field) {
  const url = typeof field === 'string' ? field : field?.url;
  const m = /^(?:git\+)?https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(url ?? '') ?? /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(url ?? '');
  return m?.[1] ?? null;
}

/**
 * Everything the workflow needs to know about the release a tag asks for, or an error naming
 * what does not agree. Nothing is published unless all of it holds.
 */
export function checkRelease({ tag, manifest, changelog, repository }) {
  const problems = [];
  const version = String(manifest.version ?? '');
  const m = SEMVER.exec(version);
  if (!m) problems.push(`package.json's version "${version}" is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.2.3)`);
  if (tag !== `v${version}`) problems.push(`the tag "${tag}" does not name package.json's version: expected v${version}`);
  const section = changelogSection(changelog, version);
  if (!section) problems.push(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section`);
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(section.date)) problems.push(`CHANGELOG.md's section for ${version} is dated "${section.date}": expected the release date, YYYY-MM-DD`);
  else if (!section.body) problems.push(`CHANGELOG.md's section for ${version} is empty`);
  const named = repositoryOf(manifest.repository);
  if (named?.toLowerCase() !== repository.toLowerCase())
    problems.push(`package.json's repository is "${named ?? 'missing'}", but the release runs in ${repository}: npm's provenance check needs them to agree`);
  if (problems.length) throw new Error(`Cannot release ${tag}:\n  - ${problems.join('\n  - ')}`);
  const prerelease = Boolean(m?.[4]);
  return { version, major: `v${m?.[1]}`, prerelease, npmTag: prerelease ? 'next' : 'latest', notes: section?.body ?? '' };
}

/** dist/release.json: what version-line.ts reads to name the commit. */
export function releaseStamp(tag, commit) {
  if (!/^v\d/.test(tag)) throw new Error(`Invalid tag "${tag}". Expected a release tag such as v1.2.3`);
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`Invalid commit "${commit}". Expected 40 hexadecimal digits`);
  return { version: tag.slice(1), commit, tag };
}

function option(args, name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function main(args) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const [command, ...rest] = args;
  if (command === 'check') {
    const release = checkRelease({
      tag: rest[0] ?? '',
      manifest: JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')),
      changelog: readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'),
      repository: option(rest, '--repository') ?? '',
    });
    const notes = option(rest, '--notes');
    if (notes) writeFileSync(notes, `${release.notes}\n`);
    process.stdout.write(`version=${release.version}\nmajor=${release.major}\nprerelease=${release.prerelease}\nnpm-tag=${release.npmTag}\n`);
    return;
  }
  if (command === 'stamp') {
    const dist = path.resolve(option(rest, '--dist') ?? path.join(root, 'dist'));
    writeFileSync(path.join(dist, 'release.json'), `${JSON.stringify(releaseStamp(rest[0] ?? '', rest[1] ?? ''))}\n`);
    return;
  }
  throw new Error(`Unknown command "${command ?? ''}". Expected check or stamp`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
