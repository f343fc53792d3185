// `check … | head`: the reader goes away while a tick still prints. Node then reports EPIPE as an
// 'error' event on stdout, which, unhandled, kills the process between the checkpoint and the
// commit, leaving an attempt IN_PROGRESS that nobody runs. Output is a courtesy; the state is the
// record. So a closed stream only stops the printing, and the tick finishes what it started.

const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

export function tolerateClosedOutput(stream: NodeJS.WritableStream, name: string, report: (line: string) => void): void {
  let reported = false;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (CLOSED.has(err.code ?? '')) return;
    // Anything else (a full disk behind a redirect) is worth one line, never a crash.
    if (!reported) report(`warning: cannot write to ${name} (${err.code ?? err.message}); continuing without it`);
    reported = true;
  });
}
