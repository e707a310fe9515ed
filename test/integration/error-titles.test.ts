/**
 * Error titles as n8n shows them, through n8n-core's WorkflowExecute against a real local HTTP server: the
 * title (the error's message) is one line of at most TITLE_LIMIT characters, the advice is in the description
 * below it. Looped over the gateway's API error codes (core/codes.ts, from the spec) answered with their names,
 * and over the refusals whose texts run longest.
 */
import type { IDataObject } from 'n8n-workflow';

import { API_ERROR_CODES } from '../../nodes/MessagingGateway/core/codes';
import { TITLE_LIMIT } from '../../nodes/MessagingGateway/nodeErrors';
import { runAction, visibleLength, type ActionRun } from '../support/run';
import { credentials, gateway, json, send } from '../support/transport-setup';

/** The title as n8n shows it: one line, short. */
function expectShortTitle(run: ActionRun): void {
	const title = run.error?.message ?? '';
	const short = title.length > 0 && visibleLength(title) <= TITLE_LIMIT;
	expect({ title, short, oneLine: !title.includes('\n') }).toEqual({
		title,
		short: true,
		oneLine: true,
	});
}

test.each(Object.entries(API_ERROR_CODES))(
	'gateway code %s, answered with its name: a short title, the explanation below',
	async (code, { name, meaning }) => {
		gateway.answer = (_seen, _req, res) => json(res, 400, { error: code, errorMsg: name });
		const run = await runAction({ resource: 'account', operation: 'getBalance' }, [{}], credentials);
		expectShortTitle(run);
		expect(`${run.error?.message} ${run.error?.description}`).toContain(meaning);
	},
);

const NEW_YORK = '+1 201 555 0123';
const group = { sendTo: 'group', groupId: { __rl: true, mode: 'id', value: '4821' } };

test.each<[string, IDataObject, string, string]>([
	[
		'Quiet Hours whose window was removed',
		{ ...send({ quietHours: {} }), to: NEW_YORK },
		'Quiet Hours: it has no window',
		'remove Quiet Hours from Options',
	],
	[
		'Quiet Hours on a group send without Time Zone',
		{ ...send({ quietHours: { values: { preset: 'usFederal', mode: 'defer' } } }), ...group },
		'Quiet Hours: a group send needs Time Zone',
		"the account's zone may be hours away",
	],
	[
		'Quiet Hours with a field name as Time Zone',
		{ ...send({ quietHours: { values: { preset: 'usFederal', timeZoneField: 'timeZone' } } }), to: NEW_YORK },
		'"timeZone" is not an IANA time zone name',
		'use an expression: {{ $json.timeZone }}',
	],
	[
		'a Schedule Date in the past',
		{ ...send(), additionalFields: { date: '2020-01-01T10:00:00' } },
		'Schedule Date: "2020-01-01T10:00:00" is in the past',
		'must be in the future',
	],
])('%s: a short title, the advice below', async (_, parameters, problem, advice) => {
	const run = await runAction(parameters, [{}], credentials, { typeVersion: 5 });
	expectShortTitle(run);
	expect(run.error?.message).toContain(problem);
	expect(run.error?.description).toContain(advice);
	expect(run.error?.description).toMatch(/Item 0 was refused before anything was sent\.$/);
	expect(gateway.requests.filter((request) => request.url.includes('/send'))).toEqual([]);
});

test.each<[string, IDataObject, string]>([
	[
		'Get Unanswered',
		{ resource: 'conversation', operation: 'getUnanswered', phone: '+31612000043' },
		'The conversation with 31612000043 cannot be read',
	],
	[
		'Send SMS with Loop Guard',
		{ ...send({ loopGuard: { values: { maxMessages: 5 } } }), to: '+31612000043' },
		'Loop Guard: the conversation with 31612000043 cannot be read',
	],
])(
	'%s, a conversation record without a time: the title names the conversation, the record below',
	async (_, parameters, title) => {
		gateway.answer = (_seen, _req, res) =>
			json(res, 200, { conversation: [{ direction: 'inbound', content: 'Hi' }], total: 1, shown: 1 });
		const run = await runAction(parameters, [{}], credentials, { typeVersion: 5 });
		expect(run.error?.message).toBe(title);
		expect(run.error?.description).toMatch(
			/^Record 0 of the conversation has no unixDatetime in seconds \(undefined\)\.( |$)/,
		);
		expect(gateway.requests.filter((request) => request.url.includes('/send'))).toEqual([]);
	},
);

