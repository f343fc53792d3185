// Many plans on a bare remote in one `git fast-import`: each a work branch off main whose one
// commit holds the plan's state (or a broken one, or none), optionally with its idle marker.
// Writing 100 finished plans this way takes a fraction of a second instead of 100 Action runs.
import { spawn } from 'node:child_process';
import { newState } from '../../src/core/plan/new-state.js';
import type { Plan, State } from '../../src/core/state/types.js';
import type { ActionHarness } from './action-harness.js';
import type { FakeGitHub } from '../fakes/github-server.js';
import { marker } from '../../src/core/render/render-markdown.js';
import { proposalDigest } from '../../src/core/trust/approval-evidence.js';

export interface SeedPlan {
  planId: string;
  /** The state document; a string is written as is (e.g. invalid JSON); null writes no state. */
  state: State | string | null;
  /** Point refs/sequencer/idle/<planId> at the branch tip, as the git store does for an idle write. */
  marker: boolean;
  /** Commit time. Default now. */
  at?: Date;
  /** Other files of the commit (workspace path → text), e.g. the outputs of finished steps. */
  files?: Record<string, string>;
}

const DAY = 24 * 60 * 60_000;

export function daysAgo(days: number): Date {
  return new Date(Date.now() - days * DAY);
}

/** A valid state of a `steps`-step plan with this status, last written `at`. */
export function seedState(planId: string, status: State['status'], at: Date, over: Partial<State> = {}): State {
  const plan = { title: `Plan ${planId}`, steps: Object.fromEntries(['s1', 's2'].map((id) => [id, { title: `Step ${id}`, instruction: `Do ${id}` }])) };
  const base = newState(plan, { planId, now: at, approved: { by: 'octocat' } });
  const done = status === 'DONE';
  return {
    ...base,
    revision: 5,
    status,
    currentStep: done ? 2 : 0,
    stepRuns: done ? { s1: { status: 'DONE', tries: 1 }, s2: { status: 'DONE', tries: 1 } } : base.stepRuns,
    lastHeartbeatIso: at.toISOString(),
    ...over,
  };
}

/**
 * What an approval on GitHub leaves behind, for a seeded state the Action is to run: the Action's
 * proposal comment of the state's plan and the approver's `/approve` after it, with the state
 * recording both (the Action confirms them on GitHub before it runs anything).
 */
export function approvedOnIssue(fake: FakeGitHub, issue: number, state: State, approver = state.approval?.by ?? 'octocat'): State {
  const planId = state.planId ?? `issue-${issue}`;
  fake.setPermission(approver, 'write');
  const proposal = fake.addComment(issue, { login: fake.login, userType: 'Bot', association: 'NONE', body: `${marker(planId, 'proposal', state.planHash)}\n### Proposed plan (seeded)` });
  const approve = fake.addComment(issue, { login: approver, association: 'COLLABORATOR', body: '/approve' });
  return {
    ...state,
    proposal: { at: proposal.created_at, planHash: state.planHash!, postedAt: proposal.created_at, commentId: proposal.id, parts: [{ commentId: proposal.id, sha256: proposalDigest(proposal.body) }] },
    approval: { ...state.approval!, by: approver, commentId: approve.id },
    inbox: { ...state.inbox, lastCommentId: approve.id },
  };
}

/** Writes the plans into the bare repository `gitDir`, branching off `mainSha`. */
export async function seedPlans(gitDir: string, mainSha: string, plans: SeedPlan[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const chunks: string[] = [];
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  plans.forEach((p, i) => {
    const when = Math.floor((p.at ?? new Date()).getTime() / 1000);
    chunks.push(`commit refs/heads/sequencer/${p.planId}\nmark :${i + 1}\ncommitter Seed <seed@example.com> ${when} +0000\n${data(`sequencer(${p.planId}): seeded`)}from ${mainSha}\n`);
    for (const [file, text] of Object.entries(p.files ?? {})) chunks.push(`M 100644 inline ${file}\n${data(text)}`);
    if (p.state !== null) {
      const text = typeof p.state === 'string' ? p.state : `${JSON.stringify(p.state, null, 2)}\n`;
      chunks.push(`M 100644 inline .sequencer/${p.planId}/state.json\n${data(text)}`);
    }
    chunks.push('\n');
    if (p.marker) chunks.push(`reset refs/sequencer/idle/${p.planId}\nfrom :${i + 1}\n\n`);
  });
  chunks.push('done\n');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('git', ['--git-dir', gitDir, 'fast-import', '--quiet', '--done'], { env, stdio: ['pipe', 'ignore', 'pipe'], shell: false });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import failed (${code}): ${stderr}`))));
    child.stdin.end(chunks.join(''));
  });
}

/**
 * An issue whose plan `approver` approved before any attempt ran, written straight to the
 * remote: for tests about what a later run does, not about proposing or approving a plan (those
 * runs have tests of their own), so it costs no Action run. Returns the plan id to dispatch a
 * tick for.
 */
export async function seedApprovedIssuePlan(h: Pick<ActionHarness, 'fake' | 'origin' | 'mainSha' | 'gitEnv'>, issue: number, plan: Plan, approver: string): Promise<string> {
  const planId = `issue-${issue}`;
  h.fake.addIssue({ number: issue, title: `Plan for issue ${issue}`, labels: ['sequencer'] });
  const approved: State = { ...newState(plan, { planId, now: new Date(), approved: { by: approver } }), revision: 2, issue: { number: issue, statusCommentId: null } };
  const state = approvedOnIssue(h.fake, issue, approved);
  await seedPlans(h.origin, h.mainSha, [{ planId, state, marker: false }], h.gitEnv);
  return planId;
}
