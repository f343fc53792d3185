// Log for the Actions runner: workflow commands via @actions/core, so warnings and errors become
// annotations on the run page and groups fold in the log.
import * as core from '@actions/core';
import type { Log } from '../../ports.js';

export class ToolkitLog implements Log {
  info(message: string): void {
    core.info(message);
  }
  warn(message: string): void {
    core.warning(message);
  }
  error(message: string): void {
    core.error(message);
  }
  debug(message: string): void {
    core.debug(message);
  }
  group<T>(title: string, fn: () => Promise<T>): Promise<T> {
    return core.group(title, fn);
  }
}
