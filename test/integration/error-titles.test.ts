/**
 * Error titles as n8n shows them, through n8n-core's WorkflowExecute against a real local HTTP server: the
 * title (the error's message) is one line of at most TITLE_LIMIT characters, the advice is in the description
 * below it. Looped over the gateway's API error codes (core/codes.ts, from the spec) answered with their names,
 * and over the refusals whose texts run longest.
 */
import type { IDataObject } from 'n8n-workflow';

import { API_ERROR_CODES } from '../../nodes/MessagingGateway/core/codes';
import { TITLE_LIMIT } from '../../nodes/MessagingGateway/nodeErrors';
import { runAction, type ActionRun } from '../support/run';
import { credentials, gateway, json, send } from '../support/transport-setup';

/** The title as n8n shows it: one line, short. */
function expectShortTitle(run: ActionRun): void {
	const title = run.error?.message ?? '';
	expect({ title, short: title.length > 0 && title.length <= TITLE_LIMIT, oneLine: !title.includes('\n') }).toEqual({
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
