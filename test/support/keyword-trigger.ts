/**
 * The set-up of the Opt-Out Keywords tests (trigger-keywords*.test.ts): a fresh emulator per test with the
 * trigger's signing secret, triggers in n8n-core's WebhookContext closed after each test, and incoming SMS
 * events each with their own webhook_id (the trigger's memory is shared by the tests of a file).
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { SPEC_EXAMPLES } from '../fixtures/spec-events';
import { emulatorCredentials } from './n8n-core';
import { startTriggerServer } from './webhook-server';
import { SECRET } from './trigger-helpers';
import { emulatorClient } from './emulator-client';

/** Registers the per-test emulator and triggers; call at the top of a test file. */
export function keywordTriggerKit(idPrefix: string) {
	let emulator: Emulator;
	beforeEach(async () => {
		emulator = await startEmulator({
			account: { signingSecret: SECRET, balance: 1e6 },
			settings: { deliveryDelayMs: 60_000 },
		});
	});
	afterEach(() => emulator.close());

	type Server = Awaited<ReturnType<typeof startTriggerServer>>;
	const servers: Server[] = [];
	afterEach(async () => {
		await Promise.all(servers.splice(0).map((server) => server.close()));
	});
	/** A trigger with these options; `signingSecret` '' for a credential without one. */
	async function trigger(
		options: Record<string, unknown> = {},
		typeVersion = 3,
		events = ['inbox_message'],
		signingSecret = SECRET,
	) {
		const server = await startTriggerServer(
			{ events, options },
			{ ...emulatorCredentials(emulator), signingSecret },
			typeVersion,
		);
		servers.push(server);
		return server;
	}

	let nextId = 0;
	/** An incoming SMS event with its own webhook_id. */
	const incoming = (content: string, sender: string) => ({
		...SPEC_EXAMPLES.inbox_message,
		webhook_id: `${idPrefix}_${++nextId}`,
		message: { ...(SPEC_EXAMPLES.inbox_message.message as object), sender, content },
	});
	const { control } = emulatorClient(() => emulator);
	return {
		emulator: () => emulator,
		trigger,
		incoming,
		control,
		optOutRequests: () => emulator.requests.filter((request) => request.path === '/v1/optouts'),
		optOutList: () => control<string[]>('GET', '/emulator/optouts'),
	};
}
