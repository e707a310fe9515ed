/**
 * The editor tests of what a new user meets first, declared by editor.test.ts in its n8n and browser: the
 * nodes panel describes the action node in its own words, Send and Wait (and the HITL tool made from it)
 * says what it needs and shows each option's label whole, the canvas names each operation as n8n's own
 * nodes do, and the Inbox Trigger's Fetch Test Event with nothing to fetch says what it looked for
 * (pictures in docs/).
 */
import type { INodeTypeDescription } from 'n8n-workflow';

import { PACKAGE_NAME } from '../../tools/n8n-install';
import type { EditorSetting } from './editor-hitl';
import { emulatorClient } from '../support/emulator-client';
import { errorEditorTest } from './editor-errors';

const NOTICE = 'Needs an active Messaging Gateway Trigger for this account';

/** One node of each operation, and the subtitle n8n's own nodes would give it ("Get many contacts", "Send and wait"). */
const OPERATIONS = [
	{ resource: 'message', operation: 'sendAndWait', subtitle: 'Send and wait' },
	{ resource: 'contact', operation: 'getAll', subtitle: 'Get many contacts' },
	{ resource: 'group', operation: 'getAll', subtitle: 'Get many groups' },
	{ resource: 'inbox', operation: 'getAll', subtitle: 'Get many inbox messages' },
	{ resource: 'message', operation: 'getAll', subtitle: 'Get many sent messages' },
];

/** Every option Send and Wait's Options list offers for Approval (the other response types offer a part of them), set. */
const ALL_APPROVAL_OPTIONS = {
	appendHint: true,
	approveWords: 'yes',
	disapproveWords: 'no',
	unclearReplyReminder: 'Please reply YES or NO',
	maxReminders: 2,
	limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'days' } },
	defaultCountry: 'NL',
	timeout: 30,
};

/** The labels of the open panel n8n shows cut short with "…": text wider than the room its label row leaves it. */
export const CUT_LABELS = `[...document.querySelectorAll('[data-test-id="ndv"] [data-test-id="input-label"] label *')]
	.filter((element) => getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth)
	.map((element) => element.textContent.trim())`;

