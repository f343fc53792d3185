
// src/adapters/static-inbox.ts
var StaticInbox = class {
  constructor(cursor, commands, onReply = () => {
  }) {
    this.cursor = cursor;
    this.commands = commands;
    this.onReply = onReply;
  }
  cursor;
  commands;
  onReply;
  cursorKey = "lastDispatchRun";
  async read(memo) {
    let after = Number(memo[this.cursorKey] ?? 0);
    return this.cursor <= after ? { items: [] } : { items: this.commands.map((command) => ({ cursor: this.cursor, command })) };
  }
  async acknowledge() {
  }
  async reply(_item, text, refused = !1) {
    this.onReply(text, refused);
  }
};

export {
  StaticInbox
};
