/**
 * The set-up of the Send and Wait for Response bench (conversations.ts) and the burst (burst.ts): the
 * trigger and the questions workflow in a real n8n, questions asked until each waits, and the ids of
 * executions by status.
 */
import type { Emulator } from '../emulator/server';
import { PACKAGE_NAME } from '../tools/n8n-install';
import type { N8nClient } from '../tools/n8n-client';
import { waitFor, waitForWebhooks } from '../tools/waits';

export const IN_FLIGHT = 20;
export const SENDER = '3197010000001';

export interface ConversationSetUp {
	emulator: Emulator;
	client: N8nClient;
	/** Where the gateway's webhooks and the resume links go: n8n itself, or in queue mode its webhook processor. */
	webhookBase: string;
	/** Every n8n process of the set-up, whose CPU time is counted per answer. */
	n8nPids: number[];
}

export interface Question {
	messageid: string;
	to: string;
	reference: string;
	executionId: string;
}

/** Runs `work` over `inputs` with at most IN_FLIGHT at once. */
export async function inFlight<T>(inputs: readonly T[], work: (input: T) => Promise<void>): Promise<void> {
	const queue = [...inputs];
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			for (let input = queue.shift(); input !== undefined; input = queue.shift()) await work(input);
		}),
	);
}

/**
 * The trigger (listening on the account's webhook URL) and a workflow that asks one question per POST.
 * The trigger hands replies on whatever its Events selection; it listens for delivery reports here, so
 * that an incoming SMS that answers no question starts nothing (the hop-only path).
 */
export async function setUpWorkflows({
	emulator,
	client,
	webhookBase,
}: ConversationSetUp): Promise<{ questionsWorkflow: string; askUrl: string; triggerUrl: string }> {
	const { account } = emulator;
	await fetch(`${emulator.url}/emulator/account`, { method: 'PATCH', body: JSON.stringify({ balance: 1_000_000 }) });
	const credentialId = await client.createCredential('Messaging Gateway account', {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
		signingSecret: account.signingSecret,
	});
	const credentials = { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } };
	const webhookId = 'b7c1d2e3-0000-4000-8000-000000000001';
	const trigger = {
		name: 'Replies',
		type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
		typeVersion: 2,
		webhookId,
		position: [0, 0],
		parameters: { events: ['message_status'], options: {} },
		credentials,
	};
	await client.createActiveWorkflow('Replies', [trigger], {});
	const triggerUrl = `${webhookBase}/webhook/${webhookId}/webhook`;
	await fetch(`${emulator.url}/emulator/webhooks`, {
		method: 'POST',
		body: JSON.stringify({ url: triggerUrl, types: ['inbox_message'], method: 'POST' }),
	});
	const nodes = [
		{
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: 'b7c1d2e3-0000-4000-8000-000000000002',
			position: [0, 0],
			parameters: { httpMethod: 'POST', path: 'bench-ask', responseMode: 'onReceived' },
		},
		{
			name: 'Ask',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 3,
			position: [220, 0],
			credentials,
			parameters: {
				resource: 'message',
				operation: 'sendAndWait',
				sender: { __rl: true, mode: 'id', value: SENDER },
				to: '={{ $json.body.to }}',
				message: 'Approve?',
			},
		},
	];
	const questionsWorkflow = await client.createActiveWorkflow('Questions', nodes, {
		Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
	});
	const askUrl = `${webhookBase}/webhook/bench-ask`;
	await waitForWebhooks([triggerUrl]);
	await waitForWebhooks([askUrl], { method: 'POST', body: '{"to":"31610000000"}' });
	return { questionsWorkflow, askUrl, triggerUrl };
}

/** Asks `count` questions and waits until every one is sent and its execution waits. */
export async function askQuestions(
	setUp: ConversationSetUp,
	askUrl: string,
	questionsWorkflow: string,
	count: number,
): Promise<Question[]> {
	const numbers = Array.from({ length: count }, (_, i) => `3162${String(i).padStart(3, '0')}9990`);
	await inFlight(numbers, async (to) => {
		await fetch(askUrl, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ to }),
		});
	});
	const asked = new Set(numbers);
	const sent = await waitFor(
		() => {
			const questions = setUp.emulator.messages.filter(
				(message) => message.reference.startsWith('n8n-wait:') && asked.has(message.to),
			);
			return questions.length === count && questions;
		},
		{ what: 'every question sent', timeoutMs: 300_000, intervalMs: 1000 },
	);
	await waitFor(async () => (await idsWith(setUp, questionsWorkflow, 'waiting')).size >= count, {
		what: 'the questions waiting',
		timeoutMs: 120_000,
		intervalMs: 1000,
	});
	return sent.map((sms) => ({
		messageid: sms.messageid,
		to: sms.to,
		reference: sms.reference,
		executionId: sms.reference.split(':')[1],
	}));
}

/** The ids of the workflow's executions with this status, page by page (n8n's API answers at most 250 a page). */
export async function idsWith(setUp: ConversationSetUp, workflowId: string, status: string): Promise<Set<string>> {
	const ids = new Set<string>();
	let cursor: string | undefined;
	do {
		const query = `workflowId=${workflowId}&status=${status}&includeData=false&limit=250${cursor ? `&cursor=${cursor}` : ''}`;
		const page = await setUp.client.api<{ data: Array<{ id: string }>; nextCursor?: string | null }>(
			'GET',
			`/executions?${query}`,
		);
		for (const { id } of page.data) ids.add(id);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return ids;
}
