/**
 * The fast path of event parsing: the field tables of event-fields.ts as plain checks, compiled
 * once, true only when the zod schema built from the same table would accept the value. It decides
 * the common case (an event as the reference describes it) without zod; anything it does not accept
 * goes to the zod schemas, which decide and name the problems. It may say false where zod accepts (a
 * non-finite number, an object with another prototype): zod then decides, so the outcome is always
 * zod's. Imports no zod.
 */
import {
	ENVELOPE_FIELDS,
	integerText,
	ISREPLY_FIELDS,
	numericText,
	PAYLOAD_FIELDS,
	type FieldKind,
	type FieldTable,
} from './event-fields';
import type { WebhookEventType } from './events';

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function checkOf(kind: FieldKind): Check {
	if (typeof kind === 'object') return objectCheck(kind.object);
	switch (kind) {
		case 'string':
			return isString;
		case 'nullableString':
			return (value) => value === null || typeof value === 'string';
		case 'number':
			return (value) => isFiniteNumber(value) || (typeof value === 'string' && numericText.test(value));
		case 'integer':
			return (value) => Number.isInteger(value) || (typeof value === 'string' && integerText.test(value));
		case 'boolean':
			return (value) => typeof value === 'boolean';
		case 'code':
		case 'id':
			return (value) => typeof value === 'string' || isFiniteNumber(value);
	}
}

/** Only objects as JSON.parse makes them: zod judges anything else. */
const isJsonObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function objectCheck(table: FieldTable): Check {
	const fields = Object.entries(table).map(([name, spec]) => {
		const check = checkOf(spec.kind);
		return { name, check: spec.required ? check : (value: unknown) => value === undefined || check(value) };
	});
	return (value) => {
		if (!isJsonObject(value)) return false;
		for (const { name, check } of fields) if (!check(value[name])) return false;
		return true;
	};
}

const envelopeCheck = objectCheck(ENVELOPE_FIELDS);
const isreplyObjectCheck = objectCheck(ISREPLY_FIELDS);
const payloadChecks: Record<string, Check> = Object.fromEntries(
	Object.entries(PAYLOAD_FIELDS).map(([type, table]) => [type, objectCheck(table)]),
);

/**
 * True when `json` matches docs/gateway-api.md#webhook-types field for field (what shapeErrors would find no problem
 * in). A false only means "ask zod".
 */
export function conformsToSpec(json: unknown, type: WebhookEventType | undefined): boolean {
	if (!envelopeCheck(json)) return false;
	if (!type) return true;
	const event = json as Record<string, unknown>;
	if (!payloadChecks[type.value](event[type.payloadKey])) return false;
	if (
		type.value === 'inbox_message' &&
		!(event.isreply === undefined || event.isreply === null || isreplyObjectCheck(event.isreply))
	)
		return false;
	return true;
}
