
// src/core/tick/command-line.ts
var COMMAND_LINE = /^\/[A-Za-z]+(?:[ \t]|$)/, BLANK = /^[ \t]*$/, FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/, COMMENT_OPEN = /^ {0,3}<!--/, HTML_LINE = /^ {0,3}<[A-Za-z/?!]/, QUOTE = /^ {0,3}>/, LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^ {0,3}\[\^/, THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/, ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/, SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/, TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)*$/, INDENTED = /^[ \t]/, INDENTED_CODE = /^(?: {4}| {0,3}\t)/;
function commandLineIndex(text) {
  let lines = text.split(/\r\n|\n|\r/), fence = null, inComment = !1, block = { kind: "none" }, listMayBeOpen = !1;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (fence) {
      let close = FENCE.exec(line);
      close && close[1][0] === fence.char && close[1].length >= fence.length && BLANK.test(close[2]) && (fence = null, block = { kind: "none" });
      continue;
    }
    if (inComment) {
      let end = line.indexOf("-->");
      if (line.slice(0, end < 0 ? line.length : end).includes("--!>")) return null;
      if (end < 0) continue;
      if (!inertHtml(line.slice(end + 3))) return null;
      inComment = !1, block = { kind: "none" };
      continue;
    }
    if (BLANK.test(line)) {
      block = { kind: "none" };
      continue;
    }
    let column0 = !INDENTED.test(line);
    if (column0 && block.kind === "none" && (listMayBeOpen = !1), COMMAND_LINE.test(line) && (block.kind === "none" || block.kind === "paragraph" && inlineClosed(block.lines))) {
      if (!becomesHeadingOrTable(lines, i)) return i;
      block = { kind: "opaque" };
      continue;
    }
    let fenceOpen = opensFence(line);
    if (block.kind === "html" && fenceOpen) return null;
    let commentOpen = block.kind !== "html" && COMMENT_OPEN.test(line);
    if ((fenceOpen || commentOpen) && !column0 && listMayBeOpen) return null;
    if (fenceOpen) {
      fence = fenceOpen, column0 && (listMayBeOpen = !1);
      continue;
    }
    if (commentOpen) {
      column0 && (listMayBeOpen = !1);
      let start = line.indexOf("<!--");
      if (line.indexOf("-->", start + 2) < 0) {
        if (line.includes("--!>", start)) return null;
        inComment = !0;
        continue;
      }
      if (!inertHtml(line.slice(start))) return null;
      block = { kind: "none" };
      continue;
    }
    if (line.includes("$$") || !inertHtml(line)) return null;
    LIST_ITEM.test(line) && (listMayBeOpen = !0), block = nextBlock(block, line, column0, listMayBeOpen);
  }
  return null;
}
function commandLine(text) {
  let index = commandLineIndex(text);
  return index === null ? null : text.split(/\r\n|\n|\r/)[index];
}
function nextBlock(block, line, column0, listMayBeOpen) {
  return block.kind === "html" || HTML_LINE.test(line) ? { kind: "html" } : block.kind === "none" && !column0 && listMayBeOpen ? { kind: "opaque" } : QUOTE.test(line) || LIST_ITEM.test(line) && !THEMATIC_BREAK.test(line) ? { kind: "opaque" } : THEMATIC_BREAK.test(line) || ATX_HEADING.test(line) ? { kind: "none" } : block.kind === "paragraph" && SETEXT_UNDERLINE.test(line) ? { kind: "none" } : line.includes("|") && TABLE_DELIMITER.test(line) ? { kind: "opaque" } : block.kind === "opaque" ? block : block.kind === "paragraph" ? { kind: "paragraph", lines: [...block.lines, line] } : INDENTED_CODE.test(line) ? { kind: "none" } : { kind: "paragraph", lines: [line] };
}
function opensFence(line) {
  let open = FENCE.exec(line);
  return !open || open[1][0] === "`" && open[2].includes("`") ? null : { char: open[1][0], length: open[1].length };
}
function becomesHeadingOrTable(lines, index) {
  for (let j = index + 1; j < lines.length && !BLANK.test(lines[j]); j++) {
    let line = lines[j];
    if (SETEXT_UNDERLINE.test(line) || line.includes("|") && TABLE_DELIMITER.test(line)) return !0;
  }
  return !1;
}
var VOID_TAG = /<(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>/iy, CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>/y;
function inertHtml(text) {
  let tagStart = /<[A-Za-z/?!]/g;
  for (let match = tagStart.exec(text); match; match = tagStart.exec(text)) {
    let at = match.index;
    if (text.startsWith("<!--", at)) {
      let end = text.indexOf("-->", at + 2);
      if (end < 0 || text.slice(at, end).includes("--!>")) return !1;
      tagStart.lastIndex = end + 3;
      continue;
    }
    let tag = [VOID_TAG, CLOSING_TAG].find((pattern) => (pattern.lastIndex = at, pattern.test(text)));
    if (!tag) return !1;
    tagStart.lastIndex = tag.lastIndex;
  }
  return !0;
}
function inlineClosed(paragraph) {
  let text = paragraph.join(`
`);
  if (/^ {0,3}\[/.test(text) || /<[A-Za-z/?!]|\\|\$/.test(text)) return !1;
  let outsideCode = withoutCodeSpans(text);
  return outsideCode === null || /[*~]/.test(outsideCode) || /(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/.test(outsideCode) ? !1 : closes(outsideCode, "[", "]") && closes(outsideCode, "(", ")");
}
function withoutCodeSpans(text) {
  let runs = [...text.matchAll(/`+/g)], out = "", from = 0;
  for (let r = 0; r < runs.length; r++) {
    let open = runs[r], closeAt = runs.findIndex((run, k) => k > r && run[0].length === open[0].length);
    if (closeAt < 0) return null;
    let close = runs[closeAt];
    out += text.slice(from, open.index), from = close.index + close[0].length, r = closeAt;
  }
  return out + text.slice(from);
}
function closes(text, open, close) {
  let depth = 0;
  for (let char of text)
    char === open ? depth++ : char === close && depth > 0 && depth--;
  return depth === 0;
}
var DRAFT = /^\/draft(?:[ \t]*(?:\r?\n|$))/;
function isDraftCommand(body) {
  return commandLine(body) !== null && DRAFT.test(body);
}

export {
  commandLine,
  isDraftCommand
};
