// `@actions/cache` swallows its own failures: a failed upload or lookup is printed as a
// `::warning::` / `::error::` workflow command and the call returns what a miss or a success
// would (undefined; -1, or even a positive id in v1 when only the upload failed). Those printed
// commands are the only signal it gives, so callers that must tell a failure from a miss watch
// stdout while the call runs. Output is passed through unchanged.

interface Watcher {
  problems: string[];
}

const watchers = new Set<Watcher>();
let installed: { original: typeof process.stdout.write; wrapper: typeof process.stdout.write } | null = null;

const COMMAND = /^::(warning|error)(?: [^:]*)?::(.*)$/;

/** The `::warning::` and `::error::` messages printed to stdout while `fn` ran, with its result. */
export async function watchToolkitProblems<T>(fn: () => Promise<T>): Promise<{ value: T; problems: string[] }> {
  const watcher: Watcher = { problems: [] };
  install();
  watchers.add(watcher);
  try {
    const value = await fn();
    return { value, problems: watcher.problems };
  } finally {
    watchers.delete(watcher);
    if (watchers.size === 0) uninstall();
  }
}

function install(): void {
  if (installed) return;
  // Kept as it is, to be put back as it was; it is only ever called with process.stdout as `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = process.stdout.write;
  const wrapper = function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
    if (watchers.size > 0) scan(chunk);
    return (original as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
  } as typeof process.stdout.write;
  process.stdout.write = wrapper;
  installed = { original, wrapper };
}

function uninstall(): void {
  // Someone wrapped stdout after us: leave our (now pass-through) wrapper in their chain.
  if (!installed || process.stdout.write !== installed.wrapper) return;
  process.stdout.write = installed.original;
  installed = null;
}

function scan(chunk: unknown): void {
  const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : '';
  for (const line of text.split(/\r?\n/)) {
    const match = COMMAND.exec(line);
    if (!match) continue;
    const message = `${match[1]}: ${unescapeCommandData(match[2] ?? '')}`;
    for (const w of watchers) w.problems.push(message);
  }
}

/** Reverses @actions/core's escaping of command data. */
function unescapeCommandData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}
