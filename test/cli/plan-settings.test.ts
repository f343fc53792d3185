// The CLI's --branch through the shared layout: a fixed name is the one plan's branch (other
// plans of `check --all` and maintenance keep the default); a name ending in <plan-id> names
// every plan's branch and the prefix the fleet commands list.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/options.js';
import { branchOf, fleetBranches, forPlan, localPaths, planLocation } from '../../src/cli/plan-settings.js';

const cwd = path.resolve('/srv/clone');
const cli = (...argv: string[]) => parseCli(argv, {}, cwd);

describe('the CLI plan settings', () => {
  it('--branch with <plan-id> names every plan its own branch, under the prefix the fleet commands list', () => {
    const s = cli('check', '--store', 'git', '--plan-id', 'p', '--branch', 'agents/<plan-id>');
    expect(branchOf(s)).toBe('agents/p');
    expect(branchOf(forPlan(s, 'q'))).toBe('agents/q');
    expect(fleetBranches(s).prefix).toBe('agents/');
  });

  it("a fixed --branch is the one plan's; other plans keep sequencer/<plan-id>", () => {
    const s = cli('check', '--store', 'git', '--plan-id', 'p', '--branch', 'work');
    expect(branchOf(s)).toBe('work');
    expect(branchOf(forPlan(s, 'q'))).toBe('sequencer/q');
    expect(fleetBranches(s).prefix).toBe('sequencer/');
    expect(branchOf(cli('check', '--store', 'git', '--plan-id', 'p'))).toBe('sequencer/p');
  });

  it('refuses a --branch git or the listing could not use, naming the flag, the value and what is expected', () => {
    expect(() => cli('check', '--store', 'git', '--branch', 'agents/<plan-id>/x')).toThrow('--branch: expected <plan-id> once, at the end of the name, e.g. agents/<plan-id>');
    expect(() => cli('check', '--store', 'git', '--branch=-x')).toThrow('--branch: expected a branch name such as agents/<plan-id>, got "-x"');
  });

  it('places the state and its working files by store: the file store at the given path, the git store in the workspace', () => {
    const file = cli('check', '--plan-id', 'p');
    expect(planLocation(file, 'check')).toEqual({ planId: 'p', workspace: cwd, store: { kind: 'file', stateFile: path.join(cwd, '.sequencer/p/state.json'), command: 'check' } });
    const git = cli('check', '--store', 'git', '--plan-id', 'p', '--sync-base', 'off');
    expect(planLocation(git, 'check').store).toEqual({ kind: 'git', remote: 'origin', branches: { kind: 'per-plan', prefix: 'sequencer/' }, stateRel: '.sequencer/p/state.json' });
    expect(localPaths(git)).toEqual({
      stateFile: path.join(cwd, '.sequencer/p/state.json'),
      inboxDir: path.join(cwd, '.sequencer/p/state.json.inbox'),
      logDir: path.join(cwd, '.sequencer/p/state.json.logs'),
    });
  });
});
