
// src/core/render/untrusted-text.ts
function neutralizeMentions(text) {
  return text.replace(/(^|[^A-Za-z0-9`])@(?=[A-Za-z0-9])/g, "$1@\u200D");
}
function neutralizeReferences(text) {
  return neutralizeMentions(text).replace(/#(?=\d)/g, "#\u200D").replace(/\b(GH-)(?=\d)/gi, "$1\u200D");
}
function capText(text, max) {
  if (text.length <= max) return text;
  let head = Math.floor(max * 0.4), tail = max - head;
  return `${text.slice(0, head)}
\u2026 [${text.length - max} characters omitted] \u2026
${text.slice(text.length - tail)}`;
}
function fence(text, max = 4e3, info = "text") {
  let body = neutralizeMentions(capText(text.replace(/\r\n?/g, `
`), max)), longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length)), ticks = "`".repeat(longestRun + 1);
  return `${ticks}${info}
${body}
${ticks}`;
}
var INLINE_MARKUP = /[\\`*_~[\]!<>&|#@$]/g, AUTOLINK_PARTS = /:(?=\/\/)|(?<=\b(?:mailto|xmpp))\:|\.(?=[A-Za-z0-9])/gi, LINE_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
function oneLine(text, max, o = {}) {
  let flat = text.replace(LINE_BREAKS, " "), one = (o.squeezeSpaces ? flat.replace(/ {2,}/g, " ") : flat).trim();
  return one.length > max ? `${one.slice(0, max - 1)}\u2026` : one;
}
function inline(text, max = 200) {
  let capped = oneLine(text, max), escaped = escapeMarkup(capped).replace(/^[-+=]/, "\\$&").replace(/^(\d+)([.)])/, "$1\\$2");
  return neutralizeReferences(escaped);
}
function asInline(text) {
  return neutralizeReferences(escapeMarkup(text));
}
function escapeMarkup(text) {
  return text.replace(INLINE_MARKUP, "\\$&").replace(AUTOLINK_PARTS, "\\$&");
}

export {
  fence,
  oneLine,
  inline,
  asInline
};
