/**
 * One forward to n8n's waiting webhook, within the time and the number of requests one webhook
 * request may spend (ForwardBudget): the gateway waits only a few seconds for its answer and delivers
 * again after that, so nothing here may wait longer than the budget allows. An execution that n8n
 * still runs (not saved as waiting yet) is tried again a few times, briefly.
 */
import type { IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { NO_REDIRECTS } from '../constants';
import { classifyForwardResponse, unreachableOutcome, type ForwardOutcome } from '../core/questions/forwarding';

/** The time all forwards of one webhook request may take, retries included: well below the usual webhook timeouts (5 s and more). */
export const FORWARD_BUDGET_MS = 3_000;
/** The most requests to n8n one webhook request may cause (a body naming many questions is handed on over several deliveries). */
export const MAX_FORWARDS_PER_REQUEST = 100;
/** A forward is not started with less time than this left: it could not get an answer. */
const MIN_FORWARD_MS = 250;
/** The first wait before asking again about an execution that is not waiting yet; it doubles each time. */
const FIRST_RETRY_MS = 200;

/** What one webhook request may still spend on forwards. */
export class ForwardBudget {
	private readonly deadline: number;
	private forwardsLeft: number;

	constructor(ms = FORWARD_BUDGET_MS, forwards = MAX_FORWARDS_PER_REQUEST) {
		this.deadline = Date.now() + ms;
		this.forwardsLeft = forwards;
	}

	remainingMs(): number {
		return this.deadline - Date.now();
	}

	/** Takes one forward: its timeout, or undefined when the time or the forwards ran out. */
	take(): number | undefined {
		const remaining = this.remainingMs();
		if (this.forwardsLeft <= 0 || remaining < MIN_FORWARD_MS) return undefined;
		this.forwardsLeft--;
		return remaining;
	}
}

const DEFERRED: ForwardOutcome = { kind: 'deferred', reason: "this request's time or number of forwards ran out" };

async function postOnce(ctx: IWebhookFunctions, url: string, body: string, timeout: number): Promise<ForwardOutcome> {
	try {
		const response = (await ctx.helpers.httpRequest({
			method: 'POST',
			url,
			body,
			headers: { 'Content-Type': 'application/json' },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			...NO_REDIRECTS,
			timeout,
		})) as IN8nHttpFullResponse;
		return classifyForwardResponse({ statusCode: response.statusCode, body: response.body });
	} catch (error) {
		return unreachableOutcome(error);
	}
}

/** Posts the encoded event to the waiting webhook; asks again, briefly, while n8n has not saved the execution as waiting. */
export async function handOn(
	ctx: IWebhookFunctions,
	url: string,
	body: string,
	budget: ForwardBudget,
): Promise<ForwardOutcome> {
	let outcome: ForwardOutcome = DEFERRED;
	for (let delay = FIRST_RETRY_MS; ; delay *= 2) {
		const timeout = budget.take();
		if (timeout === undefined) return outcome;
		outcome = await postOnce(ctx, url, body, timeout);
		if (outcome.kind !== 'notWaitingYet' || budget.remainingMs() < delay + MIN_FORWARD_MS) return outcome;
		await sleep(delay);
	}
}
