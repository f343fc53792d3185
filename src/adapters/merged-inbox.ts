// Several command sources for one plan, read as one inbox. A run started by a dispatch (the
// `cancel` input, or a continuation run a long plan dispatched for itself) must still hear the
// plan's issue: commands never wait for "their own" run, which a busy concurrency group may
// replace. Each source keeps its own cursor field in `state.inbox`.
import type { Inbox, InboxItem, InboxRead } from '../ports.js';

export class MergedInbox implements Inbox {
  readonly cursorKey: string;
  private readonly sourceOf = new WeakMap<InboxItem, Inbox>();

  constructor(private readonly sources: Inbox[]) {
    if (!sources.length) throw new Error('MergedInbox needs at least one source');
    this.cursorKey = sources[0]!.cursorKey;
  }

  /** One source needs no merging. */
  static of(sources: Array<Inbox | undefined>): Inbox | undefined {
    const present = sources.filter((s): s is Inbox => s !== undefined);
    return present.length > 1 ? new MergedInbox(present) : present[0];
  }

  async read(memo: Readonly<Record<string, unknown>>): Promise<InboxRead> {
    const items: InboxItem[] = [];
    let merged: Record<string, unknown> | undefined;
    // In the order given: a dispatched command first, then the comments.
    for (const source of this.sources) {
      const read = await source.read(memo);
      if (read.memo) merged = { ...merged, ...read.memo };
      for (const item of read.items) {
        const tagged = { ...item, cursorKey: item.cursorKey ?? source.cursorKey };
        this.sourceOf.set(tagged, source);
        items.push(tagged);
      }
    }
    return { items, ...(merged ? { memo: merged } : {}) };
  }

  async acknowledge(cursor: number, cursorKey = this.cursorKey): Promise<void> {
    for (const source of this.sources) if (source.cursorKey === cursorKey) await source.acknowledge(cursor, cursorKey);
  }

  async reply(item: InboxItem, text: string, refused?: boolean): Promise<void> {
    await this.sourceOf.get(item)?.reply?.(item, text, refused);
  }
}
