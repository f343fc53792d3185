// `db_query` rules read a SQLite file the agent wrote, through Node's own SQLite (node:sqlite).
// The query runs in a child Node process, never in the tick: SQLite works in native code that a
// worker thread's termination cannot interrupt (a runaway `WITH RECURSIVE` would hold the process
// at exit), while a child's process group can always be killed at the time limit. The file is
// opened read-only and, where the runtime has it, under an authorizer that allows reads only.
import type { DbQueryFact } from '../../core/tick/rules.js';
import { MAX_DB_EXPECT_CHARS } from '../../core/plan/validate-rules.js';

/** The Node that runs queries: its binary and version (process.execPath and process.versions.node by default). */
export interface NodeRuntime {
  execPath: string;
  version: string;
}

export const CURRENT_NODE: NodeRuntime = { execPath: process.execPath, version: process.versions.node };

/** What the requirement is, in one place for every message that names it. */
export const SQLITE_REQUIREMENT = 'node:sqlite, in Node.js 22.13 or newer (22.5 to 22.12 behind a flag the sequencer adds; the Action runs on Node 24)';

/** The flags this Node needs for node:sqlite, or why it has none. */
export function sqliteRuntime(version: string): { flags: string[] } | { problem: string } {
  const [major = 0, minor = 0] = version.split('.').map((n) => Number(n));
  if (major > 23 || (major === 23 && minor >= 4) || (major === 22 && minor >= 13)) return { flags: [] };
  if (major === 23 || (major === 22 && minor >= 5)) return { flags: ['--experimental-sqlite'] };
  return { problem: `db_query rules need ${SQLITE_REQUIREMENT}; this runs on Node ${version}. Run the CLI with a newer Node.` };
}

/**
 * The child's program: reads {file, query, max} from SEQUENCER_DB_QUERY, prints one JSON line.
 * Only the first row is read, so a query over a large table returns at once.
 */
const QUERY_SCRIPT = String.raw`
const out = (v) => process.stdout.write(JSON.stringify(v) + '\n');
let sqlite;
try { sqlite = require('node:sqlite'); } catch (e) { out({ kind: 'error', problem: 'this Node has no node:sqlite (' + e.message + ')' }); process.exit(0); }
const req = JSON.parse(process.env.SEQUENCER_DB_QUERY);
let db;
try {
  db = new sqlite.DatabaseSync(req.file, { readOnly: true });
} catch (e) { out({ kind: 'error', problem: 'cannot open it as a SQLite database: ' + e.message }); process.exit(0); }
try {
  if (typeof db.enableDefensive === 'function') db.enableDefensive(true);
  if (typeof db.setAuthorizer === 'function') {
    const c = sqlite.constants;
    const reads = new Set([c.SQLITE_SELECT, c.SQLITE_READ, c.SQLITE_FUNCTION, c.SQLITE_RECURSIVE]);
    db.setAuthorizer((action) => (reads.has(action) ? c.SQLITE_OK : c.SQLITE_DENY));
  }
  const st = db.prepare(req.query);
  const it = st.iterate();
  const first = it.next();
  if (first.done) { out({ kind: 'no-row' }); process.exit(0); }
  const row = first.value;
  const value = row[Object.keys(row)[0]];
  if (value instanceof Uint8Array) out({ kind: 'row', value: null, blobBytes: value.byteLength });
  else if (typeof value === 'bigint') out({ kind: 'row', value: Number(value) });
  else if (typeof value === 'string' && value.length > req.max) out({ kind: 'row', value: value.slice(0, req.max), fullLength: value.length });
  else out({ kind: 'row', value: value === undefined ? null : value });
} catch (e) { out({ kind: 'error', problem: 'the query failed: ' + e.message }); }
`;

export interface QueryRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
}

/** The argv and environment that run `query` on `file` (an absolute path inside the workspace). */
export function queryCommand(node: NodeRuntime, flags: string[], file: string, query: string): { argv: string[]; env: Record<string, string> } {
  return {
    argv: [node.execPath, ...flags, '-e', QUERY_SCRIPT],
    env: { SEQUENCER_DB_QUERY: JSON.stringify({ file, query, max: MAX_DB_EXPECT_CHARS }) },
  };
}

/** The child's answer as a fact; anything unexpected (a crash, a timeout) says what happened. */
export function queryFact(run: QueryRun, timeoutMs: number): DbQueryFact {
  if (run.spawnError) return { kind: 'error', problem: `could not start Node to run the query: ${run.spawnError}` };
  if (run.timedOut) return { kind: 'error', problem: `the query took longer than ${Math.round(timeoutMs / 1000)} s and was stopped` };
  const line = run.stdout.trim().split('\n').pop() ?? '';
  try {
    const fact = JSON.parse(line) as DbQueryFact;
    if (fact && typeof fact === 'object' && ['row', 'no-row', 'error'].includes(fact.kind)) return fact;
  } catch {
    // Falls through to the report below.
  }
  const why = run.stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
  return { kind: 'error', problem: `the query ended without an answer (exit code ${run.exitCode})${why ? `: ${why}` : ''}` };
}
