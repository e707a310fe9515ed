/**
 * n8n's REST and public API for one running n8n: a signed-in owner with an API key, credentials,
 * workflows from the example files, and their executions (read page by page).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_NAME, ROOT } from './n8n-install';
import { sleep, waitFor } from './waits';

export const OWNER = { email: 'owner@example.com', firstName: 'Demo', lastName: 'Owner', password: 'Demo-password-1' };

export interface Execution {
	id: string;
	status: string;
	workflowId: string;
	/** When n8n finished the execution (ISO time); absent while it runs or waits. */
	stoppedAt?: string | null;
	data?: {
		resultData: {
			runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>>;
		};
	};
}

export interface ExampleWorkflow {
	name: string;
	nodes: Array<{
		name: string;
		type: string;
		typeVersion: number;
		webhookId?: string;
		parameters: Record<string, unknown>;
	}>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

/** An execution n8n has finished with (whatever its outcome). */
export const isFinished = (execution: Execution) => execution.status !== 'running' && execution.status !== 'new';

/** Failures of the connection itself, before n8n answered: on a busy machine, worth another try. */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);

/**
 * `fetch` to n8n, tried up to 4 times, 1 s apart, when the connection failed before any answer (a busy
 * machine, a keep-alive socket n8n closed as it was reused); the error names the cause fetch hides.
 */
async function request(url: string, init?: RequestInit): Promise<Response> {
	for (let attempt = 1; ; attempt += 1) {
		try {
			return await fetch(url, init);
		} catch (error) {
			const cause = (error as { cause?: { code?: string; message?: string } }).cause;
			if (attempt < 4 && CONNECTION_FAILURES.has(cause?.code ?? '')) {
				await sleep(1000);
				continue;
			}
			const why = cause?.code ?? cause?.message ?? 'no cause given';
			throw new Error(`${init?.method ?? 'GET'} ${url}: ${(error as Error).message} (${why}, try ${attempt})`);
		}
	}
}

const cookieOf = (response: Response) =>
	(response.headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? ''])
		.map((entry) => entry.split(';')[0])
		.join('; ');

/** A logged-in owner and a public-API key for one running n8n. */
export class N8nClient {
	constructor(
		readonly url: string,
		readonly cookie: string,
		readonly apiKey: string,
	) {}

