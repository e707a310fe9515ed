/**
 * `npm run dev` as a user runs it from the README: started with npm in its own process group, waited
 * for until it prints "The demo is up", its printed curl commands run as printed, then Ctrl-C
 * (SIGINT to the whole process group). n8n and the emulator must be gone and their ports free.
 * Ports: EMULATOR_PORT and N8N_PORT as the README documents, free ones unless the caller sets them.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8nClient, nodeOutput } from '../../tools/n8n-client';
import { freePort } from '../../tools/n8n-process';
import { portIsFree, processGroup, run, sleep, startDevCommand, stepsOf, until } from './dev-shell';
import { n8nExecutions } from '../support/emulator-client';
import * as walk from './dev-command-walkthrough';

let dev: ChildProcess;
/** All `npm run dev` printed so far. */
let output: () => string;
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
let ports: { emulator: number; n8n: number };
let walkThrough: Map<string, string[]>;
let client: N8nClient;

/** The commands printed under the comment that starts with `heading`. */
function commandsUnder(heading: string): string[] {
	const entry = [...walkThrough].find(([comment]) => comment.startsWith(heading));
	if (!entry) throw new Error(`the walk-through has no "${heading}" step:\n${output()}`);
	return entry[1];
}

/** Finished executions of the workflow with this name, oldest first, once there are at least `count`. */
const { executionsNamed } = n8nExecutions(() => client);

beforeAll(async () => {
	ports = {
		emulator: Number(process.env.EMULATOR_PORT ?? (await freePort())),
		n8n: Number(process.env.N8N_PORT ?? (await freePort())),
	};
	const started = startDevCommand(ports);
	({ dev, exited, output } = started);
	// A first run installs n8n (minutes); later ones start in about half a minute.
	await started.up;
	expect(output()).toContain('The demo is up.');

	walkThrough = stepsOf(output().slice(output().indexOf('Try:')));
	const login = /log in as (\S+) \/ (\S+)\)/.exec(output());
	if (!login) throw new Error(`no login printed:\n${output()}`);
	const editor = /n8n editor\s+(\S+)/.exec(output())![1];
	expect(editor).toBe(`http://127.0.0.1:${ports.n8n}`);
	client = await N8nClient.logIn(editor, login[1], login[2]);
}, 1_000_000);

afterAll(async () => {
	if (dev?.pid && dev.exitCode === null && dev.signalCode === null) process.kill(-dev.pid, 'SIGKILL');
});

test('an incoming SMS: the auto-reply is sent and the delivery log records both reports', async () => {
	const [inbound, listMessages] = commandsUnder('An incoming SMS');
	expect(inbound).toContain(`http://127.0.0.1:${ports.emulator}/emulator/inbound`);
	await run(inbound);
	const reply = await until('the auto-reply', async () => {
		const messages = (await run(listMessages)) as Array<Record<string, unknown>>;
		return messages.find((message) => message.to === '31612345678');
	});
	expect(reply).toMatchObject({
		sender: 'Shop',
		content: 'Thanks for your message "Is my order on its way?". We will get back to you shortly.',
	});
	const [answered] = await executionsNamed('Auto-reply to incoming SMS', 1);
	expect(answered.status).toBe('success');

	const logs = await executionsNamed('Delivery log', 2);
	const entries = logs.map((execution) => nodeOutput(execution, 'Log Entry (replace with a sheet or database)')[0]);
	// The spec's two reports for one message: submitted (0), then delivered (1).
	expect(entries).toEqual([
		expect.objectContaining({ messageid: reply.messageid, to: '31612345678', deliveryCode: '0', status: 'submitted' }),
		expect.objectContaining({ messageid: reply.messageid, to: '31612345678', deliveryCode: '1', status: 'delivered' }),
	]);
});