export function newUserEditorTests(setting: () => EditorSetting) {
	const onN8n1 = process.env.N8N_VERSION?.startsWith('1.') ?? false;

	test("the nodes panel describes the entry by what it sends, in the list and above its actions, never as a webhook trigger alone; its Tool in the action's own words, in one line", async () => {
		const { page, openWorkflow, demo, client, testId, searchNodePanel } = setting();
		const types = await client.rest<INodeTypeDescription[]>('/types/nodes.json');
		const action = types.find((type) => type.name === `${PACKAGE_NAME}.messagingGateway`)!;
		// The Tool variant n8n makes carries it too: one line, as n8n's own Twilio Tool's.
		const twilioTool = types.find((type) => type.name === 'n8n-nodes-base.twilioTool')!;
		expect(types.find((type) => type.name === `${PACKAGE_NAME}.messagingGatewayTool`)?.description).toBe(
			action.description,
		);
		expect(action.description.length).toBeLessThanOrEqual(twilioTool.description.length);
		await openWorkflow(demo.workflows.sendFromWorkflow.id);
		await searchNodePanel('Messaging Gateway');
		const creator = page.locator(testId('node-creator'));
		// n8n 1.x lists search results by name alone; 2.x shows each entry's description.
		// n8n describes the one entry of the action and the webhook trigger with the trigger's description, here too.
		const sends = /send SMS, WhatsApp and voice messages.*send and wait for replies/i;
		if (!onN8n1) expect(await creator.innerText()).toMatch(sends);
		await creator
			.locator(testId('node-creator-item-name'))
			.filter({ hasText: /^Messaging Gateway$/ })
			.first()
			.click();
		await creator.getByText('Send message and wait for response', { exact: true }).first().waitFor({ timeout: 10_000 });
		const header = await creator.innerText();
		expect(header.slice(0, header.indexOf('Actions ('))).toMatch(sends);
		expect(header).not.toContain('Starts the workflow on webhooks');
	});

	test("Send and Wait's panel names the trigger it needs and the number sender; saved as a picture", async () => {
		const { demo, openPanel, picture } = setting();
		const panel = await openPanel(demo.workflows.approveBySms.id, 'Ask the manager');
		expect(panel).toContain(`${NOTICE} (in any workflow of this n8n)`);
		expect(panel).toContain('The Sender must be a number that can receive replies');
		await picture('editor-send-and-wait.png');
		// The HITL tool n8n makes from the node shows it too.
		if (!onN8n1) expect(await openPanel(demo.workflows.approveAgentActions!.id, 'Ask the approver')).toContain(NOTICE);
	});

	test('every option label of Send and Wait shows whole, none cut to "…" (as "Reminder for Unclear Repl…" was)', async () => {
		const { page, openWorkflow, demo, client, testId } = setting();
		const node = {
			id: '00000000-0000-4000-8000-000000000010',
			name: 'Ask',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 4,
			position: [0, 0],
			parameters: {
				resource: 'message',
				operation: 'sendAndWait',
				to: '+31612345678',
				message: 'OK?',
				responseType: 'approval',
				options: ALL_APPROVAL_OPTIONS,
			},
			credentials: { messagingGatewayApi: { id: demo.credentialId, name: 'Messaging Gateway account' } },
		};
		const { id } = await client.api<{ id: string }>('POST', '/workflows', {
			name: 'Option labels',
			nodes: [node],
			connections: {},
			settings: {},
		});
		await openWorkflow(id, node.name);
		await page.locator(testId('ndv')).waitFor({ state: 'visible', timeout: 30_000 });
		await page.locator(testId('parameter-input-timeout')).waitFor({ timeout: 30_000 });
		expect(await page.locator(testId('ndv')).innerText()).toContain('Unclear Reply Reminder');
		expect(await page.evaluate(CUT_LABELS)).toEqual([]);
	});

	test('the canvas names five operations as n8n does: "Send and wait", "Get many contacts", …', async () => {
		const { page, openWorkflow, demo, client, testId } = setting();
		const nodes = OPERATIONS.map(({ resource, operation }, index) => ({
			id: `00000000-0000-4000-8000-00000000000${index}`,
			name: `Node ${index}`,
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 3,
			position: [index * 220, 0],
			parameters: { resource, operation },
			credentials: { messagingGatewayApi: { id: demo.credentialId, name: 'Messaging Gateway account' } },
		}));
		const { id } = await client.api<{ id: string }>('POST', '/workflows', {
			name: 'Subtitles',
			nodes,
			connections: {},
			settings: {},
		});
		await openWorkflow(id);
		await page.waitForTimeout(1_000);
		const texts = await Promise.all(
			OPERATIONS.map((_, index) =>
				page
					.locator(testId('canvas-node'))
					.filter({ hasText: `Node ${index}` })
					.innerText(),
			),
		);
		expect(
			texts.map((text) =>
				text
					.split('\n')
					.map((line) => line.trim())
					.filter(Boolean),
			),
		).toEqual(OPERATIONS.map(({ subtitle }, index) => expect.arrayContaining([`Node ${index}`, subtitle])));
	});

	test("the Inbox Trigger's Fetch Test Event with nothing to fetch says what it looked for; saved as a picture", async () => {
		const { page, emulatorUrl, demo, testId, openPanel, picture } = setting();
		expect((await emulatorClient(() => ({ url: emulatorUrl })).controlAnswer('DELETE', '/emulator/inbox')).status).toBe(
			200,
		);
		await openPanel(demo.workflows.inboxByPolling.id, 'New SMS in the Inbox');
		const ndv = page.locator(testId('ndv'));
		await ndv.getByRole('button', { name: 'Fetch Test Event' }).first().click();
		await ndv.getByText('No received message to fetch').first().waitFor({ timeout: 30_000 });
		expect(await ndv.innerText()).toContain('the newest of the SMS received on any number of the account (Filters)');
		await picture('editor-inbox-trigger-empty.png');
	});

	// An error as n8n shows it (editor-errors.ts).
	errorEditorTest(setting);
}
