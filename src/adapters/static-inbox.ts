// An inbox holding one command given on the command line or a workflow_dispatch. Its cursor is
// the run's id, which only grows, so a re-run of the same dispatch is not applied twice.
import type { Command } from '../core/tick/commands.js';
import type { Inbox, InboxItem, InboxRead } from '../ports.js';

export class StaticInbox implements Inbox {
  readonly cursorKey = 'lastDispatchRun';
  constructor(
    private readonly cursor: number,
    private readonly commands: Command[],
    private readonly onReply: (text: string, refused: boolean) => void = () => {},
  ) {}
  async read(memo: Readonly<Record<string, unknown>>): Promise<InboxRead> {
    const after = Number(memo[this.cursorKey] ?? 0);
    if (this.cursor <= after) return { items: [] };
    return { items: this.commands.map((command) => ({ cursor: this.cursor, command })) };
  }
  async acknowledge(): Promise<void> {}
  async reply(_item: InboxItem, text: string, refused = false): Promise<void> {
    this.onReply(text, refused);
  }
}
