// The git store's checks of what it is given: its options before any git call, and each record's
// path before it is written.
import path from 'node:path';
import { ConfigError, showValue, StateError } from '../../core/errors.js';
import { isBranchName, isRemoteName } from '../../wiring/checks.js';

export function checkStatePath(p: string): string {
  const norm = path.posix.normalize(p.replace(/\\/g, '/'));
  if (!p || p.includes('\0') || path.posix.isAbsolute(norm) || path.win32.isAbsolute(p) || norm === '.' || norm === '..' || norm.startsWith('../') || /^\.git(\/|$)/.test(norm)) {
    throw new ConfigError(`Invalid statePath ${showValue(p)}: expected a file path relative to the workspace that stays inside it and outside .git.`);
  }
  return norm;
}

export function checkRemote(remote: string): void {
  if (!isRemoteName(remote)) {
    throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
  }
}

// Checked here too, so a bad name fails before any git call and can never be read as an option.
export function checkBranch(branch: string): void {
  if (!isBranchName(branch)) {
    throw new ConfigError(`Invalid branch ${showValue(branch)}: expected a git branch name such as sequencer/issue-42.`);
  }
}

export function checkExcludes(exclude: string[]): void {
  for (const pattern of exclude) {
    if (/[\r\n]/.test(pattern) || !pattern.trim()) {
      throw new ConfigError(`Invalid exclude pattern ${showValue(pattern)}: expected one non-empty gitignore line.`);
    }
  }
}

export function checkPushRetries(pushRetries: number): void {
  if (!Number.isInteger(pushRetries) || pushRetries < 0) {
    throw new ConfigError(`Invalid pushRetries ${showValue(pushRetries)}: expected a whole number >= 0.`);
  }
}

/** A record's path, normalized: inside the state's folder, plain characters only. */
export function recordPath(given: string): string {
  const rel = path.posix.normalize(given);
  if (rel.startsWith('..') || path.posix.isAbsolute(rel) || rel === '.' || !/^[\w./-]+$/.test(rel)) throw new StateError(`A record path must stay in the state's folder, got ${showValue(given)}`);
  return rel;
}
