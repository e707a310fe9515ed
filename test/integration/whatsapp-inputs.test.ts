/**
 * WhatsApp's inputs a reader would take for others (docs/whatsapp.md#the-calls), through n8n-core's real execution
 * context against the emulator: buttons a reader cannot tell apart, titles counted in the characters a reader sees, a
 * media URL without a host.
 */
import { runAction } from '../support/run';
import { bodies, buttons, credentials, emulator, number, whatsapp, write } from '../support/whatsapp-setup';

const template = (fields: Record<string, unknown>) =>
	whatsapp('sendTemplate', { to: number(1), templateName: 'order_confirmation', ...fields });

test.each([
	['IDs differing only in case', ['yes', 'Yes'], ['YES', 'Sure'], 'ID ("yes" and "YES")'],
	['titles differing only in case', ['a', 'yes'], ['b', 'YES'], 'title ("yes" and "YES")'],
	['titles differing by a zero-width space', ['a', 'Yes'], ['b', 'Ye\u200Bs'], 'title ("Yes" and "Ye\u200Bs")'],
	['titles differing by spaces around', ['a', 'No'], ['b', ' No '], 'title ("No" and " No ")'],
	['IDs differing by a zero-width joiner', ['ok', 'Fine'], ['\u200Dok', 'Later'], 'ID ("ok" and "\u200Dok")'],
])('two buttons with %s are refused before any request, naming both', async (_, first, second, same) => {
	const values = [first, second].map(([id, title]) => ({ id, title }));
	const run = await runAction(buttons(number(1), { buttons: { values } }), [{}], credentials);
	expect(run.error?.message).toBe(`Buttons: buttons 1 and 2 have the same ${same}`);
	expect(run.error?.description).toMatch(/^IDs|^Titles/);
	expect(emulator.requests).toHaveLength(0);
});

test('a button title is counted in the characters a reader sees: 11 thumbs with a skin tone (22 code points) go out', async () => {
	await write([number(1)]);
	const thumbs = '👍🏽'.repeat(11);
	const values = [{ id: 'up', title: thumbs }];
	const run = await runAction(buttons(number(1), { buttons: { values } }), [{}], credentials);
	expect(run.error).toBeUndefined();
	expect(bodies()[0].buttons).toEqual(values);
	const tooLong = await runAction(
		buttons(number(1), { buttons: { values: [{ id: 'up', title: 'e\u0301'.repeat(21) }] } }),
		[{}],
		credentials,
	);
	expect(tooLong.error?.message).toBe(`Buttons: the title "${'e\u0301'.repeat(21)}" has 21 characters`);
});

test('a header media URL without a host is refused before any request', async () => {
	const run = await runAction(
		template({
			variables: { values: [{ value: 'Ada' }, { value: '#1' }] },
			headerMedia: 'image',
			headerMediaUrl: 'https:///a.png',
		}),
		[{}],
		credentials,
	);
	expect(run.error?.message).toBe('Header Media URL: "https:///a.png" has no host');
	expect(emulator.requests).toHaveLength(0);
});
