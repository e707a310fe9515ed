/**
 * The emulator's recipients (docs/emulator.md#recipients): per number and channel, the final delivery report's code
 * and delay, and whether and when a delivered WhatsApp message is read — over real HTTP, read back from the events
 * the emulator emitted. Codes are the gateway's delivery codes (docs/gateway-api.md#delivery-codes).
 */
import { api, emulator } from '../support/emulator-setup';
import { emulatorClient } from '../support/emulator-client';
import { sleep } from '../../tools/waits';

const { control, controlAnswer } = emulatorClient(() => emulator);
const PERSON = '31610002001';
const OTHER = '31610009992';

const payloadOf = (event: Record<string, unknown>) => (event.message ?? {}) as Record<string, unknown>;
/** Every report on `messageid` so far: its type, delivery code and detail. */
const reportsOf = (messageid: unknown) =>
	emulator.events
		.map((entry) => entry.event)
		.filter((event) => payloadOf(event).messageid === messageid)
		.map((event) => [
			event.webhook_type,
			payloadOf(event).delivery_code,
			payloadOf(event).delivery_code_detail ?? null,
		]);

const sms = async (to: string) =>
	(await api('POST', '/v1/message/send', { sender: 'MyShop', to, message: 'Your order is ready' })).body.messageid;
const call = async (to: string) =>
	(await api('POST', '/v1/voice/send', { to, message: 'Your order is ready' })).body.messageid;
const whatsapp = async (to: string) => {
	await control('PUT', '/emulator/whatsapp/templates', { templates: [{ name: 'ready', variables: 0 }] });
	return (await api('POST', '/v1/whatsapp/send_template', { sender: 'MyShop', to, template_name: 'ready' })).body
		.messageid;
};

test('each channel of one number fares as set: WhatsApp delivered and never read, SMS not delivered (detail 18) late, a call delivered', async () => {
	await controlAnswer('PUT', '/emulator/recipients', {
		recipients: [
			{
				number: PERSON,
				whatsapp: { code: '1', readAfterMs: null },
				sms: { code: '2', detail: '18', afterMs: 400 },
				voice: { code: '1' },
			},
		],
	});
	const [byWhatsApp, bySms, byCall] = [await whatsapp(PERSON), await sms(PERSON), await call(PERSON)];
	await sleep(150);
	// The SMS's final report is not due yet; the settings' 20 ms have passed for the others.
	expect(reportsOf(bySms)).toEqual([['delivery_report', '0', null]]);
	await emulator.settle(10_000);
	expect(reportsOf(byWhatsApp)).toEqual([
		['delivery_report', '0', null],
		['delivery_report', '1', null],
	]);
	expect(reportsOf(bySms)).toEqual([
		['delivery_report', '0', null],
		['delivery_report', '2', '18'],
	]);
	expect(reportsOf(byCall)).toEqual([
		['delivery_report', '0', null],
		['delivery_report', '1', null],
	]);
});

test('a channel not set fares as the number’s magic suffix says; a WhatsApp message is read when set to be', async () => {
	await controlAnswer('PUT', '/emulator/recipients', {
		recipients: [
			{ number: PERSON, whatsapp: { code: '1', readAfterMs: 50 } },
			{ number: OTHER, sms: { code: '0' } },
		],
	});
	const ids = [await whatsapp(PERSON), await sms(PERSON), await whatsapp(OTHER), await sms(OTHER)];
	await emulator.settle(10_000);
	expect(ids.map(reportsOf)).toEqual([
		[
			['delivery_report', '0', null],
			['delivery_report', '1', null],
			['read_report', '1', null],
		],
		[
			['delivery_report', '0', null],
			['delivery_report', '1', null],
		],
		// …9992 is not delivered (magic.ts) on the channel not set; code 0 set for the SMS: no final report.
		[
			['delivery_report', '0', null],
			['delivery_report', '2', null],
		],
		[['delivery_report', '0', null]],
	]);
});

test('GET lists what PUT set, DELETE and reset empty it', async () => {
	const set = { recipients: [{ number: PERSON, sms: { code: '4', afterMs: 0 } }] };
	expect((await controlAnswer('PUT', '/emulator/recipients', set)).body).toEqual(set);
	expect((await controlAnswer('GET', '/emulator/recipients')).body).toEqual(set);
	expect((await controlAnswer('DELETE', '/emulator/recipients')).body).toEqual({ recipients: [] });
	await controlAnswer('PUT', '/emulator/recipients', set);
	await controlAnswer('POST', '/emulator/reset');
	expect((await controlAnswer('GET', '/emulator/recipients')).body).toEqual({ recipients: [] });
});

test.each([
	['no list', {}, /"recipients" must be a list/],
	[
		'a number not international',
		{ recipients: [{ number: '0612345678' }] },
		/"number" must be an international number/,
	],
	['a number twice', { recipients: [{ number: PERSON }, { number: PERSON }] }, /is listed twice/],
	['an unknown channel', { recipients: [{ number: PERSON, email: { code: '1' } }] }, /unknown recipient fields: email/],
	['a code that is no delivery code', { recipients: [{ number: PERSON, sms: { code: '7' } }] }, /"sms\.code" must be/],
	['a code as a number', { recipients: [{ number: PERSON, sms: { code: 1 } }] }, /"sms\.code" must be/],
	['a detail on a delivered code', { recipients: [{ number: PERSON, sms: { code: '1', detail: '18' } }] }, /detail/],
	['a negative delay', { recipients: [{ number: PERSON, sms: { code: '1', afterMs: -1 } }] }, /"sms\.afterMs"/],
	['a read delay on an SMS', { recipients: [{ number: PERSON, sms: { code: '1', readAfterMs: 5 } }] }, /readAfterMs/],
	[
		'a read delay on WhatsApp not delivered',
		{ recipients: [{ number: PERSON, whatsapp: { code: '2', readAfterMs: 5 } }] },
		/readAfterMs/,
	],
	['an unknown field', { recipients: [{ number: PERSON, sms: { code: '1', after: 5 } }] }, /unknown fields: after/],
])('%s is refused with 400, and the set list stays', async (_, body, message) => {
	const set = { recipients: [{ number: OTHER, voice: { code: '9' } }] };
	await controlAnswer('PUT', '/emulator/recipients', set);
	const answer = await controlAnswer('PUT', '/emulator/recipients', body);
	expect(answer.status).toBe(400);
	expect(answer.body.error).toMatch(message);
	expect((await controlAnswer('GET', '/emulator/recipients')).body).toEqual(set);
});
