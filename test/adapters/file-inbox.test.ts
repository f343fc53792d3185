import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FILE_INBOX_CURSOR_KEY, FileInbox, inboxDirFor } from '../../src/adapters/fs/file-inbox.js';
import type { Command } from '../../src/core/tick/commands.js';
import { ConfigError } from '../../src/core/errors.js';
import type { InboxItem } from '../../src/ports.js';
import { adapterChild, bundleFileAdapters } from '../helpers/bundle-adapters.js';
import { runNodeJsonLines } from '../helpers/processes.js';

let root: string;
let dir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ass-inbox-'));
  dir = inboxDirFor(path.join(root, 'state.json'));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

const commandFiles = async () => (await readdir(dir)).filter((name) => /^\d+-[a-z]+\.json$/.test(name)).sort();

describe('FileInbox', () => {
  it('lives beside the state file and keeps its cursor under its own key', () => {
    expect(dir).toBe(path.join(root, 'state.json.inbox'));
    expect(new FileInbox(dir).cursorKey).toBe(FILE_INBOX_CURSOR_KEY);
  });

  it('posts a command as <cursor>-<kind>.json and reads back only what is newer than a cursor', async () => {
    const approve = await FileInbox.post(dir, { kind: 'approve', by: 'ana', delayMinutes: 2 });
    const cancel = await FileInbox.post(dir, { kind: 'cancel', by: 'bo', reason: 'wrong plan' });
    expect(cancel.cursor).toBeGreaterThan(approve.cursor);
    expect(await commandFiles()).toEqual([`${approve.cursor}-approve.json`, `${cancel.cursor}-cancel.json`]);
    expect(JSON.parse(await readFile(path.join(dir, `${approve.cursor}-approve.json`), 'utf8'))).toEqual({
      kind: 'approve',
      by: 'ana',
      delayMinutes: 2,
    });

    const inbox = new FileInbox(dir);
    expect(await inbox.readAfter(0)).toEqual([approve, cancel]);
    expect(await inbox.readAfter(approve.cursor)).toEqual([cancel]);
    expect(await inbox.readAfter(cancel.cursor)).toEqual([]);
  });

  it('acknowledge deletes the files up to a cursor and leaves newer ones', async () => {
    const items: InboxItem[] = [];
    for (const kind of ['resume', 'status', 'retry'] as const) items.push(await FileInbox.post(dir, { kind, by: 'ana' }));
    const inbox = new FileInbox(dir);
    await inbox.acknowledge(items[1]!.cursor);
    expect(await commandFiles()).toEqual([`${items[2]!.cursor}-retry.json`]);
    expect(await inbox.readAfter(0)).toEqual([items[2]]);
    await inbox.acknowledge(items[2]!.cursor);
    await inbox.acknowledge(items[2]!.cursor);
    expect(await commandFiles()).toEqual([]);
  });

  it('never reuses or lowers a cursor, even after every file was acknowledged', async () => {
    const first = await FileInbox.post(dir, { kind: 'resume', by: 'ana' });
    await new FileInbox(dir).acknowledge(first.cursor);
    // A high-water mark far in the future stands in for a clock that stepped backwards.
    const future = first.cursor + 10_000_000_000;
    await writeFile(path.join(dir, '.cursor'), `${future}\n`);
    const second = await FileInbox.post(dir, { kind: 'resume', by: 'ana' });
    expect(second.cursor).toBe(future + 1);
  });

  it('gives concurrent posts from one process distinct cursors', async () => {
    const posted = await Promise.all(Array.from({ length: 10 }, (_, i) => FileInbox.post(dir, { kind: 'status', by: `u${i}` })));
    expect(new Set(posted.map((p) => p.cursor)).size).toBe(10);
    expect((await new FileInbox(dir).readAfter(0)).map((i) => i.command)).toHaveLength(10);
  });

  it('sets a malformed file aside as .bad with a warning and reads the rest', async () => {
    const good = await FileInbox.post(dir, { kind: 'skip', by: 'ana', step: 'step-2' });
    const bad = {
      [`${good.cursor + 1}-approve.json`]: '{"kind": "approve", ',
      [`${good.cursor + 2}-cancel.json`]: JSON.stringify({ kind: 'approve', by: 'eve' }),
      [`${good.cursor + 3}-retry.json`]: JSON.stringify({ kind: 'retry', by: '' }),
      [`${good.cursor + 4}-skip.json`]: JSON.stringify({ kind: 'skip', by: 'eve', step: '../etc' }),
    };
    for (const [name, text] of Object.entries(bad)) await writeFile(path.join(dir, name), text);
    const warnings: string[] = [];
    const inbox = new FileInbox(dir, { log: (m) => warnings.push(m) });

    expect(await inbox.readAfter(0)).toEqual([good]);
    expect(warnings).toHaveLength(4);
    expect(warnings.join('\n')).toMatch(/not valid JSON/);
    expect(warnings.join('\n')).toMatch(/file name says "cancel" but the command is "approve"/);
    expect(warnings.join('\n')).toMatch(/by is ""/);
    expect(warnings.join('\n')).toMatch(/step is "\.\.\/etc"/);
    // Kept for the person who wrote them, with their bytes intact, and not read again.
    for (const [name, text] of Object.entries(bad)) expect(await readFile(path.join(dir, `${name}.bad`), 'utf8')).toBe(text);
    expect(await inbox.readAfter(0)).toEqual([good]);
    expect(warnings).toHaveLength(4);
    // A new post still gets a cursor above the set-aside ones.
    expect((await FileInbox.post(dir, { kind: 'resume', by: 'ana' })).cursor).toBeGreaterThan(good.cursor + 4);
  });

  it('refuses to post an invalid command', async () => {
    await expect(FileInbox.post(dir, { kind: 'explode', by: 'ana' } as unknown as Command)).rejects.toThrow(ConfigError);
    await expect(FileInbox.post(dir, { kind: 'approve', by: 'ana', delayMinutes: 5000 })).rejects.toThrow(/delayMinutes is 5000/);
    expect(await commandFiles().catch(() => [])).toEqual([]);
  });

  it('reads an inbox that does not exist yet as empty', async () => {
    const inbox = new FileInbox(path.join(root, 'nowhere.inbox'));
    expect(await inbox.readAfter(0)).toEqual([]);
    await inbox.acknowledge(Number.MAX_SAFE_INTEGER);
  });

  it('hands replies to the callback', async () => {
    const replies: string[] = [];
    const inbox = new FileInbox(dir, { onReply: (item, text) => void replies.push(`${item.command.kind}: ${text}`) });
    await inbox.reply({ cursor: 1, command: { kind: 'status', by: 'ana' } }, 'step 2 of 3');
    await new FileInbox(dir).reply({ cursor: 1, command: { kind: 'status', by: 'ana' } }, 'nobody listens');
    expect(replies).toEqual(['status: step 2 of 3']);
  });
});

