/**
 * A request with several recipients that the gateway refuses with code 131 (a number on the opt-out
 * list) sent nothing (docs/sending-lawfully.md: a 4xx sends nothing). Its other recipients are sent
 * again, each once, and each opted-out number is found, by group testing: each request is one yes/no
 * answer (accepted: all its recipients are sent for good; refused: it holds an opted-out number).
 *
 * - A refused group is halved (its first half is sent): an opted-out number is found in about log2(n)
 *   requests; the part of a refused group set aside when its first half was refused is tried again later.
 * - The recipients not yet tried go in groups sized by the share of opted-out numbers seen so far (about
 *   one opted-out number per group, as in Hwang's generalized binary splitting): all at once while none or
 *   few were found, one at a time once more than half of those known are opted out.
 * - A budget: never more requests than one per recipient plus ⌈log2 n⌉ + 1. When splitting could exceed
 *   it, every recipient left is sent alone (one request each, which keeps the count where it is).
 * One opted-out number among 100 costs about 10 requests in all, 99 among 100 at most 109; any search
 * needs at least log2 C(n, k) (bench/RESULTS.md#opted-out-numbers-among-100).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { operationError } from '../../../nodeErrors';
import { explained } from '../../../core/error-text';

/** The most requests a search among `n` refused recipients makes: one each, plus the first halvings and one. */
export const searchBudget = (n: number): number => n + Math.ceil(Math.log2(Math.max(1, n))) + 1;

/** Above this share of opted-out numbers among the recipients known, a group is more likely refused than not: one at a time. */
const ONE_AT_A_TIME_SHARE = 0.5;

/**
 * Sends `refused` (a refused request's recipients, in order) again without its opted-out numbers.
 * `trySend` makes one request of the entries it gets: true when accepted, false when refused with
 * 131, and throws any other failure (the search stops there). `optedOut` is told each number found.
 */
export async function sendAroundOptedOut<E>(
	refused: readonly E[],
	trySend: (entries: E[]) => Promise<boolean>,
	optedOut: (entry: E) => void,
): Promise<void> {
	const budget = searchBudget(refused.length);
	/** A refused group not yet resolved: it holds at least one opted-out number. */
	let suspects = [...refused];
	/** Recipients not known either way and in no refused group. */
	let untried: E[] = [];
	let requests = 0;
	let found = 0;
	let sent = 0;
	const attempt = async (entries: E[]): Promise<boolean> => {
		requests++;
		const accepted = await trySend(entries);
		if (accepted) sent += entries.length;
		return accepted;
	};
	while (suspects.length + untried.length > 0) {
		if (suspects.length === 1) {
			found++;
			optedOut(suspects[0]);
			suspects = [];
			continue;
		}
		const share = found / Math.max(1, found + sent);
		const oneAtATime = share > ONE_AT_A_TIME_SHARE || requests + 1 + suspects.length + untried.length > budget;
		if (suspects.length > 1) {
			const first = suspects.slice(0, oneAtATime ? 1 : Math.ceil(suspects.length / 2));
			const rest = suspects.slice(first.length);
			if (await attempt(first)) suspects = rest;
			else {
				untried = [...rest, ...untried];
				suspects = first;
			}
			continue;
		}
		// About one opted-out number per group: 2^⌊log2(1 / share)⌋; the whole rest when that is at least half of it.
		let size = oneAtATime ? 1 : share === 0 ? untried.length : 2 ** Math.floor(Math.log2(1 / share));
		if (!oneAtATime && 2 * size >= untried.length) size = untried.length;
		const group = untried.slice(0, size);
		untried = untried.slice(size);
		if (!(await attempt(group))) suspects = group;
	}
}

/** The error of a recipient not tried again because sending around an opted-out number stopped at `error` (Continue On Fail). */
export function notSentAround(ctx: IExecuteFunctions, error: Error & { context?: IDataObject }): NodeOperationError {
	const notSent = operationError(
		ctx.getNode(),
		explained(
			'Not sent: sending around a number on the opt-out list stopped at an error',
			`Its request was refused for a number on the opt-out list, and sending the others again stopped at: ${error.message}`,
		),
		{
			description: 'Nothing was sent to this number. Run the node again to send it.',
		},
	);
	Object.assign(notSent.context, {
		code: error.context?.code ?? null,
		httpCode: error.context?.httpCode ?? null,
		outcome: 'notSent',
	});
	return notSent;
}
