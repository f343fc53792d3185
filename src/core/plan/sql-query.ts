// The query of a `db_query` rule: one statement that only reads. The database is opened read-only
// and, where the runtime can, under an authorizer that allows reads only (adapters/fs/sqlite-query.ts);
// this check refuses at validation what could never pass there, so the proposal never shows a
// query that writes, attaches another file or runs several statements (SQLite would silently
// ignore everything after the first).

/** Longest query a plan may hold: a check, not a program. */
export const MAX_SQL_QUERY_CHARS = 10_000;

const READ_STARTS = ['SELECT', 'WITH', 'VALUES'] as const;

/** Null when `query` is one read-only statement (SELECT, WITH … SELECT or VALUES), else why not. */
export function sqlQueryProblem(query: string): string | null {
  if (query.length > MAX_SQL_QUERY_CHARS) return `is ${query.length} characters long; at most ${MAX_SQL_QUERY_CHARS} are allowed`;
  const scan = scanSql(query);
  if (scan.unterminated) return `has an unterminated ${scan.unterminated}`;
  if (!scan.firstWord) return 'is empty (only spaces or comments)';
  if (!(READ_STARTS as readonly string[]).includes(scan.firstWord)) {
    return `must be one statement that only reads, starting with ${READ_STARTS.join(', ')}; it starts with ${scan.firstWord}`;
  }
  if (scan.afterEnd) return 'must be one statement: nothing but spaces or comments may follow a ";"';
  // A WITH can lead into INSERT, UPDATE or DELETE; the read-only connection would refuse them.
  if (scan.firstWord === 'WITH' && scan.words.some((w) => WRITE_WORDS.has(w))) {
    return 'must only read: a WITH clause may lead to SELECT only, not INSERT, UPDATE, DELETE or REPLACE';
  }
  return null;
}

const WRITE_WORDS: ReadonlySet<string> = new Set(['INSERT', 'UPDATE', 'DELETE', 'REPLACE']);

interface SqlScan {
  /** The first keyword outside comments, upper-cased. */
  firstWord: string | null;
  /** Every bare word outside strings, quoted names and comments, upper-cased. */
  words: string[];
  /** Something other than spaces or comments after a `;`. */
  afterEnd: boolean;
  unterminated?: string;
}

/** Walks the query once, skipping strings, quoted names and comments (SQLite's lexical rules). */
function scanSql(sql: string): SqlScan {
  const words: string[] = [];
  let ended = false;
  let afterEnd = false;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return { firstWord: words[0] ?? null, words, afterEnd, unterminated: 'comment (/* without */)' };
      i = end + 2;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (ended) afterEnd = true;
    const close = c === "'" ? "'" : c === '"' ? '"' : c === '`' ? '`' : c === '[' ? ']' : null;
    if (close) {
      // A doubled closing quote is an escaped one inside ('it''s').
      let j = i + 1;
      for (;;) {
        const at = sql.indexOf(close, j);
        if (at < 0) return { firstWord: words[0] ?? null, words, afterEnd, unterminated: c === "'" ? 'string' : 'quoted name' };
        if (close !== ']' && sql[at + 1] === close) {
          j = at + 2;
          continue;
        }
        i = at + 1;
        break;
      }
      continue;
    }
    if (c === ';') {
      ended = true;
      i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i, i + 64));
    if (word) {
      words.push(word[0].toUpperCase());
      i += word[0].length;
      continue;
    }
    i++;
  }
  return { firstWord: words[0] ?? null, words, afterEnd };
}
