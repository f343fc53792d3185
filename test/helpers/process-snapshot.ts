// What one test file may change for the whole test process, and the way back. Used by the leak
// guard (leak-guard.ts) because test files share worker processes.
const WATCHED_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'uncaughtException', 'unhandledRejection', 'warning'] as const;

export interface ProcessSnapshot {
  /** Puts back everything that changed since the snapshot and says what it was, one line each. */
  restore(): string[];
}

const shown = (value: string | undefined) => (value === undefined ? 'unset' : JSON.stringify(value));

export function snapshotProcess(): ProcessSnapshot {
  const env = { ...process.env };
  const cwd = process.cwd();
  const umask = process.umask();
  const exitCode = process.exitCode;
  const listeners = new Map(WATCHED_EVENTS.map((e) => [e, process.listeners(e as NodeJS.Signals)]));
  return {
    restore() {
      const changed: string[] = [];
      for (const name of new Set([...Object.keys(env), ...Object.keys(process.env)])) {
        const before = env[name];
        const after = process.env[name];
        if (before === after) continue;
        changed.push(`process.env.${name} is ${shown(after)}, was ${shown(before)}`);
        if (before === undefined) delete process.env[name];
        else process.env[name] = before;
      }
      if (process.cwd() !== cwd) {
        changed.push(`the working directory is ${process.cwd()}, was ${cwd}`);
        process.chdir(cwd);
      }
      const umaskNow = process.umask(umask);
      if (umaskNow !== umask) changed.push(`the umask is ${umaskNow.toString(8)}, was ${umask.toString(8)}`);
      if (process.exitCode !== exitCode) {
        changed.push(`process.exitCode is ${String(process.exitCode)}, was ${String(exitCode)}`);
        process.exitCode = exitCode;
      }
      for (const event of WATCHED_EVENTS) {
        const before = listeners.get(event) ?? [];
        const added = process.listeners(event as NodeJS.Signals).filter((l) => !before.includes(l));
        if (added.length === 0) continue;
        changed.push(`${added.length} '${event}' listener(s) added to process`);
        for (const l of added) process.removeListener(event, l);
      }
      return changed;
    },
  };
}
