// What the committed bundle loads before it does anything: every file an entry imports statically,
// and so every start of the Action (each idle heartbeat) and of the CLI pays to read, compile and
// link. Each file costs about half a millisecond on a 2-core runner whatever its size (measured
// with `npm run bench -- --only=start`), so the budgets count files as well as bytes. They are
// today's figures: a change may lower them, and one that raises them says why in the same commit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/helpers.js';

const DIST = path.join(REPO_ROOT, 'dist');

/** The files `entry` loads before its first line runs, itself included, with their sizes. */
function startUpGraph(entry: string): Map<string, number> {
  const files = new Map<string, number>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, Buffer.byteLength(text));
    // esbuild writes each static import as `import … from "./x.js"` or `import "./x.js"` at the top
    // level; a dynamic `import("./x.js")` has a parenthesis and is left out, as it loads later.
    for (const [, spec = ''] of text.matchAll(/^import\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["'];?$/gm)) visit(path.resolve(path.dirname(file), spec));
  };
  visit(path.join(DIST, entry));
  return files;
}

/** The module paths esbuild's comments name, each from `src/` or `node_modules/` on. */
function pathComments(text: string): string[] {
  return [...text.matchAll(/^\/\/ (?:\.\.\/)*(?:[^\n]*?\/)?((?:src|node_modules)\/[^\n]*)$/gm)].map((m) => m[1] ?? '');
}

const names = (graph: Map<string, number>) => [...graph.keys()].map((f) => path.relative(DIST, f));
const kib = (graph: Map<string, number>) => [...graph.values()].reduce((a, b) => a + b, 0) / 1024;

describe("the bundle's start-up graph", () => {
  it('the Action (dist/index.js): at most 18 files and 105 KiB before the inputs are read, none of them the engine, the GitHub client or YAML', () => {
    const graph = startUpGraph('index.js');
    expect(graph.size, names(graph).join('\n')).toBeLessThanOrEqual(18);
    expect(kib(graph)).toBeLessThanOrEqual(105);
    const text = [...graph.keys()].map((f) => readFileSync(f, 'utf8')).join('\n');
    // Module path comments name where each part of a chunk came from (relative to where the bundle
    // was built, so a package may show as ../<checkout>/node_modules/…).
    for (const heavy of ['src/engine/', 'node_modules/@octokit/', 'node_modules/yaml/', 'src/action/plan-tick.ts', 'src/action/routes.ts'])
      expect(pathComments(text).filter((p) => p.startsWith(heavy))).toEqual([]);
  });

  // 49 KiB since a mistyped option gets its own line and a "did you mean" (cli/option-errors.ts):
  // parsing can fail on any command, so that text is loaded before one is parsed.
  it('the CLI (dist/cli.js): at most 8 files and 49 KiB before a command is parsed', () => {
    const graph = startUpGraph('cli.js');
    expect(graph.size, names(graph).join('\n')).toBeLessThanOrEqual(8);
    expect(kib(graph)).toBeLessThanOrEqual(49);
  });

  it('finds static imports and only those (the walk the budgets rest on)', () => {
    const graph = startUpGraph('index.js');
    // The routes are loaded on demand, so their chunk is named by a dynamic import only.
    const index = readFileSync(path.join(DIST, 'index.js'), 'utf8');
    const routes = /import\("\.\/chunks\/(routes-[A-Z0-9]+\.js)"\)/.exec(index)?.[1];
    expect(routes).toBeDefined();
    expect(names(graph)).not.toContain(`chunks/${routes}`);
    // @actions/core is imported statically by the entry's toolkit log.
    expect(pathComments([...graph.keys()].map((f) => readFileSync(f, 'utf8')).join('\n'))).toContain('node_modules/@actions/core/lib/core.js');
  });
});
