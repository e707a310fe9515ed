/**
 * WhatsApp workflows in a real n8n, shared by whatsapp.test.ts (one n8n) and queue-mode.test.ts: one workflow per
 * case, a webhook whose body's `items` become one item each, then the Messaging Gateway node (version 5). The expected
 * request fields are the gateway's documented ones (docs/whatsapp.md#the-calls).
 */
import type { Execution, N8nClient } from '../../tools/n8n-client';
import { waitForWebhooks } from '../../tools/waits';
import type { EmulatorControl } from '../support/emulator-client';
import { chainConnections, gatewayNode } from '../support/workflow-chain';

export interface WhatsappSetting {
	client: N8nClient;
	control: EmulatorControl;
	credentialId: string;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	/** Finished executions of a workflow, oldest first, once there are at least `count`. */
	executionsOf(workflowId: string, count: number): Promise<Execution[]>;
}

/** NL mobiles libphonenumber calls valid: 31 6 1000 <block><nnn>, one block per test. */
export const numbers = (block: number, count: number) =>
	Array.from({ length: count }, (_, n) => `3161000${block}${String(n + 1).padStart(3, '0')}`);
const sender = { __rl: true, mode: 'id', value: 'MyShop' };
const YES_NO = {
	values: [
		{ id: 'yes', title: 'Yes' },
		{ id: 'no', title: 'No' },
	],
};
export const buttons = (fields: Record<string, unknown> = {}) => ({
	resource: 'whatsapp',
	operation: 'sendButtons',
	sender,
	to: '={{ $json.to }}',
	message: 'Is 10:00 fine?',
	buttons: YES_NO,
	...fields,
});
export const template = (fields: Record<string, unknown> = {}) => ({
	resource: 'whatsapp',
	operation: 'sendTemplate',
	sender,
	to: '={{ $json.to }}',
	templateName: 'order_confirmation',
	variables: { values: [{ value: '={{ $json.name }}' }, { value: '={{ $json.order }}' }] },
	headerMedia: 'image',
	headerMediaUrl: '={{ $json.url }}',
	...fields,
});

/** The Gateway node's output items in an execution. */
export const output = (execution: Execution) =>
	execution.data!.resultData.runData.Gateway[0].data!.main[0].map((item) => item.json);

/** The gateway's send calls: the requests a case counts (in queue mode the demo's other workflows also call it). */
const SEND_CALLS = /^\/v1\/(whatsapp\/|message\/send$)/;

/**
 * The WhatsApp calls among `requests`: an auto-reply workflow (queue-mode.test.ts's demo has one) may answer the
 * messages that opened the windows by SMS meanwhile.
 */
const whatsappCalls = (requests: Array<Record<string, unknown>>) =>
	requests.filter((request) => (request.path as string).startsWith('/v1/whatsapp/'));

/** The error an execution ended with, if any. */
export const errorOf = (execution: Execution) =>
	(execution.data!.resultData as { error?: { message: string; description?: string } }).error;
/** A run that must succeed: its failure shows the error. */
const expectSuccess = (execution: Execution) =>
	expect({ status: execution.status, error: errorOf(execution)?.message }).toEqual({ status: 'success' });

