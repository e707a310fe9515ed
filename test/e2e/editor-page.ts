/** The editor test's browser and page: Debian's Chromium signed in to n8n, and what the tests do on the page (open a workflow, a panel, the node panel's search, take a picture). */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { INode } from 'n8n-workflow';
import type { Browser, Page } from 'playwright-core';

import type { N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { sleep } from '../../tools/waits';
import { pushRoute, shows } from './editor-routes';

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
/**
 * n8n's credential test of `credential` as typed into its form, not yet saved (what the editor sends). A test the
 * editor's own page started can still run in n8n after the page left (seen once in CI); n8n's tester keeps the node
 * it tests with in one table and removes it when a test ends, so this one can answer "Node not found": only that
 * answer is asked again.
 */
export async function testCredentialAsTyped(
	client: N8nClient,
	credential: { id: string; name: string; type: string; data: Record<string, string> },
): Promise<{ status: string; message: string }> {
	for (let attempt = 1; ; attempt++) {
		const response = await fetch(`${client.url}/rest/credentials/test`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', cookie: client.cookie },
			body: JSON.stringify({ credentials: credential }),
		});
		if (response.status !== 200) throw new Error(`credential test: HTTP ${response.status} ${await response.text()}`);
		const { data } = (await response.json()) as { data: { status: string; message: string } };
		if (data.message !== 'Node not found' || attempt === 3) return data;
		await sleep(1000);
	}
}

export function repositoryPath(href: string): string {
	const { pathname } = new URL(href);
	const match = /\/blob\/main\/(.+)$/.exec(pathname);
	if (!match) throw new Error(`${href} does not name a file of the repository`);
	return decodeURIComponent(match[1]);
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
	/**
	 * How goTo opens a canvas: through the editor's router straight to the route, by way of the workflows list (n8n
	 * 1.x's canvas keeps the workflow it has on a straight push), or by loading the page; and whether a node's panel
	 * opens by a double click on the canvas, as a user opens it, or by loading the page of its route.
	 */
	const routing = { canvas: 'straight' as 'straight' | 'viaList' | 'page', panelByClick: true };
	const savedNodes = async (workflowId: string): Promise<INode[]> =>
		(await current().client.api<{ nodes: INode[] }>('GET', `/workflows/${workflowId}`)).nodes;

	/**
	 * Opens the canvas `path` (`/workflow/<id>`) through the running editor's own router, as a click in n8n's lists
	 * does, and waits until it shows the nodes `names`: loading the page again takes seconds on this machine, this a
	 * fraction of one. Where a straight push does not show it, a push by way of the workflows list is tried; where that
	 * does not either, pages from then on. The page is loaded as usual when the editor is not running yet, and when n8n
	 * holds the route (it asks to save a changed workflow first). A panel's route (`/workflow/<id>/<node id>`, with
	 * `panel`) is always loaded as a page.
	 */
	async function goTo(path: string, ready: { names: string[]; panel?: string }): Promise<void> {
		const { page, n8nUrl } = current();
		for (const way of ['straight', 'viaList'] as const) {
			if (
				ready.panel !== undefined ||
				routing.canvas === 'page' ||
				(routing.canvas === 'viaList' && way === 'straight')
			)
				break;
			const outcome = await routed(path, ready.names, way === 'viaList');
			if (outcome === 'shown') {
				routing.canvas = way;
				return;
			}
			if (outcome === 'asked') process.stderr.write(`[editor] ${path}: n8n asks to save first: loading the page\n`);
			if (outcome === 'not shown' && way === 'viaList') {
				process.stderr.write(`[editor] ${path}: not shown through the router: loading pages from now on\n`);
				routing.canvas = 'page';
			}
			if (outcome !== 'not shown') break;
		}
		// The first page a run opens loads n8n's editor cold: more than goto's 30 s on a busy machine.
		await page.goto(`${n8nUrl}${path}`, { timeout: 120_000 });
		await page.waitForSelector(testId('canvas-node'), { timeout: 60_000 });
		if (ready.panel !== undefined) await page.locator(testId('ndv')).waitFor({ state: 'visible', timeout: 30_000 });
	}

	/** Pushes `path` to the editor's router (first the workflows list, with `viaList`) and says whether it showed `names`. */
	async function routed(
		path: string,
		names: string[],
		viaList: boolean,
	): Promise<'shown' | 'asked' | 'not shown' | 'no router'> {
		const { page } = current();
		const pushed = await pushRoute(page, path, viaList);
		if (!pushed) return 'no router';
		return await shows(page, { target: path, names });
	}

	/** Opens the panel of the node `name` on the canvas shown, by a double click; false when it did not show within 10 s. */
	async function clickedPanel(name: string): Promise<boolean> {
		const { page } = current();
		const node = page.locator(testId('canvas-node')).filter({ has: page.getByText(name, { exact: true }) });
		const clicked = await node
			.first()
			.dblclick({ timeout: 10_000 })
			.then(() => true)
			.catch(() => false);
		return clicked && (await shows(page, { panel: name })) === 'shown';
	}

	/** Opens a saved workflow on the canvas (and, with `nodeName`, that node's panel). */
	async function openWorkflow(workflowId: string, nodeName?: string): Promise<void> {
		const nodes = await savedNodes(workflowId);
		const nodeId = nodeName ? nodes.find((node) => node.name === nodeName)?.id : undefined;
		if (nodeName && !nodeId) throw new Error(`no node "${nodeName}" in workflow ${workflowId}`);
		const names = drawnAsNodes(nodes).map((node) => node.name);
		if (nodeName !== undefined && routing.panelByClick) {
			await goTo(`/workflow/${workflowId}`, { names });
			if (await clickedPanel(nodeName)) return;
			process.stderr.write(
				`[editor] the panel of "${nodeName}" did not open by a double click: loading pages from now on\n`,
			);
			routing.panelByClick = false;
		}
		await goTo(`/workflow/${workflowId}${nodeId ? `/${nodeId}` : ''}`, { names, panel: nodeName });
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
