/**
 * Node version 5 reads numbers by libphonenumber (docs/messaging-gateway.md#phone-numbers), through n8n-core's
 * WorkflowExecute against the emulator: each case that sent an SMS to a stranger or refused a good number before
 * (issue 41) with the request body the gateway receives. Expected numbers: the owners', as each country's national
 * numbering plan writes them.
 */
import { runAction } from '../support/run';
import { apiRequests, byList, gateway } from '../support/contacts-setup';

/** The bodies of the gateway's requests to `path`, oldest first. */
const bodiesTo = (path: string) =>
	apiRequests()
		.filter((request) => request.path === path)
		.map(({ body }) => body as Record<string, unknown>);
const bodies = () => bodiesTo('/v1/message/send');

const send = (defaultCountry?: string, options: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.phone }}',
	message: 'Hello',
	options: { ...(defaultCountry ? { defaultCountry } : {}), ...options },
});

describe('Send SMS, version 5: the request body for each case', () => {
	test.each([
		['DE 0160 12345678: the German 0160 mobile', 'DE', '0160 12345678', '4916012345678'],
		[
			'US (201) 555-0123 with Default Country US, though +20 15 550123 is an Egyptian number',
			'US',
			'(201) 555-0123',
			'12015550123',
		],
		['NO 47 12 34 56 is a Norwegian mobile, not refused as ambiguous', 'NO', '47 12 34 56', '4747123456'],
		['DK 45 12 34 56 is a Danish number, not refused as ambiguous', 'DK', '45 12 34 56', '4545123456'],
		['CN 131 1234 5678 is a Chinese mobile, not refused as ambiguous', 'CN', '131 1234 5678', '8613112345678'],
		['BR (11) 91234-5678 is a São Paulo mobile', 'BR', '(11) 91234-5678', '5511912345678'],
		['MC 06 12 34 56 78: the trunk 0 is not sent inside the number', 'MC', '06 12 34 56 78', '377612345678'],
		['BY 8 029 123-45-67: the trunk 8 0 is not sent inside the number', 'BY', '8 029 123-45-67', '375291234567'],
		['AR 011 15 2345-6789: Buenos Aires 11, the mobile 9', 'AR', '011 15 2345-6789', '5491123456789'],
		['+31 06 12345678: the stray 0 after the country code is dropped', undefined, '+31 06 12345678', '31612345678'],
		[
			'16012345678 without Default Country: the gateway format, +1 601 234 5678',
			undefined,
			'16012345678',
			'16012345678',
		],
	])('%s', async (_name, country, phone, to) => {
		const run = await runAction(send(country), [{ phone }], gateway.credentials);
		expect(run.error).toBeUndefined();
		expect(bodies()).toEqual([expect.objectContaining({ to, message: 'Hello', sender: 'Shop' })]);
		expect(run.items.map((item) => item.json.to)).toEqual([to]);
	});

	test.each([
		['DE', '4915112345678', '+49 1511 2345678', '+49 491 5112345678'],
		['DE', '16012345678', '+1 601 234 5678', '+49 160 12345678'],
		['IT', '390 321 2782', '+39 0321 2782', '+39 390 321 2782'],
		['PL', '48 161 92 89', '+48 16 19 289', '+48 48 161 92 89'],
	])(
		'%s %s is two numbers: refused before any request, naming both (issue 53)',
		async (country, phone, international, national) => {
			const run = await runAction(send(country), [{ phone: '+31612345678' }, { phone }], gateway.credentials);
			expect(run.error?.message).toBe(`To: "${phone}" could be ${international} or ${national}`);
			expect(run.error?.description).toMatch(
				/it is .*\. Write the one you mean with \+ and its country code\. Item 1 was refused before anything was sent\.$/,
			);
			expect(bodies()).toEqual([]);
		},
	);

	test('US 2015550123, bare digits that are also the Egyptian +20 15 550123: refused naming Prefer Default Country; with it on, the US number; Opt-Out → Add alike', async () => {
		const refused = await runAction(send('US'), [{ phone: '2015550123' }], gateway.credentials);
		expect(refused.error?.message).toBe('To: "2015550123" could be +20 15 550123 or +1 201 555 0123');
		expect(refused.error?.description).toMatch(
			/ If your numbers are written as United States of America writes them, turn on Prefer Default Country\. Item 0 was refused before anything was sent\.$/,
		);
		expect(bodies()).toEqual([]);
		// Anything but true (an expression's text "true" too) keeps the refusal.
		const text = await runAction(
			send('US', { preferDefaultCountry: 'true' }),
			[{ phone: '2015550123' }],
			gateway.credentials,
		);
		expect(text.error?.message).toBe('To: "2015550123" could be +20 15 550123 or +1 201 555 0123');
		const preferred = await runAction(
			send('US', { preferDefaultCountry: true }),
			[{ phone: '2015550123' }, { phone: '(201) 555-0124' }],
			gateway.credentials,
		);
		expect(preferred.error).toBeUndefined();
		expect(bodies().flatMap((body) => [body.to].flat())).toEqual(['12015550123', '12015550124']);
		const optOut = (options: Record<string, unknown>) =>
			runAction(
				{
					resource: 'optOut',
					operation: 'create',
					number: '2015550123',
					options: { defaultCountry: 'US', ...options },
				},
				[{}],
				gateway.credentials,
			);
		expect((await optOut({})).error?.message).toBe('Number: "2015550123" could be +20 15 550123 or +1 201 555 0123');
		expect((await optOut({ preferDefaultCountry: true })).error).toBeUndefined();
	});

	test('a number libphonenumber calls invalid is refused before any request, naming the field and the item', async () => {
		const run = await runAction(send(), [{ phone: '+31612345678' }, { phone: '15112345678' }], gateway.credentials);
		expect(run.error?.message).toBe('To: "15112345678" is not a valid international number');
		expect(run.error?.description).toMatch(
			/\. If it is a national number, set the Default Country option\. If the number is new, turn on Accept Unrecognized Numbers\. Item 1 was refused before anything was sent\.$/,
		);
		expect(bodies()).toEqual([]);
	});

	test('Accept Unrecognized Numbers sends a number of possible length libphonenumber does not know', async () => {
		const refused = await runAction(send(), [{ phone: '+44 7700 900123' }], gateway.credentials);
		expect(refused.error?.message).toBe('To: "+44 7700 900123" is not a valid number');
		const accepted = await runAction(
			send(undefined, { acceptUnrecognizedNumbers: true }),
			[{ phone: '+44 7700 900123' }],
			gateway.credentials,
		);
		expect(accepted.error).toBeUndefined();
		expect(bodies()).toEqual([expect.objectContaining({ to: '447700900123' })]);
	});
});

