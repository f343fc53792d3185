// The version line (`--version`, the Action's first log line): the release, and the commit it was
// built from wherever that can be known without compiling the commit into dist/.
import { describe, expect, it } from 'vitest';
import { actionSource, parseReleaseStamp, versionLine, type VersionFacts } from '../../src/core/render/version-line.js';
import { README } from '../helpers/readme.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const OTHER = 'fedcba9876543210fedcba9876543210fedcba98';
const base: VersionFacts = { version: '1.2.3', buildId: 'build-5d1c0a8e9f7b6a43', stamp: null };

describe('the version line', () => {
  it.each<[string, Partial<VersionFacts>, string]>([
    ['the npm package, stamped by the release workflow', { stamp: { version: '1.2.3', commit: SHA, tag: 'v1.2.3' } }, `commit ${SHA}, tag v1.2.3`],
    ['the Action used by commit', { action: { repository: 'acme/agent-step-sequencer', ref: SHA, workflowSha: OTHER } }, `commit ${SHA} of acme/agent-step-sequencer`],
    [
      'the Action used by tag',
      { action: { repository: 'acme/agent-step-sequencer', ref: 'v1', workflowSha: OTHER } },
      `acme/agent-step-sequencer@v1; the runner's "Download action repository" line names its commit`,
    ],
    ['a copy in the workflow’s repository', { action: { repository: '', ref: '', workflowSha: OTHER } }, `a copy in the workflow's repository, commit ${OTHER} if that is what was checked out`],
    ['a build from a checkout', {}, 'not a release: built from a checkout, no commit recorded'],
    ['a stamp written for another version', { stamp: { version: '1.2.2', commit: SHA, tag: 'v1.2.2' } }, 'not a release: built from a checkout, no commit recorded'],
    ['a ref that could carry a workflow command', { action: { repository: 'acme/x', ref: 'v1\n::error::forged', workflowSha: '' } }, 'not a release: built from a checkout, no commit recorded'],
  ])('%s', (_, facts, origin) => {
    expect(versionLine({ ...base, ...facts })).toBe(`agent-step-sequencer 1.2.3 (${origin}; build-5d1c0a8e9f7b6a43)`);
  });

  it('trusts a stamp only of the expected shape', () => {
    expect(parseReleaseStamp({ version: '1.2.3', commit: SHA, tag: 'v1.2.3' })).toEqual({ version: '1.2.3', commit: SHA, tag: 'v1.2.3' });
    for (const bad of [null, 'x', { version: '1.2.3', commit: 'abc', tag: 'v1.2.3' }, { version: '1.2.3', commit: SHA }, { version: '1.2.3', commit: SHA, tag: 'v1\n::x::' }]) {
      expect(parseReleaseStamp(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('reads the Action’s coordinates from the runner’s variables', () => {
    expect(actionSource({ GITHUB_ACTION_REPOSITORY: 'acme/x', GITHUB_ACTION_REF: 'v1', GITHUB_SHA: OTHER })).toEqual({ repository: 'acme/x', ref: 'v1', workflowSha: OTHER });
    expect(actionSource({})).toEqual({ repository: '', ref: '', workflowSha: '' });
  });

  it('is quoted by the README as it prints: a release names its commit and tag, a build from a clone says it records none', () => {
    const stamped = versionLine({ version: '1.0.0', buildId: 'build-…', stamp: { version: '1.0.0', commit: SHA, tag: 'v1.0.0' } }).replace(SHA, '<sha>');
    const clone = /\((not a release: [^;]+);/.exec(versionLine(base))?.[1];
    // A miss names the text looked for, not the whole README.
    const quoted = (text: string) => README.replace(/\n/g, ' ').includes(`(\`${text}\`)`);
    expect(quoted(stamped), stamped).toBe(true);
    expect(quoted(clone ?? '?'), clone).toBe(true);
  });
});
