/** The editor test's browser and page: Debian's Chromium signed in to n8n, and what the tests do on the page (open a workflow, a panel, the node panel's search, take a picture). */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { INode } from 'n8n-workflow';
import type { Browser, Page } from 'playwright-core';

import type { N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';

/** This package's node types. */
export const OURS = [
	`${PACKAGE_NAME}.messagingGateway`,
	`${PACKAGE_NAME}.messagingGatewayTrigger`,
	`${PACKAGE_NAME}.messagingGatewayInboxTrigger`,
];
/** The nodes the canvas draws as `canvas-node`: all but sticky notes, which it draws as `sticky`. */
export const drawnAsNodes = <T extends { type: string }>(nodes: T[]): T[] =>
	nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
/** What users type into the node panel's search to find them. */
export const SEARCH_WORDS = [
	'SMS',
	'text message',
	'whatsapp',
	'delivery report',
	'incoming SMS',
	'inbound message',
	'read report',
	'voice',
	'opt-out',
	'funds',
];

/** Chromium (CHROMIUM_PATH, else Debian's) with one page signed in to the n8n at `n8nUrl` with `cookie`. */
export async function openEditorBrowser(n8nUrl: string, cookie: string): Promise<{ browser: Browser; page: Page }> {
	const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(chromium)) throw new Error(`${chromium} not found: apt-get install -y chromium`);
	const { chromium: launcher } = await import('playwright-core');
	const browser = await launcher.launch({
		executablePath: chromium,
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
	const [name, value] = cookie.split(';')[0].split('=');
	await context.addCookies([{ name, value, url: n8nUrl }]);
	return { browser, page: await context.newPage() };
}

/** The path inside the repository a documentation link names (…/blob/main/<path>?utm_…). */
export function repositoryPath(href: string): string {
	const { pathname } = new URL(href);
	const match = /\/blob\/main\/(.+)$/.exec(pathname);
	if (!match) throw new Error(`${href} does not name a file of the repository`);
	return decodeURIComponent(match[1]);
}

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

interface EditorPage {
	page: Page;
	n8nUrl: string;
	client: N8nClient;
	/** Where pictures are saved. */
	pictures: string;
}

/** What the tests do on the editor's page; `current()` is read when they run, after the file's beforeAll. */
export function editorPage(current: () => EditorPage) {
	const testId = (id: string) => `[data-test-id="${id}"]`;
	/** Whether goTo may use the editor's router for a canvas, and for a node's panel (until it once did not show it). */
	const router = { canvas: true, panel: true };
	const savedNodes = async (workflowId: string): Promise<INode[]> =>
		(await current().client.api<{ nodes: INode[] }>('GET', `/workflows/${workflowId}`)).nodes;

	/**
	 * Opens `path` of the editor (`/workflow/<id>`, `/workflow/<id>/<node id>`) through the running editor's own router,
	 * as a click in n8n's lists does, and waits until `ready` holds in the page: loading the page again takes seconds on
	 * this machine, this a fraction of one. The page is loaded as usual when the editor is not running yet, when n8n
	 * holds the route (it asks to save a changed workflow first), and, for canvases or for panels, from the first time
	 * a route did not show what it names on (n8n 1.x's canvas keeps the workflow it has).
	 */
	async function goTo(path: string, ready: { names: string[]; panel?: string }): Promise<void> {
		const { page, n8nUrl } = current();
		const routed =
			router[ready.panel === undefined ? 'canvas' : 'panel'] &&
			(await page
				.evaluate((target) => {
					const { document } = globalThis as unknown as Browserside;
					const router = document.querySelector('#app')?.__vue_app__?.config.globalProperties.$router;
					// Not awaited: a route guard asking something first would hold it; the wait below has a deadline.
					router?.push(target).catch(() => undefined);
					return router !== undefined;
				}, path)
				.catch(() => false));
		// Shown, or n8n asks first (its "Save changes before leaving?" box): then the page is loaded at once.
		const outcome =
			routed &&
			(await page
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
							location.pathname.endsWith(target) &&
							nodes.length === names.length &&
							names.every((name) => nodes.some((text) => text.includes(name))) &&
							(panel === undefined || ndv.some((text) => text.includes(panel))) &&
							'shown'
						);
					},
					{ target: path, ...ready },
					{ timeout: 10_000 },
				)
				.then(async (answer) => (await answer.jsonValue()) as string)
				.catch(() => 'not shown'));
		if (outcome === 'shown') return;
		const why = {
			asked: 'n8n asks to save first: loading the page',
			'not shown': 'not shown: loading pages from now on',
		};
		if (outcome) process.stderr.write(`[editor] ${path}: ${why[outcome as keyof typeof why] ?? outcome}\n`);
		// Not shown within 10 s (n8n 1.x's canvas keeps the workflow it has): pages from now on, for canvases or panels.
		if (outcome === 'not shown') router[ready.panel === undefined ? 'canvas' : 'panel'] = false;
		// The first page a run opens loads n8n's editor cold: more than goto's 30 s on a busy machine.
		await page.goto(`${n8nUrl}${path}`, { timeout: 120_000 });
		await page.waitForSelector(testId('canvas-node'), { timeout: 60_000 });
		if (ready.panel !== undefined) await page.locator(testId('ndv')).waitFor({ state: 'visible', timeout: 30_000 });
	}

	/** Opens a saved workflow on the canvas (and, with `nodeName`, that node's panel). */
	async function openWorkflow(workflowId: string, nodeName?: string): Promise<void> {
		const nodes = await savedNodes(workflowId);
		const nodeId = nodeName ? nodes.find((node) => node.name === nodeName)?.id : undefined;
		if (nodeName && !nodeId) throw new Error(`no node "${nodeName}" in workflow ${workflowId}`);
		await goTo(`/workflow/${workflowId}${nodeId ? `/${nodeId}` : ''}`, {
			names: drawnAsNodes(nodes).map((node) => node.name),
			panel: nodeName,
		});
	}

	/** A picture of the page, without the "Production Checklist" n8n opens over published workflows a moment after loading. */
	async function picture(file: string): Promise<void> {
		const { page, pictures } = current();
		await page.waitForTimeout(1_500);
		const checklistClose = page.locator(testId('suggested-actions-close'));
		if (await checklistClose.isVisible()) {
			await checklistClose.click();
			await checklistClose.waitFor({ state: 'hidden', timeout: 5_000 });
		}
		mkdirSync(pictures, { recursive: true });
		await page.screenshot({ path: join(pictures, file) });
	}

	/** Opens the node panel with the canvas's + button, searches `word` and returns the names it lists. */
	async function searchNodePanel(word: string): Promise<string[]> {
		const { page } = current();
		const search = page.locator(`input${testId('node-creator-search-bar')}`);
		if (!(await search.isVisible())) {
			await page
				.locator(`${testId('canvas-plus-button')}, ${testId('node-creator-plus-button')}`)
				.first()
				.click();
		}
		await search.waitFor({ timeout: 10_000 });
		await search.fill(word);
		await page.waitForTimeout(500); // the panel filters as one types
		return await page.locator(`${testId('node-creator')} ${testId('node-creator-item-name')}`).allInnerTexts();
	}

	/** Opens a node's panel and waits until it has drawn. */
	async function openPanel(workflowId: string, nodeName: string): Promise<string> {
		await openWorkflow(workflowId, nodeName);
		const { page } = current();
		await page.locator(testId('ndv')).waitFor({ state: 'visible', timeout: 30_000 });
		await page.waitForTimeout(1_000); // the panel draws its parameters after it opens
		return await page.locator(testId('ndv')).innerText();
	}

	return { testId, savedNodes, openWorkflow, picture, searchNodePanel, openPanel };
}
