/**
 * Register Webhook Automatically (issue 51) in a real n8n with the emulator as the gateway: activating registers
 * exactly one webhook with the trigger's events, a signed inbox_message runs the workflow with no signing secret in
 * the credential, two workflows get only their own events, deactivating removes only that workflow's registration, a
 * registration made by hand for another URL stays, and a gateway without the API fails activation leaving none.
 */
import type { Emulator } from '../../emulator/server';
import type { N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import type { EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitFor } from '../../tools/waits';
import { emulatorControl, n8nExecutions, type EmulatorControl } from '../support/emulator-client';
import { selfRegisteringCredential, selfRegistration, type Registration } from './self-registration-setup';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let client: N8nClient;
let stop: (() => Promise<void>) | undefined;
let control: EmulatorControl;
let credentialId: string;
const { executionsOf } = n8nExecutions(() => client);

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator({ settings: { maxAttempts: 1 } }));
	control = emulatorControl(emulator);
	credentialId = await selfRegisteringCredential(client, emulator);
}, 900_000);

afterAll(async () => {
	await stop?.();
});

const { registrations, registrationsOf, createWorkflow, activate, deactivate, fire } = selfRegistration(() => ({
	client,
	control,
	webhookBaseUrl: n8n.url,
	credentialId,
}));

test('activate → one registration; its events run the workflow; two workflows; deactivate one, then the other', async () => {
	const byHand = await control<Registration>('POST', '/emulator/webhooks', {
		url: 'http://example.com/by-hand',
		types: ['funds_purchased'],
	});
	const inbox = await createWorkflow('inbox', ['inbox_message']);
	await activate(inbox.id);
	expect(await registrationsOf([byHand.url, inbox.url])).toEqual([
		byHand,
		expect.objectContaining({ url: inbox.url, types: ['inbox_message'] }),
	]);
	expect(await fire('inbox_message', inbox.url)).toEqual([inbox.url]);
	expect((await executionsOf(inbox.id, 1)).length).toBeGreaterThanOrEqual(1);

	const optouts = await createWorkflow('optouts', ['add_optout']);
	await activate(optouts.id);
	expect(await registrationsOf([byHand.url, inbox.url, optouts.url])).toHaveLength(3);
	expect(await fire('add_optout', optouts.url)).toEqual([optouts.url]);

	await deactivate(inbox.id);
	expect((await registrationsOf([byHand.url, optouts.url]))[1].types).toEqual(['add_optout']);
	await deactivate(optouts.id);
	expect(await registrationsOf([byHand.url])).toEqual([byHand]);
	await control('DELETE', '/emulator/webhooks');
});

test('a gateway without the registration API: activation fails (the list answered 404), nothing registered', async () => {
	await control('PATCH', '/emulator/settings', { webhookApi: false });
	await control('DELETE', '/emulator/requests');
	const flow = await createWorkflow('no-api', ['inbox_message']);
	// n8n 2.x answers the activation at once and reports the trigger's failure in the editor; n8n 1.x answers with it.
	await activate(flow.id).catch((error: Error) => expect(error.message).toMatch(/does not offer webhook registration/));
	const calls = () => control<Array<{ method: string; path: string; status?: number }>>('GET', '/emulator/requests');
	const refused = await waitFor(
		async () => (await calls()).some((call) => call.path === '/v1/webhook/endpoint-list' && call.status === 404),
		{ what: 'the registration list asked for', timeoutMs: 30_000 },
	);
	expect(refused).toBe(true);
	expect((await calls()).filter((call) => call.path === '/v1/webhook/create')).toEqual([]);
	expect(await registrations()).toEqual([]);
	await deactivate(flow.id);
	await control('PATCH', '/emulator/settings', { webhookApi: true });
});
