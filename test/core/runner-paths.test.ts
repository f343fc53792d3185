import { describe, expect, it } from 'vitest';
import { withoutRunnerPaths } from '../../src/core/render/runner-paths.js';
import { inline } from '../../src/core/render/untrusted-text.js';

// A hosted runner's layout: the temp folder starts with `_`, which inline text escapes.
const paths = { workspace: '/home/runner/work/my_repo.js/my_repo.js', runnerTemp: '/home/runner/work/_temp' };

describe('runner folders in published text', () => {
  it('are found in inline text too, where their punctuation is escaped', () => {
    const cell = inline('could not open /home/runner/work/_temp/scratch/x.log or /home/runner/work/my_repo.js/my_repo.js/out/a.md');
    const published = withoutRunnerPaths(cell, paths);
    expect(published).not.toContain('/home/runner');
    expect(published).not.toContain('\\_temp');
    expect(published).toBe('could not open \\$RUNNER\\_TEMP/scratch/x\\.log or out/a\\.md');
  });

  it('leave nothing behind when a length cap cut one short', () => {
    const error = 'agent exited with code 1: scratch kept in /home/runner/work/_temp/run-1/scratch';
    for (let max = 30; max <= error.length; max++) {
      for (const text of [inline(error, max), `${error.slice(0, max - 1)}…`]) {
        const published = withoutRunnerPaths(text, paths);
        expect(published, `cut at ${max}: ${text}`).not.toMatch(/\/home\/runner\/|\\_temp|\/home\/runner\/work…/);
      }
    }
    expect(withoutRunnerPaths(inline(error, 60), paths)).toBe('agent exited with code 1: scratch kept in …');
  });

  it('leave other text with an ellipsis alone', () => {
    expect(withoutRunnerPaths('Loading… /home/other/… and /h…', paths)).toBe('Loading… /home/other/… and /h…');
  });
});
