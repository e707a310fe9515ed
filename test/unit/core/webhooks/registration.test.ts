/** Webhook registration's rules: the request body, reading the list and the create's answer, recognising an entry. */
import {
	deleteKeys,
	entryMatches,
	isKeptEntry,
	readCreated,
	readRegistrationList,
	registrationRequest,
} from '../../../../nodes/MessagingGateway/core/webhooks/registration';
import { SPEC_EVENT_TYPES } from '../../../support/spec-event-types';

const URL = 'https://n8n.example.com/webhook/abc/webhook';

describe('registrationRequest', () => {
	test('the URL, POST and the selected types, in the spec order', () => {
		expect(registrationRequest(URL, ['inbox_message', 'delivery_report'])).toEqual({
			webhook_endpoint: URL,
			webhook_method: 'POST',
			webhook_types: ['delivery_report', 'inbox_message'],
		});
	});

	test('* stands for every type of gateway-api.md §6', () => {
		expect(registrationRequest(URL, ['*']).webhook_types).toEqual(SPEC_EVENT_TYPES);
		expect(registrationRequest(URL, ['*', 'inbox_message']).webhook_types).toEqual(SPEC_EVENT_TYPES);
	});
});

describe('readRegistrationList', () => {
	const entry = { id: 7, webhook_endpoint: URL, webhook_method: 'POST', webhook_types: ['inbox_message'] };
	const read = { ...entry, id: '7' };

	test.each([
		['a bare list', [entry]],
		['a list under data', { data: [entry] }],
		['a list under another name beside other fields', { success: true, webhooks: [entry] }],
	])('%s', (_, body) => {
		expect(readRegistrationList(body)).toEqual([read]);
	});

	test('an empty list is a list', () => {
		expect(readRegistrationList([])).toEqual([]);
	});

	test.each([
		['no list', { success: true }],
		['two lists', { a: [], b: [] }],
		['an entry without webhook_endpoint', [{ id: 1, webhook_types: [] }]],
		['an entry without webhook_types', [{ id: 1, webhook_endpoint: URL }]],
		['text', 'Not found'],
		['null', null],
	])('%s: not the documented answer', (_, body) => {
		expect(readRegistrationList(body)).toBeUndefined();
	});
});

describe('readCreated', () => {
	test.each([
		[
			{ id: 3, secret: 'whsec_x' },
			{ id: '3', secret: 'whsec_x' },
		],
		[{ data: { id: 'a', secret: 'whsec_y' } }, { id: 'a', secret: 'whsec_y' }],
		[{ secret: 'whsec_z' }, { secret: 'whsec_z' }],
		[{ id: 9, secret: '  ' }, { id: '9' }],
	])('%j → %j', (body, expected) => {
		expect(readCreated(body)).toEqual(expected);
	});

	test.each([[{ success: true }], [{ id: '' }], ['ok'], [[]]])('%j names no registration', (body) => {
		expect(readCreated(body)).toBeUndefined();
	});
});

describe('recognising an entry', () => {
	const request = registrationRequest(URL, ['*']);
	const entry = { id: '1', ...request };

	test('the same URL, method and types match; * and the full list are alike', () => {
		expect(entryMatches(entry, request)).toBe(true);
		expect(entryMatches({ ...entry, webhook_types: ['*'] }, request)).toBe(true);
	});

	test.each([
		['other types', { webhook_types: ['inbox_message'] }],
		['no types', { webhook_types: [] }],
		['another method', { webhook_method: 'GET' as const }],
		['another URL', { webhook_endpoint: `${URL}x` }],
	])('%s do not match', (_, change) => {
		expect(entryMatches({ ...entry, ...change }, request)).toBe(false);
	});

	test('the kept registration: its id when both name one, else its URL', () => {
		expect(isKeptEntry(entry, { url: URL, id: '1' })).toBe(true);
		expect(isKeptEntry(entry, { url: URL, id: '2' })).toBe(false);
		expect(isKeptEntry(entry, { url: URL, secret: 's' })).toBe(true);
		expect(isKeptEntry({ ...request }, { url: URL, id: '2' })).toBe(true);
		expect(isKeptEntry(entry, { url: `${URL}x`, id: '1' })).toBe(false);
	});

	test('a delete names the secret first, then the id', () => {
		expect(deleteKeys({ url: URL, id: '1', secret: 's' })).toEqual(['s', '1']);
		expect(deleteKeys({ url: URL, id: '1' })).toEqual(['1']);
	});
});
