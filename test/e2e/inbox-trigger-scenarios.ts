/**
 * The Inbox Trigger's end-to-end scenario (inbox-trigger.test.ts, inbox-trigger-side-by-side.test.ts): one emulator per inbox list order,
 * each the gateway of its own credential and of an active workflow "Inbox Trigger → Received" polling
 * every minute. What each poll emitted is read back from n8n's executions (public API); what was
 * expected is what the test put into the emulator.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { isFinished, N8nClient, nodeOutput, type Execution, type ExampleWorkflow } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor } from '../../tools/waits';
import { emulatorControl } from '../support/emulator-client';

export const TRIGGER = 'Inbox Trigger';
export type InboxOrder = 'oldestFirst' | 'newestFirst';
/** Both list orders, each polled from a gateway of its own. */
export const ORDERS: InboxOrder[] = ['oldestFirst', 'newestFirst'];

export const startEmulators = () => Promise.all(ORDERS.map(() => startEmulator()));
export const closeEmulators = (emulators: Emulator[] | undefined) =>
	Promise.all((emulators ?? []).map((emulator) => emulator.close()));
const SENDER = '31612000077';
/** Received before activation: more than one page of 2000 (the gateway's largest), so each poll walks pages. */
const BEFORE_ACTIVATION = 4100;

/** One gateway's inbox listed in one order, and the workflow whose Inbox Trigger polls it. */
export interface Inbox {
	order: InboxOrder;
	emulator: Emulator;
	workflowId: string;
	/** The texts the test added while the trigger was active, in the order it added them. */
	added: string[];
}

/** Adds `count` received messages `<label> 1` … `<label> count` to the inbox (one request: all at once). */
export async function receive(
	inbox: Pick<Inbox, 'emulator'> & Partial<Inbox>,
	label: string,
	count: number,
): Promise<void> {
	await emulatorControl(inbox.emulator)('POST', '/emulator/inbox', {
		count,
		from: SENDER,
		type: 'sms',
		content: `${label} {n}`,
	});
	inbox.added?.push(...Array.from({ length: count }, (_, i) => `${label} ${i + 1}`));
}

