// What audit and maintenance know about the plans of one repository or workspace. Adapters
// gather these facts (git refs and states, state files, the cache and workflow APIs); the pure
// functions in audit.ts and maintenance-plan.ts decide from them alone.
import type { State } from '../state/types.js';

/**
 * Largest state audit and maintenance read: the git store cannot load a bigger one either (git's
 * output is capped there), and one bloated plan must not take the report on every other down.
 */
export const MAX_STATE_BYTES = 64 * 1024 * 1024;

export type PlanDocument =
  | { kind: 'ok'; state: State }
  /** The state exists but cannot be parsed or fails validation. */
  | { kind: 'invalid'; error: string }
  /** The state is larger than MAX_STATE_BYTES, so it was not read. */
  | { kind: 'too-large'; bytes: number; limit: number }
  /** A work branch (or folder) without a state file. */
  | { kind: 'missing' };

export interface CacheEntry {
  id: number;
  key: string;
  sizeBytes?: number;
  lastAccessedAt?: string;
}

export interface PlanFacts {
  planId: string;
  /** Where the plan lives, for messages: `branch sequencer/x` or a state file path. */
  location: string;
  doc: PlanDocument;
  /** When the plan's record last changed (commit date or file mtime), for states without a heartbeat time. */
  updatedAt?: string;
  /** Git store: the work branch tip and the idle marker (null: none). Absent for the file store. */
  tip?: { sha: string; idleSha: string | null };
  /** Cache entries saved under this plan's key prefix. */
  caches?: CacheEntry[];
  /** Open pull requests from the work branch or the plan's pull request branch (the Action only). */
  openPullRequests?: number[];
}

export interface WorkflowFacts {
  name: string;
  path: string;
  /** GitHub's workflow state: active, disabled_inactivity, disabled_manually, ... */
  state: string;
}

export interface FleetFacts {
  plans: PlanFacts[];
  /** Workflows of the repository, when the API was asked (the Action). */
  workflows?: WorkflowFacts[];
}

/** When the plan last changed state: its last durable write, else what the adapter saw. */
export function lastChangeMs(facts: PlanFacts): number | null {
  const doc = facts.doc;
  const candidates = doc.kind === 'ok' ? [doc.state.lastHeartbeatIso, facts.updatedAt] : [facts.updatedAt];
  for (const iso of candidates) {
    const t = iso ? Date.parse(iso) : NaN;
    if (!Number.isNaN(t)) return t;
  }
  return null;
}

export const DAY_MS = 24 * 60 * 60_000;

export function daysBetween(fromMs: number, now: Date): number {
  return Math.floor((now.getTime() - fromMs) / DAY_MS);
}
