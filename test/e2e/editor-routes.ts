/**
 * What the editor tests read in the browser to open n8n's pages without loading them again (editor-page.ts): the
 * router of n8n's Vue app, and whether the page shows a route, its canvas nodes and a node's panel.
 */
import type { Page } from 'playwright-core';

/** An element of the page as goTo reads it. */
interface BrowsersideElement {
	innerText: string;
	value?: string;
	querySelectorAll(selector: string): ArrayLike<BrowsersideElement> & Iterable<BrowsersideElement>;
}

/** What goTo reads in the browser: the page, and the router of n8n's Vue app mounted on #app. */
interface Browserside {
	document: {
		querySelector(selector: string): {
			__vue_app__?: { config: { globalProperties: { $router?: { push(path: string): Promise<unknown> } } } };
		} | null;
		querySelectorAll(selector: string): ArrayLike<BrowsersideElement> & Iterable<BrowsersideElement>;
	};
	location: { pathname: string };
}

/**
 * Waits up to 10 s until the page shows what is asked (the route `target`, exactly the canvas nodes `names`, a panel
 * with `panel` in its text or title) or n8n asks something first (its "Save changes before leaving?" box).
 */
export async function shows(
	page: Page,
	asked: { target?: string; names?: string[]; panel?: string },
): Promise<'shown' | 'asked' | 'not shown'> {
	return await page
		.waitForFunction(
			({ target, names, panel }) => {
				const { document, location } = globalThis as unknown as Browserside;
				if (document.querySelector('.el-message-box') !== null) return 'asked';
				const nodes = [...document.querySelectorAll('[data-test-id="canvas-node"]')].map((node) => node.innerText);
				// The panel's text, and its title (the node's name, in an input on n8n 2.x).
				const ndv = [...document.querySelectorAll('[data-test-id="ndv"]')].map(
					(node) =>
						`${node.innerText} ${[...node.querySelectorAll('[data-test-id="node-title-container"] input')].map((input) => input.value ?? '').join(' ')}`,
				);
				return (
					(target === undefined || location.pathname.endsWith(target)) &&
					(names === undefined ||
						(nodes.length === names.length && names.every((name) => nodes.some((text) => text.includes(name))))) &&
					(panel === undefined || ndv.some((text) => text.includes(panel))) &&
					'shown'
				);
			},
			asked,
			{ timeout: 10_000 },
		)
		.then(async (answer) => (await answer.jsonValue()) as 'shown' | 'asked')
		.catch(() => 'not shown' as const);
}

/** Pushes `path` to the router of n8n's editor (first the workflows list, with `viaList`); false without a running editor. */
export async function pushRoute(page: Page, path: string, viaList: boolean): Promise<boolean> {
	return await page
		.evaluate(
			async ({ target, viaList }) => {
				const { document } = globalThis as unknown as Browserside;
				const router = document.querySelector('#app')?.__vue_app__?.config.globalProperties.$router;
				if (router === undefined) return false;
				// Awaited a few seconds at most: a route guard asking something first holds it (see shows()).
				const within = (push: Promise<unknown>) =>
					Promise.race([push.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
				if (viaList) await within(router.push('/home/workflows'));
				void within(router.push(target));
				return true;
			},
			{ target: path, viaList },
		)
		.catch(() => false);
}