const inboxWorkflow = (order: InboxOrder): ExampleWorkflow => ({
	name: `Inbox Trigger (${order})`,
	nodes: [
		{
			name: TRIGGER,
			type: `${PACKAGE_NAME}.messagingGatewayInboxTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, filters: {} },
			credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: `Messaging Gateway (${order})` } },
		},
		{ name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
	] as unknown as ExampleWorkflow['nodes'],
	connections: { [TRIGGER]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
});

/**
 * Activates one inbox per emulator, one after another: n8n 1.x on SQLite answers two credential
 * writes at once with "cannot start a transaction within a transaction".
 */
export async function activateInboxes(
	client: N8nClient,
	emulators: Emulator[],
	orders: InboxOrder[],
): Promise<Inbox[]> {
	const inboxes: Inbox[] = [];
	for (const [i, order] of orders.entries()) inboxes.push(await activateInbox(client, emulators[i], order));
	return inboxes;
}

/**
 * Empties the emulator's inbox, sets its list order, fills it with messages that must never be emitted,
 * then creates the workflow and activates it (n8n polls once at activation).
 */
async function activateInbox(client: N8nClient, emulator: Emulator, order: InboxOrder): Promise<Inbox> {
	const control = emulatorControl(emulator);
	await control('DELETE', '/emulator/inbox');
	await control('PATCH', '/emulator/inbox', { order });
	await receive({ emulator }, 'Before', BEFORE_ACTIVATION);
	const { account } = emulator;
	const credentialId = await client.createCredential(`Messaging Gateway (${order})`, {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
	});
	const workflowId = await client.importWorkflow(inboxWorkflow(order), credentialId);
	await client.api('POST', `/workflows/${workflowId}/activate`);
	await activationPolled(client, workflowId);
	return { order, emulator, workflowId, added: [] };
}

/**
 * Waits until n8n saved the static data the activation's poll left: n8n 2.x answers the activation
 * request before it has polled, and a message added meanwhile is one already there at activation.
 */
async function activationPolled(client: N8nClient, workflowId: string): Promise<void> {
	const saved = async () => {
		const { staticData } = await client.api<{ staticData?: Record<string, unknown> | string | null }>(
			'GET',
			`/workflows/${workflowId}`,
		);
		const data = typeof staticData === 'string' ? (JSON.parse(staticData) as Record<string, unknown>) : staticData;
		return data?.[`node:${TRIGGER}`] !== undefined;
	};
	await waitFor(saved, {
		what: `the static data of workflow ${workflowId}'s activation poll`,
		timeoutMs: 60_000,
		intervalMs: 250,
	});
}

/** The executions the trigger started (not manual runs), oldest first, and their items. */
export interface Emitted {
	executions: Execution[];
	/** The message texts of every execution, in execution order. */
	texts: string[];
	ids: number[];
	perExecution: number[];
}

const triggerItems = (execution: Execution) => nodeOutput(execution, TRIGGER);

export async function emittedBy(client: N8nClient, workflowId: string): Promise<Emitted> {
	// An execution counts once n8n has saved its data too (n8n 1.x can answer "finished" a moment before).
	const all = (await client.executions(workflowId))
		.filter((execution) => isFinished(execution) && execution.data !== undefined)
		.reverse();
	const executions = all.filter((execution) => (execution as Execution & { mode?: string }).mode !== 'manual');
	const items = executions.map(triggerItems);
	return {
		executions,
		texts: items.flat().map((item) => String(item.message)),
		ids: items.flat().map((item) => Number(item.ID)),
		perExecution: items.map((list) => list.length),
	};
}

/** Waits until the trigger emitted at least as many messages as the test added (a poll a minute). */
export async function waitForEmitted(client: () => N8nClient, inbox: Inbox, timeoutMs = 200_000): Promise<Emitted> {
	let last: Emitted | undefined;
	const enough = async () => {
		last = await emittedBy(client(), inbox.workflowId);
		return last.texts.length >= inbox.added.length && last;
	};
	const what = () =>
		`${inbox.added.length} messages emitted by the ${inbox.order} trigger (so far ${last?.texts.length ?? 0})`;
	return await waitFor(enough, { what: what(), timeoutMs, intervalMs: 1000, onTimeout: () => last! });
}

/**
 * The scenario: 20 messages, a poll; 17 more, then `between` (an n8n restart), a poll; 13 more, a poll.
 * Each batch is waited for before the next is added, so the 50 come in at least 3 polls.
 */
export async function fiftyOverThreePolls(
	client: () => N8nClient,
	inboxes: Inbox[],
	between: () => Promise<void> = async () => {},
): Promise<Emitted[]> {
	const batch = async (label: string, count: number, meanwhile: () => Promise<void> = async () => {}) => {
		for (const inbox of inboxes) await receive(inbox, label, count);
		await meanwhile();
		return await Promise.all(inboxes.map((inbox) => waitForEmitted(client, inbox)));
	};
	await batch('First', 20);
	await batch('Second', 17, between);
	return await batch('Third', 13);
}

/** What every inbox must show after the scenario: each added message emitted once, oldest first, per batch. */
export function expectFiftyOnce(inbox: Inbox, emitted: Emitted) {
	expect(inbox.added).toHaveLength(50);
	expect(emitted.texts).toEqual(inbox.added);
	expect(emitted.perExecution).toEqual([20, 17, 13]);
	expect(emitted.ids).toEqual([...emitted.ids].sort((a, b) => a - b));
	expect(emitted.executions.map((execution) => execution.status)).toEqual(['success', 'success', 'success']);
}

/** Runs the workflow by hand from its trigger, as the editor's "Execute workflow" does; the finished execution. */
export async function runManually(client: N8nClient, workflowId: string): Promise<Execution> {
	const workflowData = await client.api('GET', `/workflows/${workflowId}`);
	const response = await fetch(`${client.url}/rest/workflows/${workflowId}/run`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', cookie: client.cookie },
		body: JSON.stringify({ workflowData, triggerToStartFrom: { name: TRIGGER } }),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`manual run: ${response.status} ${text}`);
	const executionId = (JSON.parse(text) as { data?: { executionId?: string } }).data?.executionId;
	if (!executionId) throw new Error(`manual run started no execution: ${text}`);
	return await waitFor(
		async () => {
			const execution = await client.api<Execution>('GET', `/executions/${executionId}?includeData=true`);
			// n8n 1.x can answer "finished" a moment before the execution's data is saved.
			return isFinished(execution) && execution.data !== undefined && execution;
		},
		{ what: `manual execution ${executionId} finished`, timeoutMs: 60_000, intervalMs: 500 },
	);
}

export const manualTexts = (execution: Execution) => triggerItems(execution).map((item) => item.message);
