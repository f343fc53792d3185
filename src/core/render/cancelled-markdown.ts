// The notice posted once per cancel request: what was stopped and what had been done.
import { lastAttempt, stepRun } from '../state/step-view.js';
import { stoppedText } from '../tick/cooperative-stop.js';
import type { State } from '../state/types.js';
import { inline } from './untrusted-text.js';
import { stepProgress } from './step-progress.js';
import { fittedNotice, marker, runFooter, type Links } from './comment-frame.js';
import { stepTable } from './step-table.js';

/** One per cancel request: what was stopped and what had been done. */
export function cancelledNotice(state: State, runningStep: string | null, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, '');
  // Who cancelled is named, not pinged.
  const by = state.cancelRequested?.by ? ` by ${inline(`@${state.cancelRequested.by}`, 60)}` : '';
  const reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : '';
  return fittedNotice(links, (l, shape) =>
    [
      marker(id, 'cancelled', episode),
      `### 🛑 Cancelled${by}${reason}`,
      '',
      runningStep ? `\`${runningStep}\` was running; ${stoppedText(lastAttempt(stepRun(state, runningStep))?.stoppedBy)}.` : 'No step was running.',
      `${stepProgress(state)}:`,
      '',
      stepTable(state, l, shape.tableOutputs),
      '',
      'Reply `/resume` to continue from the current step.',
      ...(l.run ? ['', ...runFooter(l)] : []),
    ].join('\n'),
  );
}
