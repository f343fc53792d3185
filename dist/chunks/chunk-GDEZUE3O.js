import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/tick/command-line.ts
var COMMAND_LINE = /^\/[A-Za-z]+(?:[ \t]|$)/;
var BLANK = /^[ \t]*$/;
var FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
var COMMENT_OPEN = /^ {0,3}<!--/;
var HTML_LINE = /^ {0,3}<[A-Za-z/?!]/;
var QUOTE = /^ {0,3}>/;
var LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^ {0,3}\[\^/;
var THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
var ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
var SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
var TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)*$/;
var INDENTED = /^[ \t]/;
var INDENTED_CODE = /^(?: {4}| {0,3}\t)/;
function commandLineIndex(text) {
  const lines = text.split(/\r\n|\n|\r/);
  let fence = null;
  let inComment = false;
  let block = { kind: "none" };
  let listMayBeOpen = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length && BLANK.test(close[2])) {
        fence = null;
        block = { kind: "none" };
      }
      continue;
    }
    if (inComment) {
      const end = line.indexOf("-->");
      if (line.slice(0, end < 0 ? line.length : end).includes("--!>")) return null;
      if (end < 0) continue;
      if (!inertHtml(line.slice(end + 3))) return null;
      inComment = false;
      block = { kind: "none" };
      continue;
    }
    if (BLANK.test(line)) {
      block = { kind: "none" };
      continue;
    }
    const column0 = !INDENTED.test(line);
    if (column0 && block.kind === "none") listMayBeOpen = false;
    if (COMMAND_LINE.test(line) && (block.kind === "none" || block.kind === "paragraph" && inlineClosed(block.lines))) {
      if (!becomesHeadingOrTable(lines, i)) return i;
      block = { kind: "opaque" };
      continue;
    }
    const fenceOpen = opensFence(line);
    if (block.kind === "html" && fenceOpen) return null;
    const commentOpen = block.kind !== "html" && COMMENT_OPEN.test(line);
    if ((fenceOpen || commentOpen) && !column0 && listMayBeOpen) return null;
    if (fenceOpen) {
      fence = fenceOpen;
      if (column0) listMayBeOpen = false;
      continue;
    }
    if (commentOpen) {
      if (column0) listMayBeOpen = false;
      const start = line.indexOf("<!--");
      const end = line.indexOf("-->", start + 2);
      if (end < 0) {
        if (line.includes("--!>", start)) return null;
        inComment = true;
        continue;
      }
      if (!inertHtml(line.slice(start))) return null;
      block = { kind: "none" };
      continue;
    }
    if (line.includes("$$") || !inertHtml(line)) return null;
    if (LIST_ITEM.test(line)) listMayBeOpen = true;
    block = nextBlock(block, line, column0, listMayBeOpen);
  }
  return null;
}
function commandLine(text) {
  const index = commandLineIndex(text);
  return index === null ? null : text.split(/\r\n|\n|\r/)[index];
}
function nextBlock(block, line, column0, listMayBeOpen) {
  if (block.kind === "html" || HTML_LINE.test(line)) return { kind: "html" };
  if (block.kind === "none" && !column0 && listMayBeOpen) return { kind: "opaque" };
  if (QUOTE.test(line) || LIST_ITEM.test(line) && !THEMATIC_BREAK.test(line)) return { kind: "opaque" };
  if (THEMATIC_BREAK.test(line) || ATX_HEADING.test(line)) return { kind: "none" };
  if (block.kind === "paragraph" && SETEXT_UNDERLINE.test(line)) return { kind: "none" };
  if (line.includes("|") && TABLE_DELIMITER.test(line)) return { kind: "opaque" };
  if (block.kind === "opaque") return block;
  if (block.kind === "paragraph") return { kind: "paragraph", lines: [...block.lines, line] };
  if (INDENTED_CODE.test(line)) return { kind: "none" };
  return { kind: "paragraph", lines: [line] };
}
function opensFence(line) {
  const open = FENCE.exec(line);
  if (!open || open[1][0] === "`" && open[2].includes("`")) return null;
  return { char: open[1][0], length: open[1].length };
}
function becomesHeadingOrTable(lines, index) {
  for (let j = index + 1; j < lines.length && !BLANK.test(lines[j]); j++) {
    const line = lines[j];
    if (SETEXT_UNDERLINE.test(line) || line.includes("|") && TABLE_DELIMITER.test(line)) return true;
  }
  return false;
}
var VOID_TAG = /<(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>/iy;
var CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>/y;
function inertHtml(text) {
  const tagStart = /<[A-Za-z/?!]/g;
  for (let match = tagStart.exec(text); match; match = tagStart.exec(text)) {
    const at = match.index;
    if (text.startsWith("<!--", at)) {
      const end = text.indexOf("-->", at + 2);
      if (end < 0 || text.slice(at, end).includes("--!>")) return false;
      tagStart.lastIndex = end + 3;
      continue;
    }
    const tag = [VOID_TAG, CLOSING_TAG].find((pattern) => {
      pattern.lastIndex = at;
      return pattern.test(text);
    });
    if (!tag) return false;
    tagStart.lastIndex = tag.lastIndex;
  }
  return true;
}
function inlineClosed(paragraph) {
  const text = paragraph.join("\n");
  if (/^ {0,3}\[/.test(text) || /<[A-Za-z/?!]|\\|\$/.test(text)) return false;
  const outsideCode = withoutCodeSpans(text);
  if (outsideCode === null || /[*~]/.test(outsideCode)) return false;
  if (/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/.test(outsideCode)) return false;
  return closes(outsideCode, "[", "]") && closes(outsideCode, "(", ")");
}
function withoutCodeSpans(text) {
  const runs = [...text.matchAll(/`+/g)];
  let out = "";
  let from = 0;
  for (let r = 0; r < runs.length; r++) {
    const open = runs[r];
    const closeAt = runs.findIndex((run, k) => k > r && run[0].length === open[0].length);
    if (closeAt < 0) return null;
    const close = runs[closeAt];
    out += text.slice(from, open.index);
    from = close.index + close[0].length;
    r = closeAt;
  }
  return out + text.slice(from);
}
function closes(text, open, close) {
  let depth = 0;
  for (const char of text) {
    if (char === open) depth++;
    else if (char === close && depth > 0) depth--;
  }
  return depth === 0;
}

export {
  commandLine
};
