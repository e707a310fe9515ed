/**
 * Send and Wait for Response under load, in a real n8n with the emulator as the gateway: questions
 * wait at once, then each gets its answer — half as a signed reply through the Messaging Gateway
 * Trigger (which hands it on to the waiting execution), half posted straight to n8n's resume URL,
 * the floor the trigger's extra hop is compared with. Every answer must resume its own question.
 * Run: `npm run bench:conversations [-- count per half]`.
 */
import { startN8nWithEmulator } from '../tools/n8n-with-emulator';
import { PACKAGE_NAME } from '../tools/n8n-install';
import { stopN8nOnExit } from '../tools/n8n-process';
import { waitFor, waitForWebhooks } from '../tools/waits';
import type { N8nClient } from '../tools/n8n-client';

stopN8nOnExit();

const COUNT = Number(process.argv[2] ?? 200);
const IN_FLIGHT = 20;
const SENDER = '3197010000001';

interface Sent {
	messageid: string;
	to: string;
	reference: string;
}

const say = (line: string) => process.stderr.write(`[conversations] ${line}\n`);

/** Runs `work` over `inputs` with at most IN_FLIGHT at once; returns each call's duration in ms and the wall time. */
async function timed<T>(inputs: readonly T[], work: (input: T) => Promise<void>): Promise<{ durations: number[]; wallMs: number }> {
	const durations: number[] = [];
	const queue = [...inputs];
	const started = Date.now();
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
				const begin = performance.now();
				await work(input);
				durations.push(performance.now() - begin);
			}
		}),
	);
	return { durations, wallMs: Date.now() - started };
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

async function createActive(client: N8nClient, name: string, nodes: unknown[], connections: Record<string, unknown>) {
	const { id } = await client.api<{ id: string }>('POST', '/workflows', { name, nodes, connections, settings: { executionOrder: 'v1' } });
	await client.api('POST', `/workflows/${id}/activate`);
	return id;
}

