// The plan layout: paths and branch names every entry point shares.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { cliOption } from '../../src/wiring/checks.js';
import {
  DEFAULT_WORK_BRANCHES,
  fleetPrefix,
  issueNumberOf,
  issuePlanId,
  listingPrefix,
  parseWorkBranches,
  planIdOfFile,
  stateFileRel,
  stateFolderOf,
  workBranch,
  workingFileExcludes,
} from '../../src/wiring/plan-layout.js';

describe('plan layout', () => {
  it('places the state, its working files and the base merge guard', () => {
    expect(stateFileRel('issue-7')).toBe('.sequencer/issue-7/state.json');
    expect(workingFileExcludes('.sequencer/p/state.json')).toEqual(['/.sequencer/p/state.json.logs/', '/.sequencer/p/state.json.inbox/', '/.sequencer/p/state.json.lock']);
    expect(stateFolderOf('.sequencer/p/state.json')).toBe('.sequencer/p');
    expect(stateFolderOf('state.json')).toBe('state.json');
  });

  it('names plans after issues and files', () => {
    expect(issuePlanId(42)).toBe('issue-42');
    expect(issueNumberOf('issue-42')).toBe(42);
    expect(issueNumberOf('nightly')).toBeNull();
    expect(planIdOfFile('plans/nightly.YML')).toBe('nightly');
  });

  it('a per-plan layout names every plan its branch and lists its prefix; a fixed one serves its plan only', () => {
    expect(workBranch(DEFAULT_WORK_BRANCHES, 'p')).toBe('sequencer/p');
    const fixed = parseWorkBranches('work', cliOption('--branch'), { onePlan: 'p', setting: '--branch' });
    expect(workBranch(fixed, 'p')).toBe('work');
    expect(() => workBranch(fixed, 'q')).toThrow(ConfigError);
    expect(listingPrefix(fixed)).toBeNull();
    expect(() => fleetPrefix(fixed, 'list')).toThrow(`'list' finds plans by their work branches' names, and --branch names one branch ("work") for the plan "p" alone.`);
    const perPlan = parseWorkBranches('agents/<plan-id>', cliOption('--branch'), { manyPlans: 'one plan per branch' });
    expect(listingPrefix(perPlan)).toBe('agents/');
    expect(fleetPrefix(perPlan, 'list')).toBe('agents/');
  });
});
