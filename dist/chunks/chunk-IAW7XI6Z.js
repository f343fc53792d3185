import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/render/untrusted-text.ts
var ZERO_WIDTH_JOINER = "\u200D";
function neutralizeMentions(text) {
  return text.replace(/(^|[^A-Za-z0-9`])@(?=[A-Za-z0-9])/g, `$1@${ZERO_WIDTH_JOINER}`);
}
function neutralizeReferences(text) {
  return neutralizeMentions(text).replace(/#(?=\d)/g, `#${ZERO_WIDTH_JOINER}`).replace(/\b(GH-)(?=\d)/gi, `$1${ZERO_WIDTH_JOINER}`);
}
function capText(text, max) {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  const tail = max - head;
  return `${text.slice(0, head)}
\u2026 [${text.length - max} characters omitted] \u2026
${text.slice(text.length - tail)}`;
}
function fence(text, max = 4e3, info = "text") {
  const body = neutralizeMentions(capText(text.replace(/\r\n?/g, "\n"), max));
  const longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const ticks = "`".repeat(longestRun + 1);
  return `${ticks}${info}
${body}
${ticks}`;
}
var INLINE_MARKUP = /[\\`*_~[\]!<>&|#@$]/g;
var AUTOLINK_PARTS = /:(?=\/\/)|(?<=\b(?:mailto|xmpp))\:|\.(?=[A-Za-z0-9])/gi;
var LINE_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
function inline(text, max = 200) {
  const one = text.replace(LINE_BREAKS, " ").trim();
  const capped = one.length > max ? `${one.slice(0, max - 1)}\u2026` : one;
  const escaped = escapeMarkup(capped).replace(/^[-+=]/, "\\$&").replace(/^(\d+)([.)])/, "$1\\$2");
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
  inline,
  asInline
};