async function main() {
	const { emulator, n8n, client, stop } = await startN8nWithEmulator({ settings: { deliveryDelayMs: 600_000 } });
	try {
		const { account } = emulator;
		await fetch(`${emulator.url}/emulator/account`, { method: 'PATCH', body: JSON.stringify({ balance: 1_000_000 }) });
		const credentialId = await client.createCredential('Messaging Gateway account', { baseUrl: emulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret, signingSecret: account.signingSecret });
		const credentials = { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } };
		const trigger = { name: 'Replies', type: `${PACKAGE_NAME}.messagingGatewayTrigger`, typeVersion: 2, webhookId: 'b7c1d2e3-0000-4000-8000-000000000001', position: [0, 0], parameters: { events: ['inbox_message'], options: {} }, credentials };
		await createActive(client, 'Replies', [trigger], {});
		const triggerUrl = `${n8n.url}/webhook/${trigger.webhookId}/webhook`;
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'POST', body: JSON.stringify({ url: triggerUrl, types: ['inbox_message'], method: 'POST' }) });
		const nodes = [
			{ name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: 'b7c1d2e3-0000-4000-8000-000000000002', position: [0, 0], parameters: { httpMethod: 'POST', path: 'bench-ask', responseMode: 'onReceived' } },
			{ name: 'Ask', type: `${PACKAGE_NAME}.messagingGateway`, typeVersion: 2, position: [220, 0], credentials, parameters: { resource: 'message', operation: 'sendAndWait', sender: { __rl: true, mode: 'id', value: SENDER }, to: '={{ $json.body.to }}', message: 'Approve?' } },
		];
		const questionsWorkflow = await createActive(client, 'Questions', nodes, { Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] } });
		await waitForWebhooks([triggerUrl]);
		await waitForWebhooks([`${n8n.url}/webhook/bench-ask`], { method: 'POST', body: '{"to":"31600000000"}' });

		const numbers = Array.from({ length: 2 * COUNT }, (_, i) => `3162${String(i).padStart(3, '0')}9990`);
		say(`starting ${numbers.length} questions`);
		await timed(numbers, async (to) => {
			await fetch(`${n8n.url}/webhook/bench-ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to }) });
		});
		const sent = await waitFor(
			async () => {
				const messages = (await (await fetch(`${emulator.url}/emulator/messages`)).json()) as Sent[];
				const questions = messages.filter((message) => message.reference.startsWith('n8n-wait:') && numbers.includes(message.to));
				return questions.length === numbers.length && questions;
			},
			{ what: 'every question sent', timeoutMs: 300_000, intervalMs: 1000 },
		);
		await waitFor(async () => (await client.api<{ data: unknown[] }>('GET', `/executions?workflowId=${questionsWorkflow}&status=waiting&limit=250`)).data.length >= Math.min(250, numbers.length), {
			what: 'the questions waiting',
			timeoutMs: 120_000,
			intervalMs: 1000,
		});
		const throughTrigger = sent.slice(0, COUNT);
		const direct = sent.slice(COUNT);
		const answerOf = (sms: Sent) => (Number(sms.to.slice(4, 7)) % 2 === 0 ? 'yes' : 'no');

		say(`${COUNT} replies through the trigger`);
		const viaTrigger = await timed(throughTrigger, async (sms) => {
			const response = await fetch(`${emulator.url}/emulator/inbound?wait=true`, { method: 'POST', body: JSON.stringify({ replyTo: sms.messageid, content: answerOf(sms) }) });
			if (!response.ok) throw new Error(`inbound ${response.status}`);
		});
		say(`${COUNT} answers straight to the resume URLs`);
		const viaResumeUrl = await timed(direct, async (sms) => {
			const [, executionId, nodeId, signature] = sms.reference.split(':');
			const event = { webhook_id: `wh_${sms.messageid}`, webhook_type: 'inbox_message', message: { sender: sms.to, receiver: SENDER, content: answerOf(sms) }, isreply: { reply: true, orig_messageid: sms.messageid, orig_receiver: sms.to, orig_reference: sms.reference } };
			const response = await fetch(`${n8n.url}/webhook-waiting/${executionId}/${nodeId}?signature=${signature}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event) });
			if (!response.ok) throw new Error(`resume ${response.status}`);
		});

		const executions = await waitFor(
			async () => {
				const all = await client.executions(questionsWorkflow);
				const done = all.filter((execution) => execution.status === 'success');
				return done.length >= numbers.length && done;
			},
			{ what: 'every question resumed', timeoutMs: 300_000, intervalMs: 2000, onTimeout: () => [] },
		);
		const bySms = new Map(sent.map((sms) => [sms.messageid, sms]));
		let right = 0;
		for (const execution of executions) {
			const output = execution.data?.resultData.runData.Ask?.[0]?.data?.main[0][0]?.json as { messageid?: string; approved?: boolean; to?: string } | undefined;
			const sms = output?.messageid ? bySms.get(output.messageid) : undefined;
			if (sms && sms.to === output?.to && output?.approved === (answerOf(sms) === 'yes')) right++;
		}
		const row = (label: string, r: { durations: number[]; wallMs: number }) =>
			`| ${label} | ${COUNT} | ${((COUNT * 1000) / r.wallMs).toFixed(1)} | ${quantile(r.durations, 0.5).toFixed(0)} | ${quantile(r.durations, 0.99).toFixed(0)} |`;
		const ratio = ((COUNT * 1000) / viaTrigger.wallMs) / ((COUNT * 1000) / viaResumeUrl.wallMs);
		process.stdout.write(
			[
				`Conversations (n8n ${process.env.N8N_VERSION ?? 'default'}, one instance, ${IN_FLIGHT} in flight): ${2 * COUNT} questions waiting at once`,
				'',
				'| Answer path | Answers | Resumed per s | p50 ms | p99 ms |',
				'|---|---|---|---|---|',
				row('Signed reply → emulator → Messaging Gateway Trigger → resume', viaTrigger),
				row("Straight to n8n's resume URL", viaResumeUrl),
				'',
				`Resumed with the right answer: ${right}/${numbers.length}; cross-wired: ${executions.length - right}. Rate through the trigger: ${ratio.toFixed(2)}× the direct rate; p99 ${(quantile(viaTrigger.durations, 0.99) / quantile(viaResumeUrl.durations, 0.99)).toFixed(2)}×.`,
				'',
			].join('\n'),
		);
	} finally {
		await stop();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
