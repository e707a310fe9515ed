/**
 * The editor tests of the human-review (HITL) tool, declared by editor.test.ts in its n8n and browser:
 * the node is listed where n8n lists its own send-and-wait nodes, search finds it by the words of n8n's
 * own, and the HITL tool's panel reads sensibly (pictures in docs/ai-agents.md).
 */
import type { Page } from 'playwright-core';

import type { Demo } from '../../tools/demo';
import type { N8nClient } from '../../tools/n8n-client';

export interface EditorSetting {
	page: Page;
	n8nUrl: string;
	emulatorUrl: string;
	demo: Demo;
	client: N8nClient;
	testId(id: string): string;
	searchNodePanel(word: string): Promise<string[]>;
	openPanel(workflowId: string, nodeName: string): Promise<string>;
	/** A saved workflow on the canvas (and, with `nodeName`, that node's panel open). */
	openWorkflow(workflowId: string, nodeName?: string): Promise<void>;
	picture(file: string): Promise<void>;
}

export function hitlEditorTests(setting: () => EditorSetting) {
	const onN8n1 = process.env.N8N_VERSION?.startsWith('1.') ?? false;
	const skipOn1 = (name: string) =>
		`${name}${onN8n1 ? ' — skipped on n8n 1.x: it has no Human review section nor HITL tools' : ''}`;

	(onN8n1 ? test.skip : test)(
		skipOn1(
			'the node panel lists it under Human review → Send and wait for response, and finds it by human, approval, wait, hitl',
		),
		async () => {
			const { page, openWorkflow, demo, testId, searchNodePanel, picture } = setting();
			// A workflow with a trigger: the panel offers what comes next, the section Human review among it.
			await openWorkflow(demo.workflows.sendFromWorkflow.id);
			for (const word of ['human', 'approval', 'wait', 'hitl']) {
				const names = await searchNodePanel(word);
				expect({ word, found: names.some((name) => name.trim() === 'Messaging Gateway') }).toEqual({
					word,
					found: true,
				});
			}
			await searchNodePanel('');
			const creator = page.locator(testId('node-creator'));
			await creator.getByText('Human review', { exact: true }).first().click();
			// The section opens on its one category, expanded: n8n's own send-and-wait nodes and ours.
			await creator.getByText('Send and wait for response', { exact: true }).first().waitFor({ timeout: 10_000 });
			const lines = (await creator.innerText()).split('\n').map((line) => line.trim());
			const category = lines.indexOf('Send and wait for response');
			expect(category).toBeGreaterThan(-1);
			expect(lines.slice(category)).toEqual(expect.arrayContaining(['Slack', 'Telegram', 'Messaging Gateway']));
			await picture('editor-hitl-panel.png');
		},
	);

	(onN8n1 ? test.skip : test)(
		skipOn1("the HITL tool's panel: the approver's number, the message, the wait options; no resource or operation"),
		async () => {
			const { demo, openPanel, picture } = setting();
			const panel = await openPanel(demo.workflows.approveAgentActions!.id, 'Ask the approver');
			expect(panel).toContain('To');
			expect(panel).toContain('Message');
			expect(panel).not.toMatch(/\bResource\b|\bOperation\b|Response Type/);
			await picture('editor-hitl-fields.png');
		},
	);
}
