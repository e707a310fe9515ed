/**
 * senderKindOf: the rule of docs/sms-assistants.md#machine-senders. Expected kinds come from the rule as
 * written there, and the shortest real numbers from libphonenumber-js's example numbers of every country.
 */
import { getCountries, getExampleNumber } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';

import { senderKindOf, withSenderKind } from '../../../../nodes/MessagingGateway/core/numbers/sender-kind';

test.each([
	['Vodafone', 'alphanumeric'],
	['INFO', 'alphanumeric'],
	['12345', 'shortCode'],
	['ING Bank', 'alphanumeric'],
	['Bank2Go', 'alphanumeric'],
	['Zürich', 'alphanumeric'],
	['***', 'alphanumeric'],
	['123', 'shortCode'],
	['123456', 'shortCode'],
	['+123456', 'shortCode'],
	['1234567', 'number'],
	['31612345678', 'number'],
	['+31 6 1234 5678', 'number'],
	['+1 (415) 555-2671', 'number'],
	[31612345678, 'number'],
	[12345, 'shortCode'],
	// Decimal digits of other scripts count as digits: Arabic-Indic, Extended Arabic-Indic, Devanagari, full-width.
	['١٢٣٤٥', 'shortCode'],
	['+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧', 'number'],
	['۰۹۱۲۳۴۵۶۷۸۹', 'number'],
	['१२३४५६', 'shortCode'],
	['१२३४५६७', 'number'],
	['１２３４５', 'shortCode'],
	['+３１ ６ １２３４ ５６７８', 'number'],
])('%j is %s', (sender, kind) => {
	expect(senderKindOf(sender)).toBe(kind);
});

test.each([undefined, null, '', '   ', 1.5, {}, ['31612345678']])('%j has no kind', (sender) => {
	expect(senderKindOf(sender)).toBeUndefined();
});

test("every country's example mobile number, written internationally, is a number (none has 6 digits or fewer)", () => {
	const countries = getCountries();
	expect(countries.length).toBeGreaterThan(200);
	for (const country of countries) {
		const example = getExampleNumber(country, examples);
		if (example === undefined) continue;
		expect([country, senderKindOf(example.number)]).toEqual([country, 'number']);
		expect([country, senderKindOf(example.number.slice(1))]).toEqual([country, 'number']);
	}
});

test('withSenderKind adds the field, and leaves a record without a sender as it is', () => {
	expect(withSenderKind({ sender: 'INFO', message: 'x' }, 'INFO')).toEqual({
		sender: 'INFO',
		message: 'x',
		senderKind: 'alphanumeric',
	});
	const record = { message: 'x' };
	expect(withSenderKind(record, undefined)).toBe(record);
});
