/** The workflows of send-and-wait-world.ts (Webhook → Ask, Send and Wait → Done) and send-with-failover-world.ts, and a POST to a webhook that has just gone live. */
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor } from '../../tools/waits';

/** The Sender every question is asked from. */
export const SENDER = '3197010000001';

/** POSTs to a workflow's webhook; right after activation n8n can answer 404 for a moment. */
export async function postWhenLive(url: string, body: unknown): Promise<Response> {
	return await waitFor(
		async () => {
			const answer = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			});
			return answer.status === 404 ? undefined : answer;
		},
		{ what: `${url} to answer other than 404`, timeoutMs: 20_000 },
	);
}

/** Webhook (POST /webhook/<path>, answered at once) → `node` (positioned second) → Done. */
export function webhookThrough(path: string, node: { name: string } & Record<string, unknown>) {
	const nodes = [
		{
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: `${path}-id`,
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
		},
		{ ...node, position: [220, 0] },
		{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
	];
	const connections = {
		Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] },
		[node.name]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
	};
	return { nodes, connections };
}

/** Webhook (POST /webhook/<path>) → Ask, Send and Wait with these parameters → Done. */
export function questionWorkflow(
	path: string,
	parameters: Record<string, unknown>,
	credentials: Record<string, unknown>,
) {
	return webhookThrough(path, {
		name: 'Ask',
		type: `${PACKAGE_NAME}.messagingGateway`,
		typeVersion: 2,
		parameters: {
			resource: 'message',
			operation: 'sendAndWait',
			sender: { __rl: true, mode: 'id', value: SENDER },
			to: '={{ $json.body.to }}',
			message: 'Approve the refund of €120?',
			...parameters,
		},
		credentials,
	});
}
