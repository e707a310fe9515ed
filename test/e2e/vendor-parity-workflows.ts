/** The workflows vendor-parity.test.ts runs in a real n8n: Webhook → this package's action nodes (version 2). */
import type { ExampleWorkflow, N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor } from '../../tools/waits';

/** A node of this package's action node, version 2, with the demo's credential. */
export const actionNode = (name: string, parameters: Record<string, unknown>, x: number) => ({
	name,
	parameters,
	type: `${PACKAGE_NAME}.messagingGateway`,
	typeVersion: 2,
	position: [x, 0],
	credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Messaging Gateway account' } },
});

/** Where the workflows run: the n8n, signed in, and the demo's credential. */
interface Target {
	client: N8nClient;
	n8nUrl: string;
	credentialId: string;
}

/**
 * Imports and activates Webhook (POST /webhook/<path>, answering with the last node's output) → the given
 * nodes in a row, then posts `body` to it and returns n8n's answer.
 */
export const webhookRunner = (target: () => Target) =>
	async function runThroughWebhook(
		path: string,
		webhookId: string,
		nodes: Array<ReturnType<typeof actionNode>>,
		body: unknown,
	) {
		const { client, n8nUrl, credentialId } = target();
		const names = ['Start', ...nodes.map((entry) => entry.name)];
		const workflow = {
			name: `Webhook → ${nodes.map((entry) => entry.name).join(' → ')}`,
			nodes: [
				{
					name: 'Start',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId,
					parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
				},
				...nodes,
			],
			connections: Object.fromEntries(
				names
					.slice(0, -1)
					.map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]),
			),
			settings: { executionOrder: 'v1' },
		};
		await client.importWorkflow(workflow as unknown as ExampleWorkflow, credentialId);
		const post = () =>
			fetch(`${n8nUrl}/webhook/${path}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			});
		// Right after activation the webhook can answer 404 for a moment; nothing runs then.
		let response: Response | undefined;
		const answered = async () => {
			response = await post();
			return response.status !== 404 && response;
		};
		return await waitFor(answered, {
			what: `POST ${path} answered other than 404`,
			timeoutMs: 20_000,
			onTimeout: () => response!,
		});
	};
