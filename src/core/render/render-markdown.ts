// Markdown for GitHub, one file a comment: the status comment, edited in place and found by its
// hidden marker (status-markdown.ts), the blocker notice (blocker-markdown.ts), the final summary,
// the done comment and the pull request's body (final-summary-markdown.ts), the cancel notice
// (cancelled-markdown.ts) and the job summary (job-summary-markdown.ts). What they share is
// comment-frame.ts (marker, links, size limit), the step table they show step-table.ts, who they
// ping mentions.ts. The proposal is proposal-markdown.ts.
//
// Code outside these files imports them from here, not from each part's file: esbuild puts modules
// in one chunk when the same entry points reach them, and importing the parts directly lets the
// GitHub client's lazily loaded chunk (which reaches this module through comment-markers.ts)
// leave most of them out, which splits a chunk of the Action's start-up in two, one file over
// its budget (test/build/start-up-graph.test.ts).
export { fittedNotice, LISTED_OUTPUTS, marker, MAX_COMMENT_CHARS, outputList, outputText, runFooter } from './comment-frame.js';
export type { Links, RunLinks, Shape } from './comment-frame.js';
export { CELL_OUTPUTS, shownOutputs, stepTable } from './step-table.js';
export { statusComment } from './status-markdown.js';
export { blockerNotice, OUTPUT_TAIL_LINES } from './blocker-markdown.js';
export { doneComment, finalSummaryComment, pullRequestBody } from './final-summary-markdown.js';
export { cancelledNotice } from './cancelled-markdown.js';
export { issueLine, jobSummary, mermaidQueue } from './job-summary-markdown.js';
export type { IssueLink } from './job-summary-markdown.js';
export { approverMention } from './mentions.js';
