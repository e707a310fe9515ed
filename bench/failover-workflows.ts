/**
 * The workflows bench/failover.ts compares, on one n8n with the emulator: Send with Failover, and the same alert built
 * by hand with n8n's Wait, IF and HTTP Request nodes (the Wait node's resume URL as each message's reference, a report
 * router on the account's trigger posting each final report there). Every number's SMS is not delivered and its call
 * is taken (the emulator's recipients).
 */
import type { Emulator } from '../emulator/server';
import type { N8nClient } from '../tools/n8n-client';
import { PACKAGE_NAME } from '../tools/n8n-install';
import { waitForWebhooks } from '../tools/waits';

const SENDER = '3197010000003';
const TEXT = 'db-1 is down. Reply or call the on-call line.';

export interface AlertSetUp {
	/** The workflows whose executions each way makes (the trigger's runs count for the router by hand). */
	workflowIds(way: 'failover' | 'byHand'): string[];
	/** Starts one alert to `to`; the returned check says whether it has finished. */
	start(way: 'failover' | 'byHand', to: string): Promise<() => Promise<boolean>>;
}

const node = (
	name: string,
	type: string,
	typeVersion: number,
	x: number,
	y: number,
	parameters: object,
	extra = {},
) => ({
	name,
	type,
	typeVersion,
	position: [x, y],
	parameters,
	...extra,
});
const link = (to: string, index = 0) => ({ main: [[{ node: to, type: 'main', index }]] });
const ifNode = (name: string, x: number, y: number, left: string, operation: string, right: string) =>
	node(name, 'n8n-nodes-base.if', 2, x, y, {
		conditions: {
			options: { caseSensitive: true, leftValue: '', typeValidation: 'loose' },
			conditions: [{ id: `${name}-1`, leftValue: left, rightValue: right, operator: { type: 'string', operation } }],
			combinator: 'and',
		},
		options: {},
	});
const webhook = (path: string) =>
	node(
		'Start',
		'n8n-nodes-base.webhook',
		2,
		0,
		0,
		{ httpMethod: 'POST', path, responseMode: 'onReceived' },
		{ webhookId: `${path}-id` },
	);
const done = (x: number) => node('Done', 'n8n-nodes-base.noOp', 1, x, 0, {});
const waitForReport = (name: string, x: number) =>
	node(
		name,
		'n8n-nodes-base.wait',
		1.1,
		x,
		0,
		{
			resume: 'webhook',
			httpMethod: 'POST',
			limitWaitTime: true,
			limitType: 'afterTimeInterval',
			resumeAmount: 10,
			resumeUnit: 'minutes',
			options: {},
		},
		{ webhookId: `${name.toLowerCase().replace(/\W/g, '-')}-id` },
	);

export async function alertWorkflows(emulator: Emulator, client: N8nClient, webhookBase: string): Promise<AlertSetUp> {
	const put = async (path: string, body: unknown) => {
		const answer = await fetch(`${emulator.url}${path}`, { method: 'PUT', body: JSON.stringify(body) });
		if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
	};
	const { account } = emulator;
	const credentialId = await client.createCredential('Messaging Gateway account (failover bench)', {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
		signingSecret: account.signingSecret,
	});
	const credentials = { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account (failover bench)' } };
	const gateway = (name: string, x: number, parameters: object) =>
		node(name, `${PACKAGE_NAME}.messagingGateway`, 5, x, 0, { resource: 'message', ...parameters }, { credentials });
	const sender = { __rl: true, mode: 'id', value: SENDER };
	const byResumeUrl = { reference: '={{ $execution.resumeUrl }}' };

	const triggerId = 'c1f0b9e2-6a3d-4f5e-9b8c-7d6e5f4a3b2c';
	const reports = await client.createActiveWorkflow(
		'Reports (failover bench)',
		[
			node(
				'Reports',
				`${PACKAGE_NAME}.messagingGatewayTrigger`,
				3,
				0,
				0,
				{ events: ['delivery_report'], options: { finalReportsOnly: true } },
				{ webhookId: triggerId, credentials },
			),
			ifNode('Resume URL?', 220, 0, '={{ $json.message.reference }}', 'startsWith', 'http'),
			node('Resume', 'n8n-nodes-base.httpRequest', 4.2, 440, 0, {
				method: 'POST',
				url: '={{ $json.message.reference }}',
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify($json) }}',
				options: {},
			}),
		],
		{ Reports: link('Resume URL?'), 'Resume URL?': link('Resume') },
	);
	const failover = await client.createActiveWorkflow(
		'Alert (Send with Failover)',
		[
			webhook('failover-alert'),
			gateway('Alert', 220, {
				operation: 'sendWithFailover',
				to: '={{ $json.body.to }}',
				steps: {
					values: [
						{ channel: 'sms', sender: SENDER, message: TEXT, goOnWhen: 'notDelivered', withinMinutes: 10 },
						{ channel: 'voice', message: TEXT, goOnWhen: 'notDelivered', withinMinutes: 10 },
					],
				},
			}),
			done(440),
		],
		{ Start: link('Alert'), Alert: link('Done') },
	);
	const byHand = await client.createActiveWorkflow(
		'Alert (by hand)',
		[
			webhook('by-hand-alert'),
			gateway('Send SMS', 220, {
				operation: 'send',
				to: '={{ $json.body.to }}',
				sender,
				message: TEXT,
				additionalFields: byResumeUrl,
			}),
			waitForReport('Wait for SMS report', 440),
			ifNode('Delivered?', 660, 0, '={{ $json.body.message.delivery_code }}', 'equals', '1'),
			gateway('Call', 880, {
				operation: 'sendVoice',
				to: "={{ $('Start').item.json.body.to }}",
				message: TEXT,
				additionalFields: byResumeUrl,
			}),
			waitForReport('Wait for call report', 1100),
			done(1320),
		],
		{
			Start: link('Send SMS'),
			'Send SMS': link('Wait for SMS report'),
			'Wait for SMS report': link('Delivered?'),
			'Delivered?': { main: [[{ node: 'Done', type: 'main', index: 0 }], [{ node: 'Call', type: 'main', index: 0 }]] },
			Call: link('Wait for call report'),
			'Wait for call report': link('Done'),
		},
	);
	const triggerUrl = `${webhookBase}/webhook/${triggerId}/webhook`;
	const registered = await fetch(`${emulator.url}/emulator/webhooks`, {
		method: 'POST',
		body: JSON.stringify({ url: triggerUrl, types: ['*'], method: 'POST' }),
	});
	if (!registered.ok) throw new Error(`registering the trigger: ${registered.status}`);
	await waitForWebhooks([triggerUrl]);

	const ids = { failover: [failover, reports], byHand: [byHand, reports] };
	const paths = { failover: 'failover-alert', byHand: 'by-hand-alert' };
	const finishedCount = async (workflowId: string) =>
		(await client.executions(workflowId)).filter((execution) => execution.data?.resultData.runData.Done !== undefined)
			.length;
	return {
		workflowIds: (way) => ids[way],
		start: async (way, to) => {
			await put('/emulator/recipients', {
				recipients: [
					{ number: to, sms: { code: '2', detail: '11', afterMs: 200 }, voice: { code: '1', afterMs: 200 } },
				],
			});
			const before = await finishedCount(ids[way][0]);
			const answer = await fetch(`${webhookBase}/webhook/${paths[way]}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ to }),
			});
			if (!answer.ok) throw new Error(`starting ${way}: ${answer.status}`);
			return async () => (await finishedCount(ids[way][0])) > before;
		},
	};
}