test('STOP and HELP as printed: the STOP on the opt-out list and no reply; HELP twice gets only the Help Reply, once', async () => {
	const steps = commandsUnder('STOP and HELP');
	const [stop, help, helpAgain, listOptOuts, listMessages] = steps;
	const example = JSON.parse(
		readFileSync(join(__dirname, '..', '..', 'examples', 'auto-reply-to-incoming-sms.json'), 'utf8'),
	) as { nodes: Array<{ parameters: { options?: { helpReply?: string } } }> };
	const helpReply = example.nodes[0].parameters.options?.helpReply;
	expect(helpReply).toEqual(expect.any(String));
	const before = (await executionsNamed('Auto-reply to incoming SMS', 0)).length;
	for (const command of [stop, help, helpAgain]) await run(command);
	await executionsNamed('Auto-reply to incoming SMS', before + 3);
	expect(await run(listOptOuts)).toContain('31612345670');
	const messages = (await run(listMessages)) as Array<{ to: string; content: string }>;
	expect(messages.filter((message) => message.to === '31612345670')).toEqual([]);
	expect(messages.filter((message) => message.to === '31612345671').map((message) => message.content)).toEqual([
		helpReply,
	]);
});

test('a send to the magic number …99218: the delivery log records "not delivered"', async () => {
	const [send] = commandsUnder('A send whose final report');
	const [, listMessages] = commandsUnder('An incoming SMS');
	await run(send);
	const messages = (await run(listMessages)) as Array<Record<string, unknown>>;
	const sent = messages.find((message) => message.to === '31612399218');
	expect(sent).toBeDefined();
	const entries = await until('the final report in the delivery log', async () => {
		const logs = await executionsNamed('Delivery log', 3);
		const found = logs
			.map((execution) => nodeOutput(execution, 'Log Entry (replace with a sheet or database)')[0])
			.filter((entry) => entry.messageid === sent!.messageid);
		return found.length === 2 ? found : undefined;
	});
	// Spec: submitted (0) first, then the final NOT DELIVERED (2), by the gateway's time of each report. n8n runs the two
	// webhooks' executions side by side: on a busy machine the second was seen to start first.
	entries.sort((a, b) => String(a.at).localeCompare(String(b.at)));
	expect(entries).toEqual([
		expect.objectContaining({ to: '31612399218', deliveryCode: '0', status: 'submitted' }),
		expect.objectContaining({ to: '31612399218', deliveryCode: '2', status: 'not delivered' }),
	]);
});

test('a scheduled send lands at the asked wall-clock time: the credential carries the account time zone', async () => {
	const [schedule, listMessages] = commandsUnder('A scheduled send');
	const asked = /"at":"([^"]+)"/.exec(schedule)![1];
	// The webhook of a just-activated workflow can answer 404 for a moment.
	const sent = await until('the scheduling webhook', async () => {
		const answer = await run(schedule);
		return typeof answer === 'object' && answer !== null && 'messageid' in answer
			? (answer as { messageid: string })
			: undefined;
	});
	const messages = (await run(listMessages)) as Array<Record<string, unknown>>;
	// The emulator reads the gateway's `date` in its account's zone, as the gateway does: the same instant as asked.
	expect(messages.find((message) => message.messageid === sent.messageid)).toMatchObject({
		deliveryCode: 'scheduled',
		scheduledFor: new Date(asked).toISOString(),
	});
	// What went over the wire: the account's wall-clock time (Europe/Amsterdam, summer time: UTC+2), as the walk-through says.
	const requests = (await run(listMessages.replace('/emulator/messages', '/emulator/requests'))) as Array<{
		path: string;
		body: string;
	}>;
	const request = requests.find(
		(entry) => entry.path === '/v1/message/send' && entry.body.includes('Your appointment'),
	);
	expect(JSON.parse(request!.body)).toMatchObject({ date: '2031-06-01 12:30', to: '31612345678' });
	expect(output()).toContain('the gateway gets "2031-06-01 12:30" (Europe/Amsterdam');
});

test('the scheduling request without the Webhook header: n8n answers 403 and nothing is sent', async () => {
	const [unauthenticated] = commandsUnder('The same request without the');
	const [, listMessages] = commandsUnder('A scheduled send');
	expect(unauthenticated).toContain('/webhook/schedule-sms');
	const messageIds = async () =>
		((await run(listMessages)) as Array<{ messageid: string }>).map((message) => message.messageid);
	const before = await messageIds();
	expect(await run(unauthenticated)).toBe(403);
	expect(await messageIds()).toEqual(before);
});

walk.burstTest({ commandsUnder, executionsNamed });
walk.sendAndWaitAndSignUpTests({ commandsUnder, executionsNamed });
walk.whatsAppTest({ commandsUnder, executionsNamed });
walk.failoverTest({ commandsUnder, executionsNamed });

walk.selfRegistrationTest({ commandsUnder, client: () => client, n8nUrl: () => `http://127.0.0.1:${ports.n8n}` });

