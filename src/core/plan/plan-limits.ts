// The shapes and limits every surface checks on its own (the plan and state validators, the
// Action's inputs, the CLI's options, the plan index): apart from the validators, so reading the
// settings or the plan index does not load them.

/** Step ids and plan ids: safe in paths, branch names and commands (`/retry step-2`). */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The largest budgets a plan, a step or an input may set: more than any plan spends, so a bigger one is a typo. */
export const MAX_BUDGET_USD = 1e6;
export const MAX_BUDGET_TOKENS = 1e12;
