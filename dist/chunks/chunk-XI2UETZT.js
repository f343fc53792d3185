
// src/core/render/output-echo.ts
var ACTIONS_ECHO_CAP = { maxLines: 2e3, maxChars: 262144 };
function truncationLine(hiddenLines, fullLog) {
  return `\u2026 output truncated (${hiddenLines} more ${hiddenLines === 1 ? "line" : "lines"} not shown), full log in ${fullLog}`;
}
function lineEcho(emit, cap) {
  let pending = "", lines = 0, chars = 0, hidden = 0, show = (line) => {
    if (cap && (lines >= cap.maxLines || chars + line.length > cap.maxChars)) {
      hidden++;
      return;
    }
    lines++, chars += line.length, emit(line);
  };
  return {
    push(chunk) {
      let parts = (pending + chunk).split(/\r\n|\n|\r/);
      pending = parts.pop() ?? "";
      for (let line of parts) show(line);
    },
    end() {
      pending && show(pending), pending = "", cap && hidden > 0 && emit(truncationLine(hidden, cap.fullLog));
    }
  };
}

export {
  ACTIONS_ECHO_CAP,
  lineEcho
};
