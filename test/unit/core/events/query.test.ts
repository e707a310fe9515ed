import fc from 'fast-check';
import { parse as parseQuery } from 'qs';

import { WEBHOOK_EVENT_TYPES } from '../../../../nodes/MessagingGateway/core/events/events';
import { decodeQueryEvent, encodeQuery } from '../../../../nodes/MessagingGateway/core/events/query';
import { SPEC_EXAMPLES } from '../../../fixtures/spec-events';

/** What an HTTP client sends for `?query` (WHATWG URL parsing, as fetch does), parsed the way n8n's Express does. */
const received = (query: string) =>
	parseQuery(new URL(`http://127.0.0.1/webhook?${query}`).search.slice(1), { depth: 5 }) as Record<string, unknown>;

/** `example` with every text field of its payload object replaced by the next of `texts`. */
function withTexts(example: Record<string, unknown>, payloadKey: string, texts: string[]): Record<string, unknown> {
	let next = 0;
	const replace = (value: unknown): unknown => {
		if (typeof value === 'string') return texts[next++ % texts.length];
		if (value && typeof value === 'object' && !Array.isArray(value)) {
			return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item)]));
		}
		return value;
	};
	return { ...example, method: 'GET', [payloadKey]: replace(example[payloadKey]) };
}

describe('encodeQuery and decodeQueryEvent round-trip every webhook type', () => {
	test('the fixtures cover all 14 types', () => {
		expect(WEBHOOK_EVENT_TYPES.map((type) => type.value).sort()).toEqual(Object.keys(SPEC_EXAMPLES).sort());
		expect(WEBHOOK_EVENT_TYPES).toHaveLength(14);
	});

	test.each(WEBHOOK_EVENT_TYPES.map((type) => [type.value, type.payloadKey]))(
		'%s: any texts in its payload come back as sent',
		(value, payloadKey) => {
			const text = fc.oneof(
				fc.string(),
				fc.string({ unit: 'grapheme' }),
				fc.constantFrom('', "'", '%27', '+', '&=[]#?', ' ', '0', 'null'),
			);
			fc.assert(
				fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
					const event = withTexts(SPEC_EXAMPLES[value], payloadKey, texts);
					expect(JSON.stringify(decodeQueryEvent(received(encodeQuery(event))))).toBe(JSON.stringify(event));
				}),
				{ numRuns: 100 },
			);
		},
	);
});