const graphemes = (text: string) =>
	[...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
const question = (options: IDataObject) => ({
	resource: 'message',
	operation: 'sendAndWait',
	sender: '31610000001',
	to: '31612345678',
	message: 'Refund?',
	options,
});
/** A field, its parameters with `value` in it, and the title's own words around the quoted value. */
const FIELDS: Array<[string, (value: string) => IDataObject, string, string]> = [
	['To', (value) => ({ ...send(), to: value }), 'To: "', ''],
	[
		'Sender',
		(value) => ({ ...send(), sender: value }),
		'Sender: the sender name "',
		'" has 500 characters; at most 11 are allowed',
	],
	[
		'Approve Words (a button title)',
		(value) => question({ approveWords: `${value}, ok`, channel: 'whatsappButtons' }),
		'Approve Words: the title "',
		'" has 500 characters',
	],
	[
		'Schedule Date',
		(value) => ({ ...send(), additionalFields: { date: value } }),
		'Schedule Date: "',
		'" is not a date in the form yyyy-MM-dd HH:mm',
	],
	[
		'Options → Default Country',
		(value) => send({ defaultCountry: value }),
		'Default Country: "',
		'" is not an ISO 3166 country code (e.g. NL, GB, US)',
	],
	[
		'Options → Quiet Hours → Time Zone',
		(value) => ({ ...send({ quietHours: { values: { preset: 'usFederal', timeZoneField: value } } }), to: NEW_YORK }),
		'Quiet Hours: Time Zone: "',
		'" is not an IANA time zone name',
	],
	['Options → Channel', (value) => question({ channel: value }), 'Channel: "', '" is not one of sms, whatsappButtons'],
	[
		'Received At',
		(value) => ({ resource: 'conversation', operation: 'getUnanswered', phone: '+31612000043', receivedAt: value }),
		'Received At: "',
		'" is not a date with a time zone',
	],
	[
		'Format Number → Country',
		(value) => ({ resource: 'number', operation: 'format', number: '0612345678', countryCode: value }),
		'Country: "',
		'" is not an ISO 3166-1 alpha-2 country code (e.g. NL, BE, GB)',
	],
];

describe('a long value in a title is shortened inside its quotes; the title keeps its own words, the value is whole below', () => {
	/** The title is `prefix`, the value's first whole characters (at most 30) and "…" in the quotes, then `suffix`. */
	function expectShortenedValue(run: ActionRun, value: string, prefix: string, suffix: string): void {
		const title = run.error?.message ?? '';
		expectShortTitle(run);
		expect(title.startsWith(prefix)).toBe(true);
		const rest = title.slice(prefix.length);
		const shown = graphemes(rest.slice(0, rest.indexOf('…"')));
		expect({ title, shown: shown.join(''), fromValue: shown.length >= 8 && shown.length <= 30 }).toEqual({
			title,
			shown: graphemes(value).slice(0, shown.length).join(''),
			fromValue: true,
		});
		expect(rest.slice(rest.indexOf('…"') + 1).endsWith(suffix)).toBe(true);
		expect(run.error?.description).toContain(value);
	}

	test.each(FIELDS)('%s: a value of 500 characters', async (_, parameters, prefix, suffix) => {
		const value = graphemes('ABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(20)).slice(0, 500).join('');
		const run = await runAction(parameters(value), [{}], credentials, { typeVersion: 5 });
		expectShortenedValue(run, value, prefix, suffix === '' ? '' : suffix.replace('500', String(value.length)));
		expect(gateway.requests).toEqual([]);
	});

	test('counted in visible characters: 40 flags are shortened to whole flags, 20 flags fit whole', async () => {
		const [, parameters, prefix, suffix] = FIELDS.find(([field]) => field === 'Options → Default Country')!;
		const forty = '🇳🇱'.repeat(40);
		expectShortenedValue(await runAction(parameters(forty), [{}], credentials), forty, prefix, suffix);
		// 20 flags: 66 visible characters, 126 UTF-16 code units.
		const twenty = '🇳🇱'.repeat(20);
		const run = await runAction(parameters(twenty), [{}], credentials);
		expect(run.error?.message).toBe(`${prefix}${twenty}${suffix}`);
	});
});

describe("a credential's secret typed into a field is *** in the title, the description and a Continue On Fail item", () => {
	const withSigning = () => ({
		...credentials,
		apiKey: 'KEY-9f3a7c21d',
		apiSecret: 'SECRET-4b8e0d5a',
		signingSecret: 'SIGN-77c1e9a0b3',
	});

	test.each<[string, (secrets: ReturnType<typeof withSigning>) => IDataObject, string]>([
		['To: the API secret', ({ apiSecret }) => ({ ...send(), to: apiSecret }), 'To: "***"'],
		[
			'Default Country: the signing secret',
			({ signingSecret }) => send({ defaultCountry: signingSecret }),
			'Default Country: "***" is not',
		],
		// The key past the 20th character of a long value: the part of it before the shortened value's end is no secret kept either.
		[
			'Sender: the API key inside a long value',
			({ apiKey }) => ({ ...send(), sender: `${'S'.repeat(20)}${apiKey}${'S'.repeat(465)}` }),
			`Sender: the sender name "${'S'.repeat(20)}***`,
		],
		[
			'Channel: the API key within words',
			({ apiKey }) => question({ channel: `use ${apiKey} here` }),
			'Channel: "use *** here" is not',
		],
	])('%s', async (_, parameters, shown) => {
		const secrets = withSigning();
		const all = [secrets.apiKey, secrets.apiSecret, secrets.signingSecret];
		for (const continueOnFail of [false, true]) {
			const run = await runAction(parameters(secrets), [{}], secrets, { typeVersion: 5, continueOnFail });
			// The error n8n received, its stack included (n8n logs it).
			const { stack } = (run.thrown ?? {}) as { stack?: string };
			const texts = JSON.stringify([run.error?.message, run.error?.description, run.items, stack]);
			expect({ continueOnFail, title: run.error?.message?.startsWith(shown) ?? true }).toEqual({
				continueOnFail,
				title: true,
			});
			expect({ continueOnFail, texts, leaks: all.some((secret) => texts.includes(secret.slice(0, 9))) }).toEqual({
				continueOnFail,
				texts,
				leaks: false,
			});
			expect(texts).toContain('***');
		}
		expect(gateway.requests).toEqual([]);
	});
});
