// db_query facts from real SQLite files: the query runs in a child Node (Node 24 here, as the
// Action runs), read-only and under a reads-only authorizer, stopped at its time limit; a file
// outside the workspace counts as missing; a Node without node:sqlite says what is needed.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsVerifier } from '../../src/adapters/fs/fs-verifier.js';
import { sqliteRuntime } from '../../src/adapters/fs/sqlite-query.js';
import { node24Binary } from '../e2e/node24.js';

const run = promisify(execFile);
let base: string;
let root: string;
let node24: string;
let verifier: FsVerifier;

beforeAll(async () => {
  node24 = await node24Binary();
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sqlite-query-')));
  root = path.join(base, 'ws');
  await mkdir(path.join(root, 'data'), { recursive: true });
  const make = `const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1]);
    db.exec("CREATE TABLE items (name TEXT, n INTEGER); INSERT INTO items VALUES ('a', 1), ('b', 2), ('c', 3)");
    db.close();`;
  await run(node24, ['-e', make, path.join(root, 'data', 'app.db')]);
  await run(node24, ['-e', make, path.join(base, 'outside.db')]);
  await symlink(path.join(base, 'outside.db'), path.join(root, 'data', 'link.db'));
  await writeFile(path.join(root, 'data', 'notes.txt'), 'not a database\n');
  const version = (await run(node24, ['-p', 'process.versions.node'])).stdout.trim();
  verifier = new FsVerifier({ env: process.env, root, node: { execPath: node24, version } });
}, 240_000);

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

describe('sqliteRuntime', () => {
  it.each<[string, string[] | null]>([
    ['24.0.0', []],
    ['22.13.0', []],
    ['23.4.0', []],
    ['22.12.0', ['--experimental-sqlite']],
    ['23.1.0', ['--experimental-sqlite']],
    ['22.4.1', null],
    ['20.20.2', null],
  ])('Node %s', (version, flags) => {
    const runtime = sqliteRuntime(version);
    if (flags) expect(runtime).toEqual({ flags });
    else
      expect('problem' in runtime && runtime.problem).toBe(
        `db_query rules need node:sqlite, in Node.js 22.13 or newer (22.5 to 22.12 behind a flag the sequencer adds; the Action runs on Node 24); this runs on Node ${version}. Run the CLI with a newer Node.`,
      );
  });
});

describe('FsVerifier.queryDatabase', () => {
  it('reads the first column of the first row, or says there is none', async () => {
    expect(verifier.databaseProblem()).toBeNull();
    expect(await verifier.queryDatabase('data/app.db', 'SELECT count(*) FROM items', 30_000)).toEqual({ kind: 'row', value: 3 });
    expect(await verifier.queryDatabase('data/app.db', 'SELECT name FROM items WHERE n = 2', 30_000)).toEqual({ kind: 'row', value: 'b' });
    expect(await verifier.queryDatabase('data/app.db', 'SELECT name FROM items WHERE n > 9', 30_000)).toEqual({ kind: 'no-row' });
  });

  it('refuses anything but reads, even when the query gets that far', async () => {
    const pragma = await verifier.queryDatabase('data/app.db', "SELECT * FROM pragma_table_info('items')", 30_000);
    expect(pragma).toEqual({ kind: 'error', problem: expect.stringMatching(/^the query failed: .*not authorized/) });
    const write = await verifier.queryDatabase('data/app.db', "WITH x AS (SELECT 1) INSERT INTO items VALUES ('d', 4)", 30_000);
    expect(write.kind).toBe('error');
    expect(await verifier.queryDatabase('data/app.db', 'SELECT count(*) FROM items', 30_000)).toEqual({ kind: 'row', value: 3 });
  });

  it('stops a runaway query at its time limit', async () => {
    const started = Date.now();
    const fact = await verifier.queryDatabase('data/app.db', 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c', 1_500);
    expect(fact).toEqual({ kind: 'error', problem: 'the query took longer than 2 s and was stopped' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('counts a file outside the workspace (through a link) or no file as missing, and names what is not a database', async () => {
    expect(await verifier.queryDatabase('data/link.db', 'SELECT 1', 30_000)).toEqual({ kind: 'missing' });
    expect(await verifier.queryDatabase('data/none.db', 'SELECT 1', 30_000)).toEqual({ kind: 'missing' });
    expect(await verifier.queryDatabase('data', 'SELECT 1', 30_000)).toEqual({ kind: 'missing' });
    const notDb = await verifier.queryDatabase('data/notes.txt', 'SELECT count(*) FROM sqlite_master', 30_000);
    expect(notDb).toEqual({ kind: 'error', problem: expect.stringMatching(/file is not a database/) });
  });

  it('on a Node without node:sqlite, names the requirement and runs nothing', async () => {
    const old = new FsVerifier({ env: process.env, root, node: { execPath: '/nonexistent/node', version: '20.20.2' } });
    const problem = old.databaseProblem();
    expect(problem).toMatch(/^db_query rules need node:sqlite, in Node\.js 22\.13 or newer .*this runs on Node 20\.20\.2/);
    expect(await old.queryDatabase('data/app.db', 'SELECT 1', 30_000)).toEqual({ kind: 'error', problem });
  });
});
