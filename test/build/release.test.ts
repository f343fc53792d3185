// What the release workflow checks before it publishes (scripts/release.mjs): the tag names
// package.json's version, CHANGELOG.md has a dated section for it (the release notes), and
// package.json names the repository the release runs in; and the stamp it writes beside dist/ is
// what --version reads.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changelogSection, checkRelease, releaseStamp, repositoryOf } from '../../scripts/release.mjs';
import { parseReleaseStamp } from '../../src/core/render/version-line.js';
import { REPO_ROOT } from '../e2e/helpers.js';

const CHANGELOG = [
  '# Changelog',
  '',
  '## [1.3.0-rc.1] - 2026-03-01',
  '',
  '- Next.',
  '',
  '## [1.2.3] - 2026-02-01',
  '',
  '### Fixed',
  '',
  '- A fix.',
  '',
  '## [1.2.2] - Unreleased',
  '',
  '- Later.',
  '',
  '## [1.2.1] - 2026-01-01',
  '',
].join('\n');
const manifest = (version: string, repository: unknown = { type: 'git', url: 'git+https://github.com/acme/agent-step-sequencer.git' }) => ({ name: 'agent-step-sequencer', version, repository });

describe('a release tag', () => {
  it("names package.json's version; the notes are its CHANGELOG section; v1 moves", () => {
    expect(checkRelease({ tag: 'v1.2.3', manifest: manifest('1.2.3'), changelog: CHANGELOG, repository: 'acme/agent-step-sequencer' })).toEqual({
      version: '1.2.3',
      major: 'v1',
      prerelease: false,
      npmTag: 'latest',
      notes: '### Fixed\n\n- A fix.',
    });
  });

  it("a pre-release goes to npm's next tag and is marked as such (the workflow then leaves v1 alone)", () => {
    expect(checkRelease({ tag: 'v1.3.0-rc.1', manifest: manifest('1.3.0-rc.1'), changelog: CHANGELOG, repository: 'ACME/Agent-Step-Sequencer' })).toMatchObject({
      prerelease: true,
      npmTag: 'next',
      notes: '- Next.',
    });
  });

  it.each<[string, { tag: string; version: string; repository?: unknown; changelog?: string }, string]>([
    ['a tag for another version', { tag: 'v1.2.4', version: '1.2.3' }, 'the tag "v1.2.4" does not name package.json\'s version: expected v1.2.3'],
    ['a version that is not semver', { tag: 'v1.2', version: '1.2' }, 'package.json\'s version "1.2" is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.2.3)'],
    ['no changelog section', { tag: 'v2.0.0', version: '2.0.0' }, 'CHANGELOG.md has no "## [2.0.0] - YYYY-MM-DD" section'],
    ['a section not yet dated', { tag: 'v1.2.2', version: '1.2.2' }, 'CHANGELOG.md\'s section for 1.2.2 is dated "Unreleased": expected the release date, YYYY-MM-DD'],
    ['an empty section', { tag: 'v1.2.1', version: '1.2.1' }, "CHANGELOG.md's section for 1.2.1 is empty"],
    [
      'package.json naming another repository',
      { tag: 'v1.2.3', version: '1.2.3', repository: 'github:OWNER/agent-step-sequencer' },
      'package.json\'s repository is "OWNER/agent-step-sequencer", but the release runs in acme/agent-step-sequencer: npm\'s provenance check needs them to agree',
    ],
    ['package.json naming no repository', { tag: 'v1.2.3', version: '1.2.3', repository: null }, 'package.json\'s repository is "missing"'],
  ])('is refused for %s, naming what does not agree', (_, c, message) => {
    const run = () =>
      checkRelease({ tag: c.tag, manifest: manifest(c.version, c.repository === undefined ? undefined : c.repository), changelog: c.changelog ?? CHANGELOG, repository: 'acme/agent-step-sequencer' });
    expect(run).toThrow(`Cannot release ${c.tag}:`);
    expect(run).toThrow(message);
  });

  it('reads the repository from the forms package.json allows', () => {
    expect(repositoryOf('https://github.com/acme/x')).toBe('acme/x');
    expect(repositoryOf({ url: 'git+https://github.com/acme/x.git' })).toBe('acme/x');
    expect(repositoryOf('github:acme/x')).toBe('acme/x');
    expect(repositoryOf('acme/x')).toBe('acme/x');
    expect(repositoryOf({ url: 'https://gitlab.com/acme/x' })).toBeNull();
  });

  it('the stamp it writes is what --version reads, and it refuses a commit that is not one', () => {
    const sha = 'a'.repeat(40);
    expect(parseReleaseStamp(releaseStamp('v1.2.3', sha))).toEqual({ version: '1.2.3', commit: sha, tag: 'v1.2.3' });
    expect(() => releaseStamp('v1.2.3', 'HEAD')).toThrow('Invalid commit "HEAD". Expected 40 hexadecimal digits');
    expect(() => releaseStamp('main', sha)).toThrow('Invalid tag "main". Expected a release tag such as v1.2.3');
  });
});

describe('CHANGELOG.md', () => {
  it("has a section with notes for package.json's version, and its versions are semver, newest first", async () => {
    const [text, pkg] = await Promise.all([readFile(path.join(REPO_ROOT, 'CHANGELOG.md'), 'utf8'), readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')]);
    const { version } = JSON.parse(pkg) as { version: string };
    const section = changelogSection(text, version);
    expect(section, `a "## [${version}]" section`).not.toBeNull();
    expect(section?.date).toMatch(/^(\d{4}-\d{2}-\d{2}|Unreleased)$/);
    expect(section?.body.length).toBeGreaterThan(100);
    const versions = [...text.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1] ?? '');
    expect(versions[0]).toBe(version);
    for (const v of versions) expect(v).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    const key = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
    for (let i = 1; i < versions.length; i++) {
      const [a, b] = [key(versions[i - 1]!), key(versions[i]!)];
      expect(a[0]! * 1e6 + a[1]! * 1e3 + a[2]! > b[0]! * 1e6 + b[1]! * 1e3 + b[2]!, `${versions[i - 1]} before ${versions[i]}`).toBe(true);
    }
  });
});
