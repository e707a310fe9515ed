import { buildSendRequest, type RawSendInput } from '../../../../nodes/MessagingGateway/core/sending/send';
import { voiceFields } from '../../../../nodes/MessagingGateway/core/sending/voice-fields';

/**
 * The request body of a send, case by case. Expected bodies follow docs/gateway-api.md#send-sms
 * (digits only, one number as a text, several as a list) and docs/gateway-api.md#limits (612
 * characters, 11-character sender names, 255-character references).
 */
const context = { timeZone: 'Europe/Amsterdam', now: new Date('2026-01-01T00:00:00Z') };
const base = { sender: 'Shop', to: '31612345678', message: 'Hi' };

describe('SMS: accepted inputs and the body sent', () => {
	test.each<[string, RawSendInput, Record<string, unknown>]>([
		[
			'one number, written with +, spaces and dashes',
			{ ...base, to: '+31 6-1234 5678' },
			{ message: 'Hi', to: '31612345678', sender: 'Shop' },
		],
		[
			'two numbers: a list',
			{ ...base, to: '31612345678, 31687654321' },
			{ message: 'Hi', to: ['31612345678', '31687654321'], sender: 'Shop' },
		],
		[
			'a sender number of 14 digits',
			{ ...base, sender: '31612345678901' },
			{ message: 'Hi', to: '31612345678', sender: '31612345678901' },
		],
		[
			'every optional field',
			{ ...base, date: '2026-02-01 10:00', reference: 'r1', test: true, subId: 7 },
			{
				message: 'Hi',
				to: '31612345678',
				sender: 'Shop',
				subid: '7',
				date: '2026-02-01 10:00',
				reference: 'r1',
				test: true,
			},
		],
		[
			'612 characters',
			{ ...base, message: 'x'.repeat(612) },
			{ message: 'x'.repeat(612), to: '31612345678', sender: 'Shop' },
		],
	])('%s', (_name, input, body) => {
		const result = buildSendRequest(input, context);
		expect(result.ok && result.body).toEqual(body);
	});
});

describe('SMS: refused inputs name the field', () => {
	test.each<[string, RawSendInput, string]>([
		['an empty message', { ...base, message: '  ' }, 'message'],
		['no message value', { ...base, message: null }, 'message'],
		['613 characters', { ...base, message: 'x'.repeat(613) }, 'message'],
		['a sender name of 12 characters', { ...base, sender: 'TwelveChars1' }, 'sender'],
		['a number too short to be one', { ...base, to: '12' }, 'to'],
		['a date in the past', { ...base, date: '2025-01-01 10:00' }, 'date'],
		['a date that does not exist (summer time starts)', { ...base, date: '2026-03-29 02:30' }, 'date'],
		['a reference of 256 characters', { ...base, reference: 'r'.repeat(256) }, 'reference'],
		['test given as text', { ...base, test: 'yes' }, 'test'],
	])('%s', (_name, input, field) => {
		expect(buildSendRequest(input, context)).toMatchObject({ ok: false, field });
	});
});

describe('voice: no sender, language and gender checked', () => {
	test('language and gender are sent as given', () => {
		const result = buildSendRequest(
			{ to: '31612345678', message: 'Hi', language: 'nl', gender: 'Female' },
			context,
			voiceFields,
		);
		expect(result.ok && result.body).toEqual({ message: 'Hi', to: '31612345678', language: 'nl', gender: 'Female' });
	});
	test('an unknown language is refused', () => {
		expect(buildSendRequest({ to: '31612345678', message: 'Hi', language: 'xx' }, context, voiceFields)).toMatchObject({
			ok: false,
			field: 'language',
		});
	});
});

describe('recipients and empty messages', () => {
	const context = { timeZone: 'UTC', now: new Date('2030-01-01T00:00:00Z') };

	test('one number written several ways is one recipient; the forms are listed', () => {
		const result = buildSendRequest(
			{ sender: 'Shop', to: '+31 6 1234 5678, 0031 6 1234 5678; +31 (0)6-12345678, +44 7700 100123', message: 'Hi' },
			context,
		);
		expect(result).toMatchObject({
			ok: true,
			recipients: ['31612345678', '447700100123'],
			merged: { '31612345678': ['+31 6 1234 5678', '0031 6 1234 5678', '+31 (0)6-12345678'] },
			body: { to: ['31612345678', '447700100123'] },
		});
	});

	test('distinct numbers merge nothing; one left after merging is sent as text', () => {
		expect(buildSendRequest({ sender: 'Shop', to: '31612345678, +31612345678', message: 'Hi' }, context)).toMatchObject(
			{ ok: true, body: { to: '31612345678' } },
		);
		expect(buildSendRequest({ sender: 'Shop', to: '31612345678', message: 'Hi' }, context)).toMatchObject({
			ok: true,
			merged: {},
		});
	});

	test.each(['\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u00ad', '\u3164', '\ufe0f'])(
		'a message of only %j is empty',
		(message) => {
			expect(buildSendRequest({ sender: 'Shop', to: '31612345678', message }, context)).toEqual({
				ok: false,
				field: 'message',
				error: 'the message is empty: it has no visible characters',
			});
		},
	);

	test.each(['a\u200b', '🙂', '\u200b.'])('%j has a visible character', (message) => {
		expect(buildSendRequest({ sender: 'Shop', to: '31612345678', message }, context).ok).toBe(true);
	});
});
