// Who the sequencer's own commits (state writes, base merges, packed attempt results) are by.
// Given on each command line, so no global or repository config is read for it or written.

export interface GitIdentity {
  name: string;
  email: string;
}

export const DEFAULT_GIT_IDENTITY: GitIdentity = {
  name: 'agent-step-sequencer[bot]',
  email: 'agent-step-sequencer[bot]@users.noreply.github.com',
};

/** `-c` options for commands that create commits. */
export function identityArgs(identity: GitIdentity = DEFAULT_GIT_IDENTITY): string[] {
  return ['-c', `user.name=${identity.name}`, '-c', `user.email=${identity.email}`, '-c', 'commit.gpgsign=false'];
}
