import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/render/output-echo.ts
var ACTIONS_ECHO_CAP = { maxLines: 2e3, maxChars: 256 * 1024 };
function truncationLine(hiddenLines, fullLog) {
  return `\u2026 output truncated (${hiddenLines} more ${hiddenLines === 1 ? "line" : "lines"} not shown), full log in ${fullLog}`;
}
function lineEcho(emit, cap) {
  let pending = "";
  let lines = 0;
  let chars = 0;
  let hidden = 0;
  const show = (line) => {
    if (cap && (lines >= cap.maxLines || chars + line.length > cap.maxChars)) {
      hidden++;
      return;
    }
    lines++;
    chars += line.length;
    emit(line);
  };
  return {
    push(chunk) {
      const parts = (pending + chunk).split(/\r\n|\n|\r/);
      pending = parts.pop() ?? "";
      for (const line of parts) show(line);
    },
    end() {
      if (pending) show(pending);
      pending = "";
      if (cap && hidden > 0) emit(truncationLine(hidden, cap.fullLog));
    }
  };
}

export {
  ACTIONS_ECHO_CAP,
  lineEcho
};
