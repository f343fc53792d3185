import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/plan/json-error-position.ts
function findJsonSyntaxError(text) {
  let offset;
  try {
    offset = new Scanner(text).run();
  } catch {
    return null;
  }
  if (offset === null) return null;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  const ch = text[offset];
  return { line, column, reason: ch === void 0 ? "unexpected end of input" : `unexpected ${JSON.stringify(ch)}` };
}
var Fail = class {
  constructor(offset) {
    this.offset = offset;
  }
  offset;
};
var NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
var Scanner = class {
  constructor(s) {
    this.s = s;
  }
  s;
  i = 0;
  run() {
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
  ws() {
    while (this.i < this.s.length && " 	\n\r".includes(this.s[this.i])) this.i++;
  }
  value() {
    this.ws();
    const c = this.s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (const word of ["true", "false", "null"]) {
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
  object() {
    this.i++;
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return;
    }
    for (; ; ) {
      this.ws();
      if (this.s[this.i] !== '"') throw new Fail(this.i);
      this.string();
      this.ws();
      if (this.s[this.i] !== ":") throw new Fail(this.i);
      this.i++;
      this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === "}") return;
      if (c !== ",") throw new Fail(this.i - 1);
    }
  }
  array() {
    this.i++;
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return;
    }
    for (; ; ) {
      this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === "]") return;
      if (c !== ",") throw new Fail(this.i - 1);
    }
  }
  string() {
    this.i++;
    for (; ; ) {
      const c = this.s[this.i];
      if (c === void 0 || c < " ") throw new Fail(this.i);
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === "\\") {
        const e = this.s[this.i + 1];
        if (e !== void 0 && '"\\/bfnrt'.includes(e)) this.i += 2;
        else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.i += 6;
        else throw new Fail(this.i + 1);
      } else this.i++;
    }
  }
};

export {
  findJsonSyntaxError
};
