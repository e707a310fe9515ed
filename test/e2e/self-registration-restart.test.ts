/**
 * Register Webhook Automatically across an n8n restart, in a real n8n of the file's own restarted on its database and
 * port: activate → one registration; restart (n8n activates its active workflows again as it starts), activate again
 * → still that one registration, its events still run the workflow; deactivate → none.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { emulatorControl, n8nExecutions, type EmulatorControl } from '../support/emulator-client';
import { startRestartableN8n, type RestartableN8n } from './restartable-n8n';
import { selfRegisteringCredential, selfRegistration } from './self-registration-setup';

stopN8nOnExit();

let emulator: Emulator;
let server: RestartableN8n;
let control: EmulatorControl;
let credentialId: string;

beforeAll(async () => {
	emulator = await startEmulator({ settings: { maxAttempts: 1 } });
	control = emulatorControl(emulator);
	server = await startRestartableN8n();
	credentialId = await selfRegisteringCredential(server.client, emulator);
}, 900_000);

afterAll(async () => {
	await server?.stop();
	await emulator?.close();
}, 60_000);

const { registrations, registrationsOf, createWorkflow, activate, deactivate, fire } = selfRegistration(() => ({
	client: server.client,
	control,
	webhookBaseUrl: server.n8n.url,
	credentialId,
}));
const { executionsOf } = n8nExecutions(() => server.client);

test('activate, restart n8n, activate again: still one registration, and its events run the workflow', async () => {
	const flow = await createWorkflow('restart', ['inbox_message']);
	await activate(flow.id);
	const [registered] = await registrationsOf([flow.url]);
	expect(registered).toEqual(expect.objectContaining({ url: flow.url, types: ['inbox_message'] }));

	await server.restart();
	await activate(flow.id);
	expect(await registrationsOf([flow.url])).toEqual([registered]);
	const creates = (await control<Array<{ path: string }>>('GET', '/emulator/requests')).filter(
		(request) => request.path === '/v1/webhook/create',
	);
	expect(creates).toHaveLength(1);
	expect(await fire('inbox_message', flow.url)).toEqual([flow.url]);
	expect((await executionsOf(flow.id, 1)).length).toBeGreaterThanOrEqual(1);

	await deactivate(flow.id);
	expect(await registrationsOf([])).toEqual([]);
	expect(await registrations()).toEqual([]);
}, 300_000);
