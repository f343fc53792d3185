
// src/core/render/terminal-text.ts
var STRING = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?/g, CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?/g, ESCAPE = /\x1b[ -/]*[0-~]?/g, CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, ANY_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
function terminalText(text) {
  return ANY_CONTROL.test(text) ? text.replace(STRING, "").replace(CSI, "").replace(ESCAPE, "").replace(CONTROL, "") : text;
}
function terminalLine(text) {
  return terminalText(text).replace(/[\n\t]+/g, " ");
}
function terminalJson(value, indent) {
  return JSON.stringify(value, null, indent).replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export {
  terminalText,
  terminalLine,
  terminalJson
};
