/**
 * The editor test of an error as n8n shows it, declared by editor.test.ts in its n8n and browser: a refusal's title
 * says what is wrong on one line, and why and what to do are in the description below it (its picture in docs/).
 */
import { PACKAGE_NAME } from '../../tools/n8n-install';
import type { EditorSetting } from './editor-hitl';
import { panelHelpers } from './editor-panels';

/** How many lines the error's title takes as drawn: its text's boxes, those less than 4 px apart as one line (run in the page). */
const TITLE_LINES = `(() => {
	const range = document.createRange();
	range.selectNodeContents(document.querySelector('[data-test-id="node-error-message"]'));
	const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top).sort((a, b) => a - b);
	return tops.filter((top, index) => index === 0 || top - tops[index - 1] >= 4).length;
})()`;

/** A desktop screen (1920 × 1080): the output pane beside the parameters is then about 560 px wide. */
const DESKTOP = { width: 1920, height: 1080 };

export function errorEditorTest(setting: () => EditorSetting) {
	const { openNew } = panelHelpers(setting);

	test('a refused number run from the panel: a title of one line, the advice and the item in the description; saved as a picture', async () => {
		const { page, testId, picture } = setting();
		const before = page.viewportSize();
		await page.setViewportSize(DESKTOP);
		const node = {
			id: '00000000-0000-4000-8000-0000000000e1',
			name: 'Send SMS',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 5,
			position: [0, 0],
			parameters: {
				resource: 'message',
				operation: 'send',
				sender: { __rl: true, mode: 'id', value: 'Shop' },
				to: '0612345678',
				message: 'Your order has shipped.',
			},
		};
		await openNew('A refused number', [node], node.name);
		await page
			.locator(`${testId('ndv')} ${testId('node-execute-button')}`)
			.first()
			.click();
		const title = page.locator(testId('node-error-message')).first();
		await title.waitFor({ state: 'visible', timeout: 60_000 });
		const description = page.locator(testId('node-error-description')).first();
		expect(await title.innerText()).toBe('To: "0612345678" is a national number (it starts with 0)');
		expect(await description.innerText()).toBe(
			'Write it with its country code (+31 6…) or set the Default Country option. Item 0 was refused before anything was sent.',
		);
		// One line on a desktop screen (at 1280 px wide the pane is about 370 px and it takes two).
		const lines = await page.evaluate(TITLE_LINES);
		await picture('editor-error.png');
		if (before) await page.setViewportSize(before);
		expect(lines).toBe(1);
	}, 300_000);
}
