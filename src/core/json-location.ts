// Where a JSON document first goes wrong, as line and column. V8's JSON.parse messages name a
// position only for some errors and only in some Node versions, and people fix files in editors
// that count lines, so we find the spot ourselves with a small scanner (no values are built).

export interface JsonLocation {
  /** 0-based offset of the first character that cannot be part of valid JSON. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

/** The first syntax error in `text`, or null when it is valid JSON. */
export function jsonErrorLocation(text: string): JsonLocation | null {
  const offset = firstErrorOffset(text);
  return offset === null ? null : locate(text, offset);
}

export function locate(text: string, offset: number): JsonLocation {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { offset, line, column: offset - before.lastIndexOf('\n') };
}

class Fail {
  constructor(readonly offset: number) {}
}

function firstErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const fail = (): never => {
    throw new Fail(i);
  };
  const expect = (ch: string) => (text[i] === ch ? i++ : fail());
  const literal = (word: string) => {
    for (const ch of word) expect(ch);
  };
  const digits = () => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    if (i === start) fail();
  };
  const string = () => {
    expect('"');
    for (;;) {
      const ch = text[i];
      if (ch === undefined || ch < ' ') fail();
      if (ch === '"') return void i++;
      if (ch === '\\') {
        i++;
        const esc = text[i];
        if (esc === 'u') {
          i++;
          for (let k = 0; k < 4; k++) (/[0-9a-fA-F]/.test(text[i] ?? '') ? i++ : fail());
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) i++;
        else fail();
      } else i++;
    }
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const value = (depth: number): void => {
    if (depth > 10_000) fail();
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else return void expect('}');
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else return void expect(']');
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail();
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail();
    return null;
  } catch (err) {
    if (err instanceof Fail) return err.offset;
    throw err;
  }
}