export function whatsappScenarios(setting: () => WhatsappSetting) {
	/**
	 * An active workflow Webhook → Split Out → Messaging Gateway (`node` added to it). Returns a function that posts
	 * items, waits for the execution that ran the Gateway node, and gives it with the send requests made meanwhile.
	 */
	async function workflowWith(path: string, parameters: Record<string, unknown>, node: Record<string, unknown> = {}) {
		const { client, control, credentialId, webhookBaseUrl, executionsOf } = setting();
		const names = ['Items', 'One Item Each', 'Gateway'];
		const id = await client.importWorkflow(
			{
				name: `WhatsApp ${path}`,
				nodes: [
					{
						name: names[0],
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						webhookId: `whatsapp-${path}`,
						parameters: { httpMethod: 'POST', path: `whatsapp-${path}`, responseMode: 'onReceived' },
					},
					{
						name: names[1],
						type: 'n8n-nodes-base.splitOut',
						typeVersion: 1,
						parameters: { fieldToSplitOut: 'body.items' },
					},
					{ ...gatewayNode(names[2], parameters, 400, { typeVersion: 5 }), ...node },
				].map((entry, index) => ({ position: [index * 200, 0], ...entry })),
				connections: chainConnections(names),
				settings: { executionOrder: 'v1' },
			},
			credentialId,
		);
		const url = `${webhookBaseUrl}/webhook/whatsapp-${path}`;
		const post = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' } };
		// The probe posts no items: its execution runs no Gateway node.
		await waitForWebhooks([url], { ...post, body: '{"items":[]}', timeoutMs: 60_000 });
		return async (items: unknown[]) => {
			const before = (await control('GET', '/emulator/requests')).length;
			expect((await fetch(url, { ...post, body: JSON.stringify({ items }) })).status).toBe(200);
			const execution = (await executionsOf(id, 2)).find((run) => run.data?.resultData.runData[names[2]]);
			if (!execution) throw new Error(`no finished execution of ${path} ran the Gateway node`);
			const requests = (await control('GET', '/emulator/requests'))
				.slice(before)
				.filter((request) => SEND_CALLS.test(request.path as string));
			return { execution, requests };
		};
	}

	/** Opens the 24-hour window of each number: it writes a WhatsApp message. */
	const write = async (from: string[]) => {
		for (const number of from)
			await setting().control('POST', '/emulator/inbound', { from: number, content: 'Hi', type: 'whatsapp' });
	};

	/** The template order_confirmation (2 variables, an image header) to 3 numbers, one item each: 3 requests. */
	async function templateToThree(block: number) {
		await setting().control('PUT', '/emulator/whatsapp/templates', {
			templates: [{ name: 'order_confirmation', variables: 2, header: 'image' }],
		});
		const to = numbers(block, 3);
		const run = await workflowWith(`template-${block}`, template());
		const items = to.map((number, n) => ({
			to: number,
			name: ['Ada', 'Ben', 'Cy'][n],
			order: `#100${n}`,
			url: `https://example.com/receipts/${n}.png`,
		}));
		const { execution, requests } = await run(items);
		expectSuccess(execution);
		const calls = whatsappCalls(requests);
		expect(calls.map((request) => [request.path, request.status])).toEqual(
			Array(3).fill(['/v1/whatsapp/send_template', 200]),
		);
		// The requests may go out at once (Concurrency): in the numbers' order.
		const byNumber = calls
			.map((request) => JSON.parse(request.body as string))
			.sort((a, b) => String(a.to).localeCompare(String(b.to)));
		expect(byNumber).toEqual(
			items.map((item) => ({
				to: item.to,
				sender: 'MyShop',
				template_name: 'order_confirmation',
				variable1: item.name,
				variable2: item.order,
				image: item.url,
			})),
		);
		expect(output(execution).map((item) => [item.to, item.channel])).toEqual(to.map((n) => [n, 'whatsapp']));
		return execution;
	}

	/** Send Buttons to 20 numbers whose windows are open, one item each: one request holding the 20. */
	async function buttonsToTwenty(block: number) {
		const to = numbers(block, 20);
		await write(to);
		const run = await workflowWith(`buttons-${block}`, buttons());
		const { execution, requests } = await run(to.map((number) => ({ to: number })));
		expectSuccess(execution);
		const calls = whatsappCalls(requests);
		expect(calls.map((request) => [request.path, request.status])).toEqual([['/v1/whatsapp/send_action', 200]]);
		expect(calls.map((request) => JSON.parse(request.body as string))).toEqual([
			{ to, sender: 'MyShop', message: 'Is 10:00 fine?', buttons: YES_NO.values },
		]);
		expect(output(execution).map((item) => [item.to, item.channel])).toEqual(to.map((n) => [n, 'whatsapp']));
		return execution;
	}

	return { workflowWith, write, templateToThree, buttonsToTwenty };
}
