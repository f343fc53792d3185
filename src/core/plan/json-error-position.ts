// JSON.parse says where it failed only sometimes, and differently in each Node version
// ("at position 7", "(line 1 column 8)", or nothing). People fixing a plan need a line and a
// column, so this small scanner finds the first offending character itself.

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  /** e.g. `unexpected ","` or `unexpected end of input`. */
  reason: string;
}

/** Where `text` stops being JSON, or null when it is valid (or too deeply nested to scan). */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  let offset: number | null;
  try {
    offset = new Scanner(text).run();
  } catch {
    return null;
  }
  if (offset === null) return null;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const ch = text[offset];
  return { line, column, reason: ch === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(ch)}` };
}

class Fail extends Error {
  constructor(readonly offset: number) {
    super(`JSON syntax error at offset ${offset}`);
  }
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

class Scanner {
  private i = 0;
  constructor(private readonly s: string) {}

  run(): number | null {
    try {
      this.value();
      this.ws();
      if (this.i < this.s.length) throw new Fail(this.i);
      return null;
    } catch (err) {
      if (err instanceof Fail) return err.offset;
      throw err;
    }
  }

  private ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i] as string)) this.i++;
  }

  private value(): void {
    this.ws();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const word of ['true', 'false', 'null']) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m || m[0].length === 0) throw new Fail(this.i);
    this.i += m[0].length;
  }

  private object(): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') throw new Fail(this.i);
      this.string();
      this.ws();
      if (this.s[this.i] !== ':') throw new Fail(this.i);
      this.i++;
      this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') return;
      if (c !== ',') throw new Fail(this.i - 1);
    }
  }

  private array(): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return;
    }
    for (;;) {
      this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return;
      if (c !== ',') throw new Fail(this.i - 1);
    }
  }

  private string(): void {
    this.i++;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined || c < ' ') throw new Fail(this.i);
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === '\\') {
        const e = this.s[this.i + 1];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i += 2;
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.i += 6;
        else throw new Fail(this.i + 1);
      } else this.i++;
    }
  }
}
