// Who asked for a plan and who approved it, handed to the agent (SEQUENCER_REQUESTER,
// SEQUENCER_APPROVER and the `{{requester}}` / `{{approver}}` placeholders), as the original
// Task Flow hands a flow's owner and requester origin to its child tasks: GitHub logins on
// GitHub, the local user in the CLI. Only names, never anything a person wrote.
import type { State } from '../state/types.js';

export interface People {
  requester?: string;
  approver?: string;
}

/**
 * The plan's requester (`requestedBy`, recorded when the plan was created) and approver (the
 * approval's `by`). `localUser` stands in for either when the state does not say (a CLI workspace,
 * an original step-sequencer state.json); on GitHub an unknown one is left out.
 */
export function peopleOf(state: State, localUser?: string): People {
  const requester = nonEmpty(state.requestedBy) ?? localUser;
  const approver = nonEmpty(state.approval?.by) ?? localUser;
  return { ...(requester ? { requester } : {}), ...(approver ? { approver } : {}) };
}

export function peopleEnv(p: People): Record<string, string> {
  return { ...(p.requester ? { SEQUENCER_REQUESTER: p.requester } : {}), ...(p.approver ? { SEQUENCER_APPROVER: p.approver } : {}) };
}

/** Fills `{{requester}}` and `{{approver}}`; one whose person is unknown is left as written. */
export function fillPeople(text: string, p: People): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*(requester|approver)\s*\}\}/g, (whole, who: 'requester' | 'approver') => p[who] ?? whole);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
