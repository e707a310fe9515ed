/**
 * A stand-in for n8n's waiting-webhook server (`POST /webhook-waiting/<executionId>/<nodeId>?signature=…`)
 * that runs the waiting question's own webhook in n8n-core's real WebhookContext (harness/run.ts
 * `runWaitingWebhook`) and answers everything else exactly as n8n 1.123.81 and 2.41.1 do. Statuses and
 * bodies are taken from n8n's code:
 * - `WaitingWebhooks.executeWebhook` (n8n's dist/webhooks/waiting-webhooks.js): unknown execution →
 *   NotFoundError `The execution "<id>" does not exist.`; status `running` → ConflictError `The execution
 *   "<id>" is running already.`; finished Send and Wait → the page `send-and-wait-no-action-required`
 *   (200, HTML, title "No action required"); an invalid signature → 401 (1.x: `{ error: 'Invalid token' }`).
 *   The signature is checked only once the execution was saved as waiting (1.x `validateSignature`,
 *   2.x `resumeToken` are saved with the wait).
 * - Errors are serialised by `sendErrorResponse` (dist/response-helper.js) as `{ code, message }`.
 * - Two answers judged at once: the resume runs through `WorkflowRunner.run` with `expectedStatus:
 *   'waiting'` (dist/webhooks/webhook-helpers.js); the loser's ExecutionAlreadyResumingError
 *   (dist/active-executions.js, n8n 2.x) becomes `OperationalError('There was a problem executing the
 *   workflow')`, answered 500 `{ code: 0, message }`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { decodeResumeReference } from '../../nodes/MessagingGateway/core/questions/resume-link';
import { runWaitingWebhook, type GatewayCredentials, type WaitingExecution } from './run';

export type ExecutionStatus = 'running' | 'waiting' | 'finished';

export interface StandInExecution {
	status: ExecutionStatus;
	/** Set once the execution waits: the question's node and saved data, and the signature n8n expects. */
	question?: WaitingExecution;
	signature?: string;
	/** The output the question resumed with. */
	answer?: IDataObject;
	/** Answers "running already" given. */
	conflicts: number;
	/** Forwards received, and the most in progress at once. */
	requests: number;
	open: number;
	peakOpen: number;
}

export interface WaitingN8nOptions {
	/** How long a resumed execution runs before it is finished. */
	runMs?: number;
	/** Held before n8n reads the execution (a loaded n8n); `hold` keeps every request open until `release()`. */
	delayMs?: number;
	hold?: boolean;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
	res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

export async function startWaitingN8n(credentials: GatewayCredentials, options: WaitingN8nOptions = {}) {
	const executions = new Map<string, StandInExecution>();
	let releaseHeld = () => {};
	const held = new Promise<void>((resolve) => (releaseHeld = resolve));
	let requests = 0;

	async function answer(
		execution: StandInExecution,
		executionId: string,
		signature: string,
		body: IDataObject,
		res: ServerResponse,
	) {
		if (execution.status === 'waiting' && signature !== execution.signature)
			return json(res, 401, { error: 'Invalid token' });
		if (execution.status === 'running') {
			execution.conflicts++;
			return json(res, 409, { code: 409, message: `The execution "${executionId}" is running already.` });
		}
		if (execution.status === 'finished')
			return res
				.writeHead(200, { 'Content-Type': 'text/html' })
				.end('<html><head><title>No action required</title></head></html>');
		const response = await runWaitingWebhook(execution.question!, body, credentials);
		const output = response.workflowData?.[0][0].json;
		if (output !== undefined) {
			if (execution.status !== 'waiting')
				return json(res, 500, { code: 0, message: 'There was a problem executing the workflow' });
			execution.status = 'running';
			execution.answer = output;
			setTimeout(() => (execution.status = 'finished'), options.runMs ?? 50);
		}
		return json(res, 200, response.webhookResponse);
	}

	async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<unknown> {
		requests++;
		const url = new URL(req.url ?? '/', 'http://localhost');
		const [, segment, executionId] = url.pathname.split('/');
		const execution = executions.get(executionId);
		if (segment !== 'webhook-waiting' || req.method !== 'POST')
			return json(res, 404, { code: 404, message: 'not a waiting webhook' });
		if (!execution) return json(res, 404, { code: 404, message: `The execution "${executionId}" does not exist.` });
		execution.requests++;
		execution.peakOpen = Math.max(execution.peakOpen, ++execution.open);
		try {
			if (options.hold) await held;
			if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
			return await answer(
				execution,
				executionId,
				url.searchParams.get('signature') ?? '',
				JSON.parse(raw) as IDataObject,
				res,
			);
		} finally {
			execution.open--;
		}
	}

	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on(
			'end',
			() =>
				void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: Error) =>
					json(res, 500, { code: 0, message: error.message }),
				),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const newExecution = (status: ExecutionStatus): StandInExecution => ({
		status,
		conflicts: 0,
		requests: 0,
		open: 0,
		peakOpen: 0,
	});
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		executions,
		/** All forwards received. */
		requests: () => requests,
		/** An execution that runs and has not been saved as waiting yet. */
		running(executionId: string): StandInExecution {
			const execution = newExecution('running');
			executions.set(executionId, execution);
			return execution;
		},
		/** The execution now waits for the question whose SMS carries `reference`. */
		waits(question: WaitingExecution, reference: string, status: ExecutionStatus = 'waiting'): StandInExecution {
			const target = decodeResumeReference(reference);
			if (!target) throw new Error('not a question reference');
			const execution = executions.get(target.executionId) ?? newExecution(status);
			Object.assign(execution, { status, question, signature: target.signature });
			executions.set(target.executionId, execution);
			return execution;
		},
		release: () => releaseHeld(),
		close: () => {
			releaseHeld();
			server.closeAllConnections();
			return new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export type WaitingN8n = Awaited<ReturnType<typeof startWaitingN8n>>;
