/** Shared setup of quiet-hours*.test.ts: a fresh emulator for each test (account in Europe/Brussels), a fixed clock (only Date is faked), a Send SMS with Quiet Hours and what the emulator received. */
import type { IDataObject } from 'n8n-workflow';
import { startEmulator, type Emulator } from '../../emulator/server';
import { emulatorCredentials } from './n8n-core';
import { runAction, type ActionSettings, type GatewayCredentials } from './run';
import { emulatorClient } from './emulator-client';

export let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({
		settings: { deliveryDelayMs: 60_000 },
		account: { balance: 1e9, timezone: 'Europe/Brussels' },
	});
});
afterEach(async () => {
	jest.useRealTimers();
	await emulator.close();
});

export const REAL = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;
export const fixClock = (iso: string) => jest.useFakeTimers({ now: new Date(iso), doNotFake: [...REAL] });
export const credentials = () =>
	({ ...emulatorCredentials(emulator), accountTimeZone: 'Europe/Brussels' }) as GatewayCredentials;
export const send = (to: string, quietHours: IDataObject = {}, fields: IDataObject = {}): IDataObject => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to,
	message: 'Sale today',
	options: { quietHours: { values: quietHours } },
	...fields,
});
export const run = (parameters: IDataObject, settings?: ActionSettings, items: IDataObject[] = [{}]) =>
	runAction(parameters, items, credentials(), settings);
/** The bodies of the send requests the emulator answered. */
export const sends = () =>
	emulator.requests
		.filter((request) => request.path === '/v1/message/send')
		.map((request) => JSON.parse(request.body) as IDataObject);
export const { control, api } = emulatorClient(() => emulator);
export const scheduled = () => control<IDataObject[]>('GET', '/emulator/scheduled');