test("the auto-reply trigger's Test URL: registered, fired at and removed again as printed; the production URLs stay", async () => {
	const [register, fire, remove] = commandsUnder('A sample event of any of the 14 types');
	const { data } = await client.api<{ data: Array<{ id: string; name: string }> }>('GET', '/workflows');
	const autoReply = await client.api<{ nodes: Array<{ name: string; webhookId?: string }> }>(
		'GET',
		`/workflows/${data.find((entry) => entry.name === 'Auto-reply to incoming SMS')!.id}`,
	);
	// n8n's Test URL of that trigger, from the workflow as n8n saved it.
	const testUrl = `http://127.0.0.1:${ports.n8n}/webhook-test/${autoReply.nodes.find((node) => node.name === 'Incoming SMS')!.webhookId}/webhook`;
	const registered = async () =>
		((await run(`curl -s 'http://127.0.0.1:${ports.emulator}/emulator/webhooks'`)) as Array<{ url: string }>).map(
			(endpoint) => endpoint.url,
		);
	const before = await registered();
	expect(before).not.toContain(testUrl);
	await run(register);
	expect(await registered()).toEqual([...before, testUrl]);
	expect(await run(fire)).toMatchObject({ event: { webhook_type: 'inbox_message' } });
	await run(remove);
	expect(await registered()).toEqual(before);
});

test('running out of funds: the send is refused and the alert reaches the sink', async () => {
	const [emptyAccount, send, readSink] = commandsUnder('Run out of funds');
	await run(emptyAccount);
	// Spec: error 108 when the balance does not cover the message.
	expect(await run(send)).toEqual({ error: '108', errorMsg: 'Not enough credits' });
	const [alert] = await until('the funds alert in the sink', async () => {
		const sink = (await run(readSink)) as Array<{ body: string }>;
		return sink.length > 0 ? sink : undefined;
	});
	expect(JSON.parse(alert.body)).toEqual({
		text: expect.stringMatching(/ has run out of funds: /),
		balance: '0.000',
		at: expect.stringMatching(/ UTC$/),
	});
});

test('polling: the incoming SMS of the first step reaches "Incoming SMS by polling" once, on a poll of its Inbox Trigger', async () => {
	const [readInbox] = commandsUnder('Polling, no webhook');
	const inbox = (await run(readInbox)) as { messages: Array<Record<string, unknown>> };
	const received = inbox.messages.filter((message) => message.message === 'Is my order on its way?');
	expect(received).toHaveLength(1);
	// n8n polls once a minute at the soonest; the SMS came in at the first step. Later steps' SMS may come in the same polls.
	const entries = await until(
		'the SMS in a poll of "Incoming SMS by polling"',
		async () => {
			const { data } = await client.api<{ data: Array<{ id: string; name: string }> }>('GET', '/workflows');
			const workflow = data.find((entry) => entry.name === 'Incoming SMS by polling');
			const done = workflow
				? (await client.executions(workflow.id)).filter((execution) => execution.status === 'success')
				: [];
			const logged = done.flatMap((execution) =>
				nodeOutput(execution, 'Inbox Entry (replace with a sheet or database)'),
			);
			return logged.some((entry) => entry.text === 'Is my order on its way?') ? logged : undefined;
		},
		150_000,
	);
	expect(entries.filter((entry) => entry.id === String(received[0].ID))).toEqual([
		expect.objectContaining({ from: '31612345678', text: 'Is my order on its way?' }),
	]);
}, 180_000);

test('Ctrl-C stops n8n and the emulator and frees both ports', async () => {
	const group = processGroup(dev.pid!);
	expect(group.some((entry) => /n8n start$/.test(entry.command))).toBe(true);
	process.kill(-dev.pid!, 'SIGINT'); // what the terminal sends to the foreground group on Ctrl-C
	const stopped = await Promise.race([exited, sleep(30_000).then(() => undefined)]);
	expect(stopped).toBeDefined();
	const left = await until(
		'the process group to empty',
		async () => (processGroup(dev.pid!).length === 0 ? [] : undefined),
		15_000,
	).catch(() => processGroup(dev.pid!));
	expect(left).toEqual([]);
	expect(await portIsFree(ports.emulator)).toBe(true);
	expect(await portIsFree(ports.n8n)).toBe(true);
});
