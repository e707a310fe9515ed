/**
 * The one client tests use to talk to an emulator (the API with the account's credentials, the
 * control API under /emulator/ with none: README "Emulator") and to read a real n8n's executions.
 * No test defines its own: test/unit/layout-tests.test.ts checks.
 */
import type { Emulator } from '../../emulator/server';
import type { Execution, N8nClient } from '../../tools/n8n-client';

/** A control answer's JSON body: an object, or a list (requests, messages, deliveries). */
export type ControlBody = Record<string, unknown> & Array<Record<string, unknown>>;
/** A control call that must succeed, answered with its JSON body. */
export type EmulatorControl = <T = ControlBody>(method: string, path: string, body?: unknown) => Promise<T>;

/** Where an emulator listens, and its account when the test calls the API (not only the control API). */
type Reachable = Pick<Emulator, 'url'> & Partial<Pick<Emulator, 'account'>>;

/** `current` names the emulator when a call goes out: tests start a fresh one in beforeAll or beforeEach. */
export function emulatorClient(current: () => Reachable) {
	const auth = () => {
		const { account } = current();
		if (!account) throw new Error('an API call needs the emulator account');
		return { 'X-Client-Id': account.apiKey, 'X-Client-Secret': account.apiSecret };
	};
	/** The response and its JSON body; a text `body` goes out as it is. */
	async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth()) {
		const response = await fetch(`${current().url}${path}`, {
			method,
			headers: { 'Content-Type': 'application/json', ...headers },
			body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
		});
		return { response, body: (await response.json()) as Record<string, unknown> };
	}
	/** Status and body: what a test compares whole. */
	async function api(...args: Parameters<typeof call>) {
		const { response, body } = await call(...args);
		return { status: response.status, body };
	}
	/** A control call, status and body: for tests of the control API itself. */
	const controlAnswer = (method: string, path: string, body?: unknown) => api(method, path, body, {});
	/** A control call a test relies on (setting up, reading the emulator's logs): fails the test when it fails. */
	const control: EmulatorControl = async <T>(method: string, path: string, body?: unknown) => {
		const { response, body: answer } = await call(method, path, body, {});
		if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
		return answer as T;
	};
	return { auth, call, api, control, controlAnswer };
}

/** Control calls to one emulator that must succeed (the end-to-end scenarios' `control`). */
export const emulatorControl = (emulator: Emulator): EmulatorControl => emulatorClient(() => emulator).control;

interface ExecutionReading {
	/** How long to wait for `count` executions before answering with those there are; 30 s by default. */
	timeoutMs?: number;
	/** Sees every list of executions read (queue mode: to check where they ran). */
	onRead?: (executions: Execution[]) => void;
}

/** Finished executions of a workflow in a real n8n (waiting counts as finished), oldest first. */
export function n8nExecutions(client: () => N8nClient, { timeoutMs, onRead }: ExecutionReading = {}) {
	/** Once there are at least `count`, or the time is up (then those there are). */
	async function executionsOf(workflowId: string, count: number, waitMs = timeoutMs): Promise<Execution[]> {
		const executions = await client().finishedExecutions(workflowId, count, waitMs);
		onRead?.(executions);
		return executions;
	}
	/** The same for the workflow with this name. */
	async function executionsNamed(name: string, count: number): Promise<Execution[]> {
		const { data } = await client().api<{ data: Array<{ id: string; name: string }> }>('GET', '/workflows');
		const workflow = data.find((entry) => entry.name === name);
		if (!workflow) throw new Error(`no workflow "${name}" in n8n`);
		return await executionsOf(workflow.id, count);
	}
	return { executionsOf, executionsNamed };
}
