// Who a comment pings and who it only names: whoever approved the plan hears that it needs them
// or is done; the people whose commands changed it are named.
import type { State } from '../state/types.js';
import { inline } from './untrusted-text.js';

/** The commands that changed the plan lately and what each did: named, not pinged. */
export function recentCommandLines(state: State): string[] {
  const recent = state.recentCommands ?? [];
  if (!recent.length) return [];
  return ['**Commands**', ...recent.map((c) => `- \`${c.command.replace(/[^a-z/]/g, '')}\` by ${inline(`@${c.by}`, 60)} (${inline(c.at, 30)}): ${inline(c.outcome, 400)}`), ''];
}

/** A live mention of whoever approved the plan: they hear that it needs them or is done. */
export function approverMention(state: State): string | undefined {
  const by = state.approval?.by;
  // A GitHub login: letters, digits and single hyphens; anything else is named by nobody.
  return by && /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(by) ? `@${by}` : undefined;
}
