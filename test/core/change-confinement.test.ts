// Which of the agent's changes apply may commit: each path decided on its own, with the reason a
// refused one was left out.
import { describe, expect, it } from 'vitest';
import { confineChanges, keptRefusals, linkDestination, type ChangedPath } from '../../src/core/isolation/change-confinement.js';

const limits = { maxFileBytes: 1000, maxTotalBytes: 2500 };
const file = (path: string, size = 10, more: Partial<ChangedPath> = {}): ChangedPath => ({ path, status: 'A', mode: '100644', oldMode: '000000', size, ...more });
const link = (path: string, linkTarget: string): ChangedPath => file(path, linkTarget.length, { mode: '120000', linkTarget });
const deleted = (path: string, oldMode = '100644'): ChangedPath => ({ path, status: 'D', mode: '000000', oldMode, size: 0 });

describe('confineChanges', () => {
  it.each<[string, ChangedPath, RegExp | null]>([
    ['a new file', file('docs/report.md'), null],
    ['an executable', file('bin/run', 10, { mode: '100755' }), null],
    ['a deleted file', deleted('old.txt'), null],
    ['a workflow', file('.github/workflows/x.yml'), /under .github\/: workflows and repository settings/],
    ['a deleted workflow', deleted('.github/workflows/ci.yml'), /under .github\//],
    ['.GitHub in another case', file('.GitHub/workflows/x.yml'), /under .github\//],
    ["another plan's state", file('.sequencer/other/state.json'), /under .sequencer\/: the sequencer's state/],
    ['a nested .git', file('vendor/lib/.git/config'), /a .git path/],
    ['.git spelt for Windows', file('a/.GIT./hooks/x'), /a .git path/],
    ['a gitlink', file('vendor/lib', 0, { mode: '160000' }), /a gitlink/],
    ['a removed gitlink', deleted('vendor/lib', '160000'), /a gitlink/],
    ['a link to /etc/passwd', link('passwd', '/etc/passwd'), /a symbolic link to "\/etc\/passwd", outside the repository/],
    ['a link up past the top', link('a/up', '../../x'), /outside the repository/],
    ['a link into .github', link('docs/wf', '../.github/workflows'), /into a path no step may change/],
    ['a link into .git', link('h', '.git/hooks'), /into a path no step may change/],
    ['a link inside the repository', link('docs/latest', 'v2/index.md'), null],
    ['a link to the top', link('a/top', '..'), null],
    ['a file over the limit', file('big.bin', 1001), /1001 bytes, more than the 1000 bytes a file may have/],
    ['a file at the limit', file('ok.bin', 1000), null],
    ['a path with ..', file('a/../b'), /not a plain path/],
  ])('%s', (_name, change, refusal) => {
    const { accepted, refused } = confineChanges([change], limits);
    if (refusal === null) {
      expect(refused).toEqual([]);
      expect(accepted).toEqual([change]);
    } else {
      expect(accepted).toEqual([]);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.path).toBe(change.path);
      expect(refused[0]!.reason).toMatch(refusal);
    }
  });

  it('keeps files until the total limit, then refuses the rest and says why', () => {
    const { accepted, refused } = confineChanges([file('a', 1000), file('b', 1000), deleted('c'), file('d', 1000), file('e', 400)], limits);
    expect(accepted.map((c) => c.path)).toEqual(['a', 'b', 'c', 'e']);
    expect(refused).toEqual([{ path: 'd', reason: "the attempt's changes would pass 2500 bytes in all" }]);
  });

  it('refuses other protected top folders it is given', () => {
    expect(confineChanges([file('state/x.json')], limits, ['state']).refused[0]?.reason).toMatch(/under state\//);
  });
});

describe('linkDestination', () => {
  it.each<[string, string, string | null]>([
    ['a/b', 'c', 'a/c'],
    ['a/b', '../c', 'c'],
    ['a/b', '../../c', null],
    ['a', '/etc', null],
    ['a', 'C:/x', null],
    ['a', '', null],
    ['a/b', './.', 'a'],
  ])('%s -> %s', (at, target, expected) => {
    expect(linkDestination(at, target)).toBe(expected);
  });
});

describe('keptRefusals', () => {
  it('keeps the first twenty and the count of all', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ path: `p${i}`, reason: 'r' }));
    const kept = keptRefusals(many);
    expect(kept.refused).toHaveLength(20);
    expect(kept.refusedTotal).toBe(25);
    expect(keptRefusals(many.slice(0, 3))).toEqual({ refused: many.slice(0, 3) });
  });
});
