/**
 * `GET /v1/senderids`: the account's approved senders. The real answer's shape is not documented;
 * the emulator answers `{"senderids":[{"senderid":"Shop","status":"approved"},…]}`. The list is set
 * with `PUT /emulator/senderids` (`{"senderids":["Shop","Alerts"]}`).
 */

export function senderIdsAnswer(senderIds: readonly string[]) {
	return { senderids: senderIds.map((senderid) => ({ senderid, status: 'approved' })) };
}

/** The list a control request sets, or the text of what is wrong with it. */
export function readSenderIds(body: Record<string, unknown>): string[] | string {
	const list = body.senderids;
	if (!Array.isArray(list) || list.some((entry) => typeof entry !== 'string' || entry.trim() === '')) {
		return '"senderids" must be a list of sender names or numbers';
	}
	return list as string[];
}
