/**
 * The zod schemas of the envelope and of every payload object, built from the field tables: they
 * decide whether an event matches the reference and name each problem. Fields the reference does
 * not list pass through (the gateway may add some).
 */
import { z } from 'zod';

import {
	ENVELOPE_FIELDS,
	integerText,
	ISREPLY_FIELDS,
	numericText,
	PAYLOAD_FIELDS,
	type FieldKind,
	type FieldTable,
} from './event-fields';

function schemaOf(kind: FieldKind): z.ZodTypeAny {
	if (typeof kind === 'object') return objectSchema(kind.object);
	switch (kind) {
		case 'string':
			return z.string();
		case 'nullableString':
			return z.string().nullable();
		case 'number':
			return z.union([z.number(), z.string().regex(numericText, 'expected a number')]);
		case 'integer':
			return z.union([z.number().int(), z.string().regex(integerText, 'expected an integer')]);
		case 'boolean':
			return z.boolean();
		case 'code':
		case 'id':
			return z.union([z.string(), z.number()]);
	}
}

function objectSchema(table: FieldTable) {
	const shape: Record<string, z.ZodTypeAny> = {};
	for (const [name, spec] of Object.entries(table)) {
		shape[name] = spec.required ? schemaOf(spec.kind) : schemaOf(spec.kind).optional();
	}
	// Fields the spec does not list pass through: the gateway may add some.
	return z.object(shape).passthrough();
}

export const envelopeSchema = objectSchema(ENVELOPE_FIELDS);
export const isreplySchema = objectSchema(ISREPLY_FIELDS).nullable().optional();
export const payloadSchemas: Record<string, z.ZodTypeAny> = Object.fromEntries(
	Object.entries(PAYLOAD_FIELDS).map(([type, table]) => [type, objectSchema(table)]),
);
