// Reading fields of an agent's JSON event without trusting its shape: a field of the wrong type
// reads as absent, so a stream from another version degrades to fewer details, never to a crash.

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A count or an amount: finite and not negative. */
export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A token count: a whole number, not negative. */
export function count(value: unknown): number {
  const n = num(value);
  return n === undefined ? 0 : Math.floor(n);
}

/** A tool result's text: a string, or the text blocks of a content array. */
export function contentText(value: unknown): string {
  if (typeof value === 'string') return value;
  return arr(value)
    .map((block) => str(obj(block)?.text) ?? '')
    .filter((t) => t !== '')
    .join('\n');
}

/**
 * An API error an agent passes on with the API's JSON body in it (Codex: the body itself; Gemini
 * CLI: `[API Error: {…}]`): the body's message, with the status when the body gives one.
 */
export function apiErrorText(text: string): string {
  const m = /^(\[?API Error: )?(\{.*\})\]?$/s.exec(text.trim());
  if (!m) return text;
  try {
    const doc = obj(JSON.parse(m[2] as string));
    const error = obj(doc?.error);
    const message = str(error?.message) ?? str(doc?.message);
    if (!message) return text;
    const status = [num(error?.code), str(error?.status)].filter((x) => x !== undefined).join(' ');
    return `${m[1] ? 'API Error: ' : ''}${message}${status ? ` (${status})` : ''}`;
  } catch {
    return text;
  }
}

/** The model with the most tokens in a per-model table, with `tokens` reading one entry. */
export function mainModel(table: unknown, tokens: (entry: Json) => number): string | undefined {
  let best: string | undefined;
  let most = -1;
  for (const [name, entry] of Object.entries(obj(table) ?? {})) {
    const n = tokens(obj(entry) ?? {});
    if (n > most) {
      best = name;
      most = n;
    }
  }
  return best;
}

/** A bounded map: past `max` entries the oldest is dropped (streams can be long). */
export class RecentMap<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
}
