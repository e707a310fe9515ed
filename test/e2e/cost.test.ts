/**
 * The example "Estimate a broadcast, ask for approval when it costs more than 5 credits, then send"
 * (examples/estimate-then-send-a-broadcast.json) in a real n8n with the package installed as a
 * community package and the emulator as the gateway: a cheap broadcast goes out at once; a costly one
 * (2 segments × 3 numbers) waits for the approver's YES, then goes out, Smart Encoding applied.
 */
import { setUpDemo, type Demo } from '../../tools/demo';
import { nodeOutput, type Execution } from '../../tools/n8n-client';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import { emulatorControl, type EmulatorControl } from '../support/emulator-client';

stopN8nOnExit();

let world: EmulatorOnN8n;
let demo: Demo;
let control: EmulatorControl;

const NUMBERS = ['31612345601', '31612345602', '447700100123'];

beforeAll(async () => {
	world = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 500 } });
	control = emulatorControl(world.emulator);
	demo = await withLogOf(world.n8n, setUpDemo(world.emulator, world.client));
	await waitForWebhooks([`${world.n8n.url}/webhook/broadcast`], {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: '{}',
	});
}, 900_000);

afterAll(() => world?.stop());

async function broadcast(message: string): Promise<void> {
	const { name, value } = demo.webhookHeader;
	const response = await fetch(`${world.n8n.url}/webhook/broadcast`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', [name]: value },
		body: JSON.stringify({ message }),
	});
	expect(response.status).toBe(200);
}

const broadcastMessages = async () =>
	(await control('GET', '/emulator/messages')).filter((message) => message.reference === 'broadcast');

async function succeeded(count: number): Promise<Execution> {
	let seen: Execution[] = [];
	const successes = () => seen.filter((execution) => execution.status === 'success');
	return await waitFor(
		async () => (
			(seen = await world.client.executions(demo.workflows.estimateBroadcast.id)),
			successes().length >= count ? successes()[0] : undefined
		),
		{
			what: `successful execution ${count}`,
			onTimeout: () => {
				throw new Error(
					`executions: ${JSON.stringify(seen.map((execution) => execution.status))}\n${tailOf(world.n8n.logFile)}`,
				);
			},
		},
	);
}

test('3 credits (1 segment × 3 numbers): estimated, then sent at once without asking', async () => {
	await broadcast('Spring sale: 20% off until Sunday');
	const run = await succeeded(1);
	expect(nodeOutput(run, 'Estimate cost')[0]).toMatchObject({
		encoding: 'GSM-7',
		segments: 1,
		recipients: 3,
		totalSegments: 3,
		estimatedCredits: 3,
		sufficient: true,
	});
	expect(run.data!.resultData.runData).not.toHaveProperty(['Ask the manager']);
	expect((await broadcastMessages()).map((message) => message.to).sort()).toEqual([...NUMBERS].sort());
}, 120_000);

test('6 credits (2 segments × 3 numbers): the approver is asked, answers YES, then the broadcast goes out smart-encoded', async () => {
	const text = '“Spring sale” — 20% off everything until Sunday. '.padEnd(200, '.');
	const before = (await broadcastMessages()).length;
	await broadcast(text);
	const asked = await waitFor(
		async () =>
			(await control('GET', '/emulator/messages')).find((message) =>
				String(message.content).startsWith('Send the broadcast to 3 numbers'),
			),
		{ what: 'the question' },
	);
	expect(asked).toMatchObject({ to: '31612345678', content: expect.stringContaining('for about 6 credits') });
	expect(await broadcastMessages()).toHaveLength(before);
	await control('DELETE', '/emulator/webhooks');
	await control('POST', '/emulator/webhooks', { url: demo.workflows.autoReply.webhookUrl, types: ['inbox_message'] });
	await control('POST', '/emulator/inbound?wait=true', {
		from: '31612345678',
		content: 'YES',
		replyTo: asked.messageid,
	});
	const run = await succeeded(2);
	expect(nodeOutput(run, 'Ask the manager')[0]).toMatchObject({ approved: true });
	const sent = (await broadcastMessages()).slice(before);
	expect(sent.map((message) => message.to).sort()).toEqual([...NUMBERS].sort());
	expect(sent.map((message) => [message.content, message.segments, message.encoding])).toEqual(
		Array(3).fill([text.replace(/[“”]/g, '"').replace('—', '-'), 2, 'GSM-7']),
	);
	expect(nodeOutput(run, 'Send the broadcast')[0]).toMatchObject({
		segments: 2,
		encoding: 'GSM-7',
		replacedCharacters: 3,
	});
}, 120_000);
