/**
 * The editor tests of round three of what a new user meets, declared by editor.test.ts in its n8n and browser:
 * Estimate Cost's panel in every node version (To, Message and its own options only), the trigger picker's words
 * for the Messaging Gateway entry, the trigger's options (sorted, Opt-Out Keywords shown on a new node) and the
 * estimate example's canvas (pictures in docs/).
 */
import { PACKAGE_NAME } from '../../tools/n8n-install';
import type { EditorSetting } from './editor-hitl';
import { CUT_LABELS } from './editor-new-user';

const ACTION = `${PACKAGE_NAME}.messagingGateway`;
const TRIGGER = `${PACKAGE_NAME}.messagingGatewayTrigger`;
/** Estimate Cost's own options, as n8n lists them (alphabetically). */
const ESTIMATE_OPTIONS = [
	'Credits per Segment',
	'Credits per Segment by Country',
	'Default Country',
	'Prefer Default Country',
	'Smart Encoding',
];
/** The placeholders of the open panel's inputs that show an expression raw (`={{ … }}`). */
const RAW_PLACEHOLDERS = `[...document.querySelectorAll('[data-test-id="ndv"] input[placeholder], [data-test-id="ndv"] textarea[placeholder]')]
	.map((input) => input.getAttribute('placeholder')).filter((text) => text.trim().startsWith('='))`;

/** What the panel tests share: a new workflow opened on a node, an option added by name, what the panel shows. */
export function panelHelpers(setting: () => EditorSetting) {
	/** A saved workflow of `nodes` (credentials added), opened on the node `open` with its panel drawn. */
	async function openNew(name: string, nodes: Array<Record<string, unknown>>, open: string): Promise<string> {
		const { page, openWorkflow, demo, client, testId } = setting();
		const credentials = { messagingGatewayApi: { id: demo.credentialId, name: 'Messaging Gateway account' } };
		const { id } = await client.api<{ id: string }>('POST', '/workflows', {
			name,
			nodes: nodes.map((node) => ({ ...node, credentials })),
			connections: {},
			settings: {},
		});
		await openWorkflow(id, open);
		await page.locator(testId('ndv')).waitFor({ state: 'visible', timeout: 30_000 });
		await page.waitForTimeout(1_000);
		return id;
	}

	/** The open panel's Add Option control (n8n 2.x marks it; 1.x shows a select with that placeholder), not Add Field's. */
	const addOption = () => {
		const { page, testId } = setting();
		const ndv = testId('ndv');
		return page
			.locator(
				`${ndv} ${testId('collection-parameter-add')}:has(input[placeholder="Add Option"]), ${ndv} input[placeholder="Add Option"]`,
			)
			.first();
	};

	/** Adds the option `name` from the open panel's Add Option list, typed into its filter (the list is long). */
	async function addOptionNamed(name: string): Promise<void> {
		const { page } = setting();
		await addOption().click();
		await page.keyboard.type(name);
		await page
			.locator('.el-select-dropdown__item:visible')
			.filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
			.first()
			.click({ timeout: 10_000 });
	}

	/** What the open panel shows: its text and the values of its inputs (a select shows its choice in one). */
	async function panelShows(): Promise<string> {
		const { page, testId } = setting();
		const ndv = page.locator(testId('ndv'));
		const values = await ndv
			.locator('input')
			.evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
		return `${await ndv.innerText()}\n${values.join('\n')}`;
	}

	return { openNew, addOption, addOptionNamed, panelShows };
}

