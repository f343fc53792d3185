// Plan files as people write them: JSON or YAML, either a bare plan (`{steps: …}`) or a whole
// state.json of the original step-sequencer (`{plan: {steps: …}, stepQueue: …}`), which its
// users already have on disk. Reading files is the caller's job; this only turns text into a plan.
import { parseDocument } from 'yaml';
import { PlanError, showValue, type Issue } from '../errors.js';
import { add, isRecord } from './field-checks.js';
import { findJsonSyntaxError } from './json-error-position.js';
import type { Plan } from '../state/types.js';
import { checkQueue, validatePlan } from './validate-plan.js';

/** YAML errors tend to cascade; the first few say everything useful. */
const MAX_SYNTAX_ISSUES = 5;

export interface ExtractedPlan {
  plan: Plan;
  /** Only from a state document that has one. */
  stepQueue?: string[];
  /** Only from a state document that has one. */
  stepDelayMinutes?: number;
}

/**
 * The document in `text`: JSON for `.json`, YAML for `.yaml`/`.yml`, otherwise JSON and then
 * YAML. Syntax errors throw PlanError with the line and column.
 */
export function parsePlanText(text: string, fileName: string): unknown {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return parseJson(text, fileName);
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return parseYaml(text, fileName);
  try {
    return parseJson(text, fileName);
  } catch (jsonError) {
    try {
      return parseYaml(text, fileName);
    } catch (yamlError) {
      // Text that looks like JSON gets the JSON error: the YAML one would only confuse.
      throw /^\s*[[{]/.test(text) ? jsonError : yamlError;
    }
  }
}

/** The plan (and, from a state document, its queue and delay) in a parsed document. */
export function extractPlan(doc: unknown, source: string): ExtractedPlan {
  const issues: Issue[] = [];
  if (isRecord(doc) && isRecord(doc.plan)) {
    const { plan } = collect(issues, doc.plan);
    const stepIds = new Set(isRecord(doc.plan.steps) ? Object.keys(doc.plan.steps) : []);
    const result: Partial<ExtractedPlan> = { plan };
    if (doc.stepQueue !== undefined && checkQueue(issues, 'stepQueue', doc.stepQueue, stepIds, false)) {
      result.stepQueue = [...doc.stepQueue];
    }
    const delay = doc.stepDelayMinutes;
    if (delay !== undefined) {
      if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0) add(issues, 'stepDelayMinutes', `must be a number of minutes >= 0, got ${showValue(delay)}`);
      else result.stepDelayMinutes = delay;
    }
    if (issues.length > 0 || !result.plan) throw new PlanError(issues, source);
    return result as ExtractedPlan;
  }
  if (isRecord(doc) && Object.hasOwn(doc, 'steps')) {
    const { plan } = collect(issues, doc);
    if (issues.length > 0 || !plan) throw new PlanError(issues, source);
    return { plan };
  }
  add(issues, 'plan', `must be a plan (an object with "steps") or a state document (an object with "plan.steps"), got ${showValue(doc)}`);
  throw new PlanError(issues, source);
}

/**
 * parsePlanText and extractPlan in one: what a plan file needs (`validate FILE`, `run --plan FILE`,
 * a dispatched `start`). `scrub` takes the run's secrets out of the parsed document (scrubJson)
 * before the plan is validated, hashed and stored, so the state and the agent hold `***` as the
 * proposal shows. Passed in: the secrets module is not this one's to load.
 */
export function loadPlanText(text: string, fileName: string, scrub?: (doc: unknown) => unknown): ExtractedPlan {
  const doc = parsePlanText(text, fileName);
  return extractPlan(scrub ? scrub(doc) : doc, fileName);
}

function collect(issues: Issue[], input: unknown): { plan?: Plan } {
  // Strict: a plan someone wrote now, so a misspelt field is refused rather than ignored.
  const result = validatePlan(input, 'plan', true, { strict: true });
  issues.push(...result.issues);
  return result.plan ? { plan: result.plan } : {};
}

function parseJson(text: string, fileName: string): unknown {
  // A UTF-8 byte order mark is invisible in editors but fatal to JSON.parse.
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch (err) {
    const found = findJsonSyntaxError(body);
    const message = found ? `is not valid JSON at line ${found.line}, column ${found.column}: ${found.reason}` : `is not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
    throw new PlanError([{ path: fileName, message }], fileName);
  }
}

function parseYaml(text: string, fileName: string): unknown {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const issues = doc.errors.slice(0, MAX_SYNTAX_ISSUES).map((e) => {
      const pos = e.linePos?.[0];
      const where = pos ? ` at line ${pos.line}, column ${pos.col}` : '';
      const reason = (e.message.split('\n', 1)[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      return { path: fileName, message: `is not valid YAML${where}: ${reason}` };
    });
    throw new PlanError(issues, fileName);
  }
  try {
    return doc.toJS();
  } catch (err) {
    // toJS refuses documents that expand aliases too far (a "billion laughs" file).
    throw new PlanError([{ path: fileName, message: `cannot be read as YAML: ${err instanceof Error ? err.message : String(err)}` }], fileName);
  }
}
