// A vitest reporter that ends every run with its slowest test files, so time creeping back into
// the suite is seen where it comes from. A file's time is its import plus its tests and hooks.
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  private ctx: Vitest | undefined;
  private startedAt = Date.now();

  onInit(ctx: Vitest): void {
    this.ctx = ctx;
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!this.ctx || testModules.length === 0) return;
    const root = this.ctx.config.root;
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: path.relative(root, m.moduleId), ms: d.collectDuration + d.duration, tests: Array.from(m.children.allTests()).filter((t) => t.result().state !== 'skipped').length };
      })
      // A file whose tests were all filtered out (e.g. by --tags-filter) only cost its import.
      .filter((r) => r.tests > 0)
      .sort((a, b) => b.ms - a.ms);
    if (rows.length === 0) return;
    const total = rows.reduce((sum, r) => sum + r.ms, 0);
    const lines = rows.slice(0, SHOWN).map((r) => `${(r.ms / 1000).toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)} tests  ${r.file}`);
    const wall = (Date.now() - this.startedAt) / 1000;
    this.ctx.logger.log(
      ['', `Slowest test files (of ${rows.length} that ran tests; ${(total / 1000).toFixed(1)} s in files, ${wall.toFixed(1)} s wall with ${this.ctx.config.maxWorkers} workers):`, ...lines, ''].join(
        '\n',
      ),
    );
  }
}
