// One git runner per workspace: the store the composition root builds runs git through the
// workspace's runner, so the guard it takes when it first opens covers every later git command
// there (the base sync, the plan index, links, the pull request branch).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/core/trust/secrets.js';
import type { PlanLocation } from '../../src/wiring/plan-settings.js';
import { createPlanStore } from '../../src/wiring/plan-store.js';
import { workspaceGit } from '../../src/wiring/workspace-git.js';
import { withStore } from '../../src/store-access.js';
import { g, isolateGitConfig, makeRemote } from '../e2e/git-remote.js';
import { MemoryLog } from '../fakes/ports.js';

let root: string;
let restore: () => void;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'workspace-git-test-'));
  restore = await isolateGitConfig(root);
});

afterAll(async () => {
  restore();
  await rm(root, { recursive: true, force: true });
});

describe('workspaceGit', () => {
  it('is one runner per workspace, however its path is spelled, and refuses a second mode', () => {
    const ws = path.join(root, 'spelled');
    const runner = workspaceGit(ws, 'action');
    expect(workspaceGit(`${ws}/./`)).toBe(runner);
    expect(workspaceGit(ws, 'action')).toBe(runner);
    expect(runner.mode).toBe('action');
    expect(() => workspaceGit(ws, 'cli')).toThrow(/runs in action mode, not cli: a workspace has one runner/);
    expect(workspaceGit(path.join(root, 'other'))).not.toBe(runner);
  });

  it('is the runner the store built by the composition root guards when it opens', async () => {
    const remote = await makeRemote(path.join(root, 'shared'));
    const ws = path.join(root, 'shared', 'ws');
    await g(path.dirname(remote), 'clone', '-q', remote, ws);
    const plan: PlanLocation = {
      planId: 'p',
      workspace: ws,
      store: { kind: 'git', remote: 'origin', branches: { kind: 'per-plan', prefix: 'sequencer/' }, stateRel: '.sequencer/p/state.json' },
    };
    const runner = workspaceGit(ws);
    expect(runner.guard).toBeUndefined();
    const store = createPlanStore(plan, createScrubber([]), new MemoryLog());
    await withStore(store, 'read', () => store.load());
    // The store's open() took the guard on the workspace's runner, not on one of its own.
    expect(runner.guard?.gitDir).toBe(path.join(ws, '.git'));
  });
});