describe('versions 1–4 read as before, but never send to a reading libphonenumber reads as another valid number', () => {
	test.each([[3], [4]])('version %i: BY 8 029 123-45-67 is refused, naming both readings', async (typeVersion) => {
		const run = await runAction(send('BY'), [{ phone: '8 029 123-45-67' }], gateway.credentials, { typeVersion });
		expect(run.error?.message).toBe(
			'To: "8 029 123-45-67" is read as +3750291234567 here, but as +375 29 123 45 67 by libphonenumber',
		);
		expect(run.error?.description).toMatch(
			/^This node version reads it as \+3750291234567; libphonenumber's reading is a valid number of Belarus \(BY\)\. Write it with \+ and its country code to say which is meant \(node version 5 reads numbers as libphonenumber does\)\. Item 0 was refused/,
		);
		expect(bodies()).toEqual([]);
	});

	test.each([[3], [4]])(
		'version %i: IT 390 321 2782, two valid numbers, is refused naming both',
		async (typeVersion) => {
			const run = await runAction(send('IT'), [{ phone: '390 321 2782' }], gateway.credentials, { typeVersion });
			expect(run.error?.message).toBe('To: "390 321 2782" could be +39 0321 2782 or +39 390 321 2782');
			expect(bodies()).toEqual([]);
		},
	);

	test('version 4: numbers both read alike go out as before', async () => {
		const run = await runAction(
			send('NL'),
			[{ phone: '06 1234 5678' }, { phone: '+44 7700 900123' }],
			gateway.credentials,
			{
				typeVersion: 4,
			},
		);
		expect(run.error).toBeUndefined();
		// One batched request (Batch Recipients is on from version 2).
		expect(bodies().flatMap((body) => [body.to].flat())).toEqual(['31612345678', '447700900123']);
	});
});

describe('every number field reads numbers the same way, with Options → Default Country (version 5)', () => {
	test("Opt-Out → Add with Germany: 015112345678 is the German mobile; 4915112345678, in the gateway's format, is refused as two numbers", async () => {
		const optOut = (phone: string) =>
			runAction(
				{ resource: 'optOut', operation: 'create', number: '={{ $json.phone }}', options: { defaultCountry: 'DE' } },
				[{ phone }],
				gateway.credentials,
			);
		expect((await optOut('015112345678')).error).toBeUndefined();
		// The person who sent STOP from +49 151 12345678 must not stay on the list while 0491 5112345678 is put on it.
		const refused = await optOut('4915112345678');
		expect(refused.error?.message).toBe('Number: "4915112345678" could be +49 1511 2345678 or +49 491 5112345678');
		expect(bodiesTo('/v1/optouts')).toEqual([{ number: '4915112345678' }]);
	});

	test('Contact → Create: a national number with Default Country; an invalid one refused before any request', async () => {
		const contact = (phone: string, options: Record<string, unknown>) =>
			runAction(
				{ resource: 'contact', operation: 'create', phone, groupId: byList('4821'), options },
				[{}],
				gateway.credentials,
			);
		expect((await contact('0160 12345678', { defaultCountry: 'DE' })).error).toBeUndefined();
		const refused = await contact('+44 7700 900123', {});
		expect(refused.error?.message).toMatch(/^Phone: "\+44 7700 900123" is not a valid number/);
		expect(bodiesTo('/v1/contact')).toEqual([{ phone: '4916012345678', groupid: '4821' }]);
	});

	test('Conversation → Get: a national number with Default Country is read in that country', async () => {
		const run = await runAction(
			{ resource: 'conversation', operation: 'get', phone: '06 1234 5678', options: { defaultCountry: 'NL' } },
			[{}],
			gateway.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(apiRequests()[0]).toMatchObject({ method: 'GET', path: '/v1/conversation/31612345678' });
	});
});
