// Holds the event payloads tests hand to the Action to GitHub's webhook payload schemas
// (@octokit/webhooks-schemas), so an override that gives a field the wrong type or drops a
// required one fails where the payload is made, not as a puzzling routing bug later.
import { createRequire } from 'node:module';
import { describeErrors, validatorsFor, type Schema } from './compiled-schemas.js';

const require = createRequire(import.meta.url);
const SCHEMA_ID = 'https://github.com/octokit/webhooks/schema.json';
const VERSION = (require('@octokit/webhooks-schemas/package.json') as { version: string }).version;

const schemas = (): Schema & { definitions: Record<string, Schema> } => require('@octokit/webhooks-schemas') as Schema & { definitions: Record<string, Schema> };
// Only the definitions: Ajv compiles a document's root when a ref points into it, and this root
// is a oneOf over every event (seconds of compiling for nothing).
const validator = validatorsFor({ id: `@octokit/webhooks-schemas ${VERSION}`, documents: () => [{ $id: SCHEMA_ID, definitions: schemas().definitions }] });

function definition(name: string): Schema {
  if (!(name in schemas().definitions)) throw new Error(`@octokit/webhooks-schemas has no schema "${name}"`);
  return { $ref: `${SCHEMA_ID}#/definitions/${name}` };
}

/**
 * The schema an event's payload must meet: `issues` + `opened` → `issues$opened`, an event
 * without actions → `workflow_dispatch$event`. A cron `schedule` is no webhook and has no schema
 * of its own; the repository and organization it carries are held to theirs.
 */
function schemaFor(event: string, payload: unknown): Schema {
  if (event === 'schedule') {
    return {
      type: 'object',
      required: ['schedule', 'workflow', 'repository'],
      properties: { schedule: { type: 'string' }, workflow: { type: 'string' }, repository: definition('repository'), organization: definition('organization') },
    };
  }
  const action = (payload as { action?: unknown } | null)?.action;
  return definition(typeof action === 'string' ? `${event}$${action}` : `${event}$event`);
}

/** How `payload` differs from GitHub's schema for `event`; empty when it conforms. */
export function webhookProblems(event: string, payload: unknown): string[] {
  const validate = validator(schemaFor(event, payload));
  return validate(payload) ? [] : describeErrors(validate.errors ?? []).map((m) => `payload${m}`);
}

/** Throws, naming every problem, unless `payload` is what GitHub sends for `event`. */
export function assertWebhookPayload(event: string, payload: unknown): void {
  const problems = webhookProblems(event, payload);
  if (problems.length) throw new Error(`${event} payload does not match @octokit/webhooks-schemas:\n${problems.map((p) => `- ${p}`).join('\n')}`);
}
