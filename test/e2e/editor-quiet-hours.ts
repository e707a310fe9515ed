/**
 * The editor test of Quiet Hours, declared by editor.test.ts in its n8n and browser: added from Send SMS's Add
 * Option it comes with a window, and a group send shows that it needs Time Zone (its picture in docs/).
 */
import { NodeHelpers, type IDataObject, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor } from '../../tools/waits';
import type { EditorSetting } from './editor-hitl';
import { CUT_LABELS } from './editor-new-user';
import { panelHelpers } from './editor-panels';

const ACTION = `${PACKAGE_NAME}.messagingGateway`;

export function quietHoursEditorTest(setting: () => EditorSetting) {
	const { openNew, addOptionNamed, panelShows } = panelHelpers(setting);

	test('Send SMS: Quiet Hours added from Add Option comes with a window, Allowed Hours US Federal first, Outside Allowed Hours Defer; a group send shows the notice that it needs Time Zone; saved as a picture', async () => {
		const { page, openWorkflow, client, testId, picture } = setting();
		const sms = (index: number, name: string, sendTo: { sendTo: string } & IDataObject) => ({
			id: `00000000-0000-4000-8000-0000000000a${index}`,
			name,
			type: ACTION,
			typeVersion: 5,
			position: [index * 220, 0],
			parameters: {
				resource: 'message',
				operation: 'send',
				sender: { __rl: true, mode: 'id', value: '18335550100' },
				...sendTo,
				message: 'Spring sale: 20% off until Sunday. Reply STOP to unsubscribe.',
			},
		});
		const nodes = [
			sms(1, 'SMS to numbers', { sendTo: 'numbers', to: '+1 201 555 0123' }),
			sms(2, 'SMS to a group', { sendTo: 'group', groupId: { __rl: true, mode: 'id', value: '1' } }),
		];
		const id = await openNew('Quiet Hours added', nodes, 'SMS to numbers');
		const types = await client.rest<INodeTypeDescription[]>('/types/nodes.json');
		for (const node of nodes) {
			await openWorkflow(id, node.name);
			await page.locator(testId('parameter-input-message')).waitFor({ timeout: 30_000 });
			await page.waitForTimeout(1_000);
			expect(await panelShows()).not.toContain('Allowed Hours');
			await addOptionNamed('Quiet Hours');
			await page.locator(testId('parameter-input-preset')).waitFor({ timeout: 10_000 });
			await page.waitForTimeout(500);
			const shown = await panelShows();
			const group = node.parameters.sendTo === 'group';
			expect({ group, empty: shown.includes('Currently no items exist') }).toEqual({ group, empty: false });
			expect({ group, preset: shown.includes('US Federal (08:00–21:00)'), defer: /\bDefer\b/.test(shown) }).toEqual({
				group,
				preset: true,
				defer: true,
			});
			expect(shown.indexOf('Allowed Hours')).toBeLessThan(shown.indexOf('Outside Allowed Hours'));
			expect({ group, notice: shown.includes("A group send needs the members' Time Zone below") }).toEqual({
				group,
				notice: group,
			});
			expect(await page.evaluate(CUT_LABELS)).toEqual([]);
			if (group) {
				await page.locator(testId('parameter-input-preset')).scrollIntoViewIfNeeded();
				await picture('editor-quiet-hours.png');
			}
			// Saved as shown (n8n leaves out values at their default), and read as n8n reads it to run the node: a window.
			// The panel closed first, then saved. (n8n 1.x saved nothing of it before the option said it holds one entry.)
			await page.locator(testId('ndv')).getByText('Parameters', { exact: true }).first().click();
			await page.keyboard.press('Escape');
			await page.locator(testId('ndv')).waitFor({ state: 'hidden', timeout: 10_000 });
			await page.keyboard.press('Control+s');
			const saved = await waitFor(
				async () => {
					const { nodes: now } = await client.api<{ nodes: INode[] }>('GET', `/workflows/${id}`);
					return now.find((each) => each.id === node.id && (each.parameters.options as IDataObject)?.quietHours);
				},
				{ what: `${node.name} saved with Quiet Hours`, timeoutMs: 15_000 },
			);
			const type = types.find((each) => each.name === ACTION && [each.version].flat().includes(5))!;
			const run = NodeHelpers.getNodeParameters(type.properties, saved.parameters, true, false, saved, type);
			expect({ group, quietHours: (run?.options as IDataObject).quietHours }).toEqual({
				group,
				quietHours: { values: expect.objectContaining({ preset: 'usFederal', mode: 'defer' }) },
			});
		}
	}, 300_000);
}
