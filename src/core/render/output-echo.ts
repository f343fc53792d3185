// The agent's output shown as it arrives (the Actions log, a local terminal): whole lines only,
// so interleaved logs stay readable, and at most a cap per attempt, so a chatty agent cannot
// flood the log. The attempt log file keeps everything; the cap line says where to find it.

export interface EchoCap {
  /** Lines shown at most. */
  maxLines: number;
  /** Characters shown at most (line text, without the line breaks). */
  maxChars: number;
  /** Where the full output is, for the truncation line (e.g. "the artifact sequencer-…"). */
  fullLog: string;
}

/** Action default: enough to follow an attempt, small enough for the run page. */
export const ACTIONS_ECHO_CAP: Omit<EchoCap, 'fullLog'> = { maxLines: 2000, maxChars: 256 * 1024 };

export interface LineEcho {
  /** Feeds a chunk of output; emits every line it completes. */
  push(chunk: string): void;
  /** Emits the last line if it had no line break, and the truncation note if lines were held back. */
  end(): void;
}

export function truncationLine(hiddenLines: number, fullLog: string): string {
  return `… output truncated (${hiddenLines} more ${hiddenLines === 1 ? 'line' : 'lines'} not shown), full log in ${fullLog}`;
}

export function lineEcho(emit: (line: string) => void, cap?: EchoCap): LineEcho {
  let pending = '';
  let lines = 0;
  let chars = 0;
  let hidden = 0;
  const show = (line: string): void => {
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
      pending = parts.pop() ?? '';
      for (const line of parts) show(line);
    },
    end() {
      if (pending) show(pending);
      pending = '';
      if (cap && hidden > 0) emit(truncationLine(hidden, cap.fullLog));
    },
  };
}