	static async setUp(url: string): Promise<N8nClient> {
		const setup = await request(`${url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(OWNER),
		});
		if (!setup.ok) throw new Error(`owner setup failed: ${setup.status} ${await setup.text()}`);
		return await N8nClient.withApiKey(url, cookieOf(setup), 'harness');
	}

	/** Logs in as an existing user (as in the editor's sign-in form) and makes an API key. */
	static async logIn(url: string, email: string, password: string): Promise<N8nClient> {
		const login = await request(`${url}/rest/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: email, password }),
		});
		if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
		return await N8nClient.withApiKey(url, cookieOf(login), `login ${Date.now()}`);
	}

	private static async withApiKey(url: string, cookie: string, label: string): Promise<N8nClient> {
		const scopes = (
			(await (await request(`${url}/rest/api-keys/scopes`, { headers: { cookie } })).json()) as { data: string[] }
		).data;
		const key = await request(`${url}/rest/api-keys`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', cookie },
			body: JSON.stringify({ label, scopes, expiresAt: null }),
		});
		if (!key.ok) throw new Error(`API key creation failed: ${key.status} ${await key.text()}`);
		return new N8nClient(url, cookie, ((await key.json()) as { data: { rawApiKey: string } }).data.rawApiKey);
	}

	async api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await request(`${this.url}/api/v1${path}`, {
			method,
			headers: { 'Content-Type': 'application/json', 'X-N8N-API-KEY': this.apiKey },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} /api/v1${path}: ${response.status} ${text}`);
		return (text ? JSON.parse(text) : {}) as T;
	}

	async rest<T = unknown>(path: string): Promise<T> {
		const response = await request(`${this.url}${path}`, { headers: { cookie: this.cookie } });
		if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
		return (await response.json()) as T;
	}

	async createCredential(name: string, data: Record<string, string>, type = 'messagingGatewayApi'): Promise<string> {
		// n8n's default, said explicitly: n8n 1.x's public API otherwise demands allowedDomains for our credential,
		// and refuses the field for n8n's own Header Auth.
		const withDefaults = type === 'messagingGatewayApi' ? { allowedHttpRequestDomains: 'all', ...data } : data;
		const created = await this.api<{ id: string }>('POST', '/credentials', { name, type, data: withDefaults });
		return created.id;
	}

	/**
	 * What n8n's editor asks when the user opens (or types into) a resource locator's list of this
	 * package's action node: `path` is the parameter, e.g. `parameters.sender`.
	 */
	async resourceLocatorResults(list: {
		path: string;
		methodName: string;
		version: number;
		parameters: Record<string, unknown>;
		credentialId: string;
		filter?: string;
	}) {
		const response = await request(`${this.url}/rest/dynamic-node-parameters/resource-locator-results`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', cookie: this.cookie },
			body: JSON.stringify({
				path: list.path,
				methodName: list.methodName,
				nodeTypeAndVersion: { name: `${PACKAGE_NAME}.messagingGateway`, version: list.version },
				currentNodeParameters: list.parameters,
				credentials: { messagingGatewayApi: { id: list.credentialId, name: 'Messaging Gateway account' } },
				...(list.filter === undefined ? {} : { filter: list.filter }),
			}),
		});
		return {
			status: response.status,
			body: (await response.json()) as {
				data?: { results: Array<{ name: string; value: string; description?: string }> };
				message?: string;
			},
		};
	}

	/** Creates and activates a workflow from an example file, wiring `credentialId` in; `activate: false` leaves it inactive. */
	async importWorkflow(
		workflow: ExampleWorkflow,
		credentialId: string,
		replacements: Record<string, string> = {},
		{ activate = true } = {},
	): Promise<string> {
		let text = JSON.stringify(workflow).replaceAll('__CREDENTIAL_ID__', credentialId);
		for (const [placeholder, value] of Object.entries(replacements)) text = text.replaceAll(placeholder, value);
		const { name, nodes, connections, settings } = JSON.parse(text) as ExampleWorkflow;
		const created = await this.api<{ id: string }>('POST', '/workflows', {
			name,
			nodes,
			connections,
			settings: settings ?? {},
		});
		// Workflows started by a webhook or a polling trigger must be active; one started by hand is not activated.
		const startsByItself = (node: ExampleWorkflow['nodes'][number]) =>
			node.webhookId !== undefined || node.parameters.pollTimes !== undefined;
		if (activate && nodes.some(startsByItself)) {
			await this.api('POST', `/workflows/${created.id}/activate`);
		}
		return created.id;
	}

	/** Creates a workflow (execution order v1) and activates it; its id. */
	async createActiveWorkflow(name: string, nodes: unknown[], connections: Record<string, unknown>): Promise<string> {
		const settings = { executionOrder: 'v1' };
		const { id } = await this.api<{ id: string }>('POST', '/workflows', { name, nodes, connections, settings });
		await this.api('POST', `/workflows/${id}/activate`);
		return id;
	}

	/** Every execution of a workflow, newest first: n8n's API answers at most 250 a page, so this reads them all. */
	async executions(workflowId: string, { includeData = true } = {}): Promise<Execution[]> {
		const all: Execution[] = [];
		let cursor: string | undefined;
		do {
			const query = `workflowId=${workflowId}&includeData=${includeData}&limit=250${cursor ? `&cursor=${cursor}` : ''}`;
			const page = await this.api<{ data: Execution[]; nextCursor?: string | null }>('GET', `/executions?${query}`);
			all.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return all;
	}

	/** Finished executions of a workflow, oldest first, once there are at least `count` (or the time is up). */
	async finishedExecutions(
		workflowId: string,
		count: number,
		timeoutMs = 30_000,
		{ includeData = true } = {},
	): Promise<Execution[]> {
		let finished: Execution[] = [];
		const enough = async () => {
			finished = (await this.executions(workflowId, { includeData })).filter(isFinished).reverse();
			return finished.length >= count && finished;
		};
		return await waitFor(enough, {
			what: `${count} finished executions of workflow ${workflowId}`,
			timeoutMs,
			intervalMs: 300,
			onTimeout: () => finished,
		});
	}
}

/** The items a node output in an execution's first run. */
export const nodeOutput = (execution: Execution, node: string) =>
	execution.data!.resultData.runData[node][0].data!.main[0].map((item) => item.json);

export function loadExample(file: string): ExampleWorkflow {
	return JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')) as ExampleWorkflow;
}

/** The production webhook URL of a trigger node: /webhook/<webhookId>/webhook. */
export function productionUrl(n8nUrl: string, workflow: ExampleWorkflow): string {
	const trigger = workflow.nodes.find((node) => node.webhookId);
	if (!trigger) throw new Error(`workflow "${workflow.name}" has no webhook trigger`);
	return `${n8nUrl}/webhook/${trigger.webhookId}/webhook`;
}
