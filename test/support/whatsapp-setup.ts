/**
 * Shared setup of the WhatsApp tests (whatsapp.test.ts, whatsapp-fallback.test.ts): a fresh emulator for each test
 * with the template `order_confirmation` (2 variables, an image header), and the node's parameters for the three
 * operations.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { emulatorClient } from './emulator-client';
import type { GatewayCredentials } from './run';

export let emulator: Emulator;
export let credentials: GatewayCredentials;
export const client = emulatorClient(() => emulator);

/** NL mobiles libphonenumber calls valid: 3161000 1000 + n. */
export const number = (n: number) => `3161000${String(1000 + n)}`;
const sender = { __rl: true, mode: 'id', value: 'MyShop' };

export const whatsapp = (operation: string, fields: Record<string, unknown>) => ({
	resource: 'whatsapp',
	operation,
	sender,
	...fields,
});
const YES_NO = {
	values: [
		{ id: 'yes', title: 'Yes' },
		{ id: 'no', title: 'No' },
	],
};
export const buttons = (to: string, fields: Record<string, unknown> = {}) =>
	whatsapp('sendButtons', { to, message: 'Is 10:00 fine?', buttons: YES_NO, ...fields });
/** Rows of the section "Monday" as the node's Sections parameter takes them. */
export const monday = (rows: Array<Record<string, string>>) => ({
	values: [{ title: 'Monday', rows: { values: rows } }],
});
export const list = (to: string, rows: Array<Record<string, string>>, fields: Record<string, unknown> = {}) =>
	whatsapp('sendList', { to, message: 'Pick a slot', buttonText: 'Slots', sections: monday(rows), ...fields });
/** Opens the 24-hour window of `numbers`: each writes a WhatsApp message. */
export const write = async (numbers: string[]) => {
	for (const from of numbers)
		await client.control('POST', '/emulator/inbound', { from, content: 'Hi', type: 'whatsapp' });
};
export const bodies = () => emulator.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
	await client.control('PUT', '/emulator/whatsapp/templates', {
		templates: [{ name: 'order_confirmation', variables: 2, header: 'image' }],
	});
});
afterEach(() => emulator.close());