export function panelEditorTests(setting: () => EditorSetting) {
	const onN8n1 = process.env.N8N_VERSION?.startsWith('1.') ?? false;
	const { openNew, addOption } = panelHelpers(setting);

	/** The entries of the open panel's Add Option list, in its order; the list is closed again. */
	async function addOptionList(): Promise<string[]> {
		const { page } = setting();
		await addOption().click();
		const items = page.locator('.el-select-dropdown__item:visible');
		await items.first().waitFor({ timeout: 10_000 });
		const names = (await items.allInnerTexts()).map((text) => text.trim());
		await page.keyboard.press('Escape');
		return names;
	}

	test("Estimate Cost in node versions 1–5: To, Message and only its own options, none of Send's; a saved node's Sender and Additional Fields do not show; saved as a picture", async () => {
		const { page, testId, picture } = setting();
		// As saved before: with a Sender, Additional Fields and Send's options, which Estimate Cost never read.
		const nodes = [1, 2, 3, 4, 5].map((typeVersion) => ({
			id: `00000000-0000-4000-8000-0000000000e${typeVersion}`,
			name: `Estimate v${typeVersion}`,
			type: ACTION,
			typeVersion,
			position: [typeVersion * 220, 0],
			parameters: {
				resource: 'message',
				operation: 'estimate',
				sender: typeVersion === 1 ? 'Shop' : { __rl: true, mode: 'id', value: 'Shop' },
				to: '+31 6 1234 5678, +44 7700 100123',
				message: 'Spring sale: 20% off until Sunday',
				additionalFields: { reference: 'spring-sale', test: true },
				options: { creditsPerSegment: 1 },
			},
		}));
		const id = await openNew('Estimate Cost in every version', nodes, 'Estimate v1');
		for (const node of nodes) {
			await setting().openWorkflow(id, node.name as string);
			await page.locator(testId('parameter-input-message')).waitFor({ timeout: 30_000 });
			await page.waitForTimeout(1_000);
			const panel = await page.locator(testId('ndv')).innerText();
			const version = node.typeVersion;
			expect({ version, to: panel.includes('To'), sender: /\bSender\b/.test(panel) }).toEqual({
				version,
				to: true,
				sender: false,
			});
			expect({ version, additional: panel.includes('Additional Fields') }).toEqual({ version, additional: false });
			// Credits per Segment is set: the list offers the other three, and from version 5 Accept Unrecognized Numbers.
			const offered = [...(version >= 5 ? ['Accept Unrecognized Numbers'] : []), ...ESTIMATE_OPTIONS.slice(1)];
			expect({ version, options: await addOptionList() }).toEqual({ version, options: offered });
			expect({ version, cut: await page.evaluate(CUT_LABELS) }).toEqual({ version, cut: [] });
			if (version === 5) {
				await addOption().click();
				await page.locator('.el-select-dropdown__item:visible').first().waitFor({ timeout: 10_000 });
				await picture('editor-estimate-options.png');
				await page.keyboard.press('Escape');
			}
		}
	}, 300_000);

	test('the estimate example on the canvas: its If leads true to the send, false to the question, no edges crossing; saved as a picture', async () => {
		const { page, openWorkflow, demo, testId, picture } = setting();
		await openWorkflow(demo.workflows.estimateBroadcast.id);
		const canvas = (await page.locator(testId('canvas-node')).allInnerTexts()).join('\n');
		expect(canvas).toContain('At most 5 credits?');
		expect(canvas).toContain('Estimate cost');
		await picture('editor-estimate-example.png');
	});

	test("the trigger picker and the nodes panel describe the Messaging Gateway entry (as Twilio's, with its trigger's description) by receiving first, then sending", async () => {
		const { page, n8nUrl, client, testId, searchNodePanel, picture } = setting();
		const types = await client.rest<Array<{ name: string; description: string }>>('/types/nodes.json');
		const trigger = types.find((type) => type.name === TRIGGER)!;
		expect(trigger.description).toMatch(
			/^Receive and send SMS, WhatsApp and voice messages: start workflows on incoming/,
		);
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.waitForSelector(testId('canvas-plus-button'), { timeout: 60_000 });
		await searchNodePanel('Messaging Gateway');
		// n8n 1.x lists search results by name alone; 2.x shows each entry's description.
		if (!onN8n1) {
			const creator = await page.locator(testId('node-creator')).innerText();
			expect(creator).toContain(trigger.description);
			expect(creator).toContain('Starts the workflow on messages the gateway received');
		}
		await picture('editor-trigger-picker.png');
	});

	test('a new trigger (version 3) shows Opt-Out Keywords, on, among its options; its Add Option list is sorted; no label cut, no raw expression as a placeholder; saved as a picture', async () => {
		const { page, testId, picture } = setting();
		// What n8n saves for a new trigger: no options (their default).
		const node = {
			id: '00000000-0000-4000-8000-0000000000f3',
			name: 'Incoming SMS',
			type: TRIGGER,
			typeVersion: 3,
			position: [0, 0],
			webhookId: '5c3f6a52-8f4e-4b0a-9d7e-2f1d3c4b5a63',
			parameters: { events: ['inbox_message'] },
		};
		await openNew('Trigger options', [node], 'Incoming SMS');
		await page.locator(testId('parameter-input-optOutKeywords')).waitFor({ timeout: 30_000 });
		const options = await addOptionList();
		expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b, 'en')));
		expect(options).toContain('Help Reply');
		expect(options).not.toContain('Opt-Out Keywords');
		expect(await page.evaluate(CUT_LABELS)).toEqual([]);
		expect(await page.evaluate(RAW_PLACEHOLDERS)).toEqual([]);
		await page.locator(testId('parameter-input-optOutKeywords')).scrollIntoViewIfNeeded();
		await picture('editor-trigger-options.png');
	});
}
