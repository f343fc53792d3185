// What the engine tells people about. Notices are values produced by transitions and delivered
// by a Notifier only after the write that produced them is durable.

export type Notice =
  | { kind: 'blocked'; stepId: string; reason: string }
  | { kind: 'done' }
  | { kind: 'cancelled'; runningStep: string | null }
  | { kind: 'step-done'; stepId: string }
  | { kind: 'step-failed'; stepId: string; error: string; willRetry: boolean }
  | { kind: 'reopened'; stepId: string; missing: string[] }
  | { kind: 'interrupted'; stepId: string; attempt: number; reason: string }
  | { kind: 'timed-out'; stepId: string; minutes: number }
  /** The plan paused before a gated step; a person reviews what ran and approves. */
  | { kind: 'gate'; stepId: string };
