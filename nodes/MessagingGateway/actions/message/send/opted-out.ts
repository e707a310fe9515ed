/**
 * A request with several recipients that the gateway refuses with code 131 (a number on the opt-out
 * list) sent nothing (docs/sending-lawfully.md: a 4xx sends nothing). Its other recipients are sent
 * again, each once, and each opted-out number is found, in few requests: binary splitting finds one
 * opted-out number in about log2(n) requests (a half that is accepted is sent for good; a refused
 * half holds one), then the recipients not yet tried go in one request, and so on until one is
 * accepted. One opted-out number among 100 costs 8 or 9 requests in all; the information-theoretic
 * least is 7 (log2 100 bits, one bit per answer).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

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
	let pending = [...refused];
	while (pending.length > 0) {
		// `suspects` is known to hold at least one opted-out number (their request was refused).
		let suspects = pending;
		const untried = new Set<E>();
		while (suspects.length > 1) {
			const half = suspects.slice(0, Math.ceil(suspects.length / 2));
			const rest = suspects.slice(half.length);
			if (await trySend(half)) {
				suspects = rest;
			} else {
				for (const entry of rest) untried.add(entry);
				suspects = half;
			}
		}
		optedOut(suspects[0]);
		pending = refused.filter((entry) => untried.has(entry));
		if (pending.length > 0 && (await trySend(pending))) return;
	}
}

/** The error of a recipient not tried again because sending around an opted-out number stopped at `error` (Continue On Fail). */
export function notSentAround(ctx: IExecuteFunctions, error: Error & { context?: IDataObject }): NodeOperationError {
	const notSent = new NodeOperationError(
		ctx.getNode(),
		`Not sent: its request was refused for a number on the opt-out list, and sending the others again stopped at an error (${error.message})`,
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