describe('FileInbox with concurrent posters', () => {
  let bundleDir: string;
  let bundle: string;
  beforeAll(async () => {
    bundleDir = await mkdtemp(path.join(os.tmpdir(), 'ass-inbox-bundle-'));
    bundle = await bundleFileAdapters(bundleDir);
  });
  afterAll(async () => rm(bundleDir, { recursive: true, force: true }));

  it("gives every command from several processes a unique cursor, in each poster's order", async () => {
    const kinds = ['approve', 'cancel', 'retry', 'skip', 'status'] as const;
    const perPoster = 6;
    const outputs = await Promise.all(kinds.map((kind, i) => runNodeJsonLines([adapterChild, bundle, 'post', dir, kind, `poster${i}`, String(perPoster)])));
    const cursorsByPoster = outputs.map((lines) => (lines[0] as { cursors: number[] }).cursors);
    for (const cursors of cursorsByPoster) {
      expect(cursors).toHaveLength(perPoster);
      expect([...cursors].sort((a, b) => a - b)).toEqual(cursors); // one poster's commands stay in order
    }
    const all = cursorsByPoster.flat();
    expect(new Set(all).size).toBe(kinds.length * perPoster);

    const inbox = new FileInbox(dir);
    const items = await inbox.readAfter(0);
    expect(items.map((i) => i.cursor)).toEqual([...all].sort((a, b) => a - b));
    kinds.forEach((kind, i) => {
      const mine = items.filter((item) => item.command.by.startsWith(`poster${i}#`));
      expect(mine.map((item) => item.command.kind)).toEqual(Array(perPoster).fill(kind));
      expect(mine.map((item) => item.command.by)).toEqual(Array.from({ length: perPoster }, (_, n) => `poster${i}#${n}`));
    });

    const middle = items[14]!.cursor;
    await inbox.acknowledge(middle);
    expect((await inbox.readAfter(0)).map((i) => i.cursor)).toEqual(items.slice(15).map((i) => i.cursor));
    expect(await commandFiles()).toHaveLength(items.length - 15);
  });
});
