/**
 * The editor tests of the Inbox Trigger, declared by editor.test.ts in its n8n and browser: the node panel
 * offers it as a first step by the words of users who have no public URL, and its panel says what polling
 * cannot do, shows n8n's Poll Times and the filters, links its page, and Fetch Test Event gives the newest
 * received message (picture in docs/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../../tools/n8n-install';
import type { EditorSetting } from './editor-hitl';
import { emulatorClient } from '../support/emulator-client';

export function inboxEditorTests(setting: () => EditorSetting) {
	test('the node panel offers the Inbox Trigger as a first step by inbox, polling and received messages', async () => {
		const { page, n8nUrl, testId, searchNodePanel } = setting();
		await page.goto(`${n8nUrl}/workflow/new`);
		await page.waitForSelector(testId('canvas-plus-button'), { timeout: 60_000 });
		for (const word of ['inbox', 'polling', 'received messages', 'incoming SMS']) {
			const names = await searchNodePanel(word);
			expect({ word, found: names.some((name) => name.trim() === 'Messaging Gateway Inbox Trigger') }).toEqual({
				word,
				found: true,
			});
		}
	});

	test("the Inbox Trigger's panel: what polling cannot do, Poll Times, the filters, a Docs link to its page; saved as a picture", async () => {
		const { page, demo, emulatorUrl, testId, openPanel, picture } = setting();
		const panel = await openPanel(demo.workflows.inboxByPolling.id, 'New SMS in the Inbox');
		expect(panel).toContain('cannot answer Send and Wait for Response');
		expect(panel).toContain('Poll Times');
		expect(panel).toContain('Type');
		expect(panel).not.toMatch(/Latest version/);
		const docs = page.locator('a[href*="/blob/main/docs/"]').first();
		await docs.waitFor({ state: 'attached', timeout: 30_000 });
		const path = /\/blob\/main\/([^?#]+)/.exec(new URL((await docs.getAttribute('href'))!).pathname)?.[1];
		expect({ path, exists: path !== undefined && existsSync(join(ROOT, path)) }).toEqual({
			path: 'docs/inbox-trigger.md',
			exists: true,
		});

		// Fetch Test Event: a manual poll in real n8n gives the newest received message alone.
		const { controlAnswer } = emulatorClient(() => ({ url: emulatorUrl }));
		const added = await controlAnswer('POST', '/emulator/inbox', {
			count: 2,
			from: '31612000078',
			type: 'sms',
			content: 'Fetched in the editor {n}',
		});
		expect(added.status).toBe(201);
		await page.locator(testId('ndv')).getByRole('button', { name: 'Fetch Test Event' }).first().click();
		await page.locator(testId('ndv')).getByText('Fetched in the editor 2').first().waitFor({ timeout: 30_000 });
		expect(await page.locator(testId('ndv')).innerText()).not.toContain('Fetched in the editor 1');
		await picture('editor-inbox-trigger.png');
	});
}
