/**
 * The editor test of Send with Failover, declared by editor.test.ts in its n8n and browser: the critical alert
 * example, raised as its webhook is, goes on from a WhatsApp message that is not delivered to an SMS; its finished
 * execution, opened as a user opens it from the executions list, shows the node's panel with its steps and the
 * output (reachedBy, each step's outcome), saved as a picture in docs/. n8n 1.x has no Send with Failover.
 */
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { waitFor } from '../../tools/waits';
import { emulatorClient } from '../support/emulator-client';
import type { EditorSetting } from './editor-hitl';

const NODE = 'Reach the on-call engineer';
const onN8n1 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) < 2;

export function failoverEditorTest(setting: () => EditorSetting) {
	(onN8n1 ? test.skip : test)(
		"Send with Failover: a finished alert's panel shows its steps and the output, reachedBy sms; saved as a picture",
		async () => {
			const { page, n8nUrl, emulatorUrl, demo, client, testId, picture } = setting();
			const { id } = demo.workflows.criticalAlert;
			// The engineer's WhatsApp messages are not delivered (the emulator's recipients): the SMS goes out at once.
			const fares = { number: '31612345678', whatsapp: { code: '2', detail: '11' } };
			await emulatorClient(() => ({ url: emulatorUrl })).control('PUT', '/emulator/recipients', {
				recipients: [fares],
			});
			const raised = await fetch(`${n8nUrl}/webhook/critical-alert`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', [demo.webhookHeader.name]: demo.webhookHeader.value },
				body: JSON.stringify({ text: 'db-1 is down' }),
			});
			expect(raised.status).toBe(200);
			const alert = await waitFor(
				async () =>
					(await client.executions(id)).find(
						(execution) => execution.data?.resultData.runData['Reached?'] !== undefined,
					),
				{ what: 'the critical alert to finish', timeoutMs: 60_000 },
			);
			await page.goto(`${n8nUrl}/workflow/${id}/executions/${alert.id}`, { timeout: 120_000 });
			const node = page.locator(testId('canvas-node')).filter({ hasText: NODE }).first();
			await node.waitFor({ timeout: 60_000 });
			await node.dblclick();
			const panel = page.locator(testId('ndv'));
			await panel.waitFor({ state: 'visible', timeout: 30_000 });
			// The webhook's item (its headers hold the caller's secret, its Header Auth) folded away before the picture.
			await panel.getByText('Alert raised', { exact: true }).first().click();
			await page.waitForTimeout(1_000);
			const text = await panel.innerText();
			expect(text).toMatch(/Steps[\s\S]*Channel[\s\S]*Go On When[\s\S]*Within Minutes/);
			expect(text).toMatch(/reachedBy[\s\S]*sms/);
			expect(text).toMatch(/outcome\s*:\s*notDelivered[\s\S]*outcome\s*:\s*delivered/);
			// No element showing the secret is in view (n8n keeps the folded rows in the page, far above it).
			const view = page.viewportSize()!;
			const drawn = await page.getByText(demo.webhookHeader.value).evaluateAll(
				(elements, { width, height }) =>
					elements.filter((element) => {
						const box = element.getBoundingClientRect();
						return box.bottom > 0 && box.top < height && box.right > 0 && box.left < width;
					}),
				view,
			);
			expect(drawn).toHaveLength(0);
			await picture('editor-send-with-failover.png');
			await page.keyboard.press('Escape');
		},
	);
}
