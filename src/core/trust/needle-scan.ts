// Finds every occurrence of many fixed strings in one pass over a text, for the secret scrubber:
// each secret is looked for in a dozen encodings, and a multi-line key adds every line in each, so
// there are hundreds or thousands of needles and the texts (an agent's log) can be many MiB.
// Searching for one needle after another costs a pass per needle (seconds for a few private
// keys); this is the Wu-Manber scheme instead: a window as long as the shortest needle's head
// slides over the text, and the last two characters under it say how far it may jump, since no
// needle's head holds them any nearer to its end. Only where no jump is possible are the needles
// with that head compared, so ordinary text costs a fraction of a look per character.

/** How much of each needle's head the window covers; a longer window jumps further. */
const MAX_WINDOW = 16;
const TABLE_BITS = 16;
const TABLE_MASK = (1 << TABLE_BITS) - 1;

export interface Match {
  start: number;
  end: number;
}

/**
 * A scanner for `needles` (any order, empty ones ignored): it returns the stretches of a text that
 * any needle covers, overlapping and touching occurrences merged, in order. Every character of
 * every occurrence is inside a stretch, so one needle starting inside another cannot leave a
 * part of either behind.
 */
export function needleScanner(needles: Iterable<string>): (text: string) => Match[] {
  const list = [...new Set([...needles].filter((n) => n.length > 0))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return () => [];
  const m = Math.min(MAX_WINDOW, ...list.map((n) => n.length));
  const block = m >= 2 ? 2 : 1;
  const blockKey = (text: string, end: number) => (block === 2 ? ((text.charCodeAt(end - 1) << 5) ^ text.charCodeAt(end)) & TABLE_MASK : text.charCodeAt(end) & TABLE_MASK);
  // shift[k]: how far the window may move when its last block hashes to k. Hash collisions only
  // make a jump shorter, never skip an occurrence.
  const shift = new Uint8Array(1 << TABLE_BITS).fill(m - block + 1);
  const heads = new Map<number, string[]>();
  for (const needle of list) {
    for (let q = block - 1; q < m; q++) {
      const k = blockKey(needle, q);
      shift[k] = Math.min(shift[k]!, m - 1 - q);
    }
    const h = headHash(needle, 0, m);
    const same = heads.get(h);
    // Longest first (list is sorted), so the first needle that matches covers the most.
    if (same) same.push(needle);
    else heads.set(h, [needle]);
  }
  return (text) => {
    const found: Match[] = [];
    const n = text.length;
    for (let pos = m - 1; pos < n;) {
      const s = shift[blockKey(text, pos)]!;
      if (s > 0) {
        pos += s;
        continue;
      }
      const start = pos - m + 1;
      const candidates = heads.get(headHash(text, start, m));
      if (candidates) {
        for (const needle of candidates) {
          if (!text.startsWith(needle, start)) continue;
          const end = start + needle.length;
          const last = found[found.length - 1];
          if (last && start < last.end) last.end = Math.max(last.end, end);
          else found.push({ start, end });
          break;
        }
      }
      pos += 1;
    }
    return found;
  };
}

/** Replaces each stretch with `replacement`; the same string when there is none. */
export function replaceMatches(text: string, matches: readonly Match[], replacement: string): string {
  if (matches.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const { start, end } of matches) {
    parts.push(text.slice(from, start), replacement);
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

function headHash(text: string, start: number, length: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < start + length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
