/**
 * What an assistant's reply costs with the cures of docs/sms-assistants.md, against a plain Send SMS: Conversation →
 * Get Unanswered before the answer, and Send SMS with Loop Guard (which reads the conversation before it sends).
 * Each node run through n8n-core's WorkflowExecute against the emulator in process (node version 5), one reply to a
 * number of its own per round, each thread holding 10 messages (5 in, 5 out) before it; the three runs interleaved.
 * Counts the gateway requests of each run and times it (median over the rounds).
 * `npx ts-node --transpile-only bench/assistant-reply.ts [rounds]` (`--small`: bench/size.ts); prints a row for
 * bench/RESULTS.md.
 */
import { startEmulator, type Emulator } from '../emulator/server';
import { emulatorCredentials } from '../test/support/n8n-core';
import { runAction } from '../test/support/run';
import { sized } from './size';

const ROUNDS = sized(40, 2);
const THREAD = 5;

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
};

/** A distinct valid Dutch mobile number per round and role (+31 6 1000 xxxx). */
const numberOf = (round: number, role: number) => `3161000${String(5000 + round * 2 + role).padStart(4, '0')}`;

async function thread(emulator: Emulator, phone: string) {
	const headers = {
		'Content-Type': 'application/json',
		'X-Client-Id': emulator.account.apiKey,
		'X-Client-Secret': emulator.account.apiSecret,
	};
	for (let index = 0; index < THREAD; index++) {
		await fetch(`${emulator.url}/emulator/inbound`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ from: phone, content: `Question ${index}` }),
		});
		await fetch(`${emulator.url}/v1/message/send`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ sender: 'Shop', to: phone, message: `Answer ${index}` }),
		});
	}
}

export async function assistantReplyRow(rounds = ROUNDS): Promise<string> {
	const emulator = await startEmulator({ settings: { deliveryDelayMs: 600_000 }, account: { balance: 1e9 } });
	try {
		const credentials = emulatorCredentials(emulator);
		const send = (to: string, options: Record<string, unknown> = {}) => ({
			resource: 'message',
			operation: 'send',
			sender: 'Shop',
			to,
			message: 'Your lamp ships today',
			options,
		});
		const loopGuard = { loopGuard: { values: { maxMessages: 100, withinMinutes: 10, mode: 'skip' } } };
		const kinds = ['plain send', 'Get Unanswered', 'Send SMS with Loop Guard'] as const;
		const times = new Map<string, number[]>(kinds.map((kind) => [kind, []]));
		const requests = new Map<string, number[]>(kinds.map((kind) => [kind, []]));
		const timed = async (kind: (typeof kinds)[number], run: () => ReturnType<typeof runAction>) => {
			const before = emulator.requests.length;
			const started = performance.now();
			const result = await run();
			times.get(kind)!.push(performance.now() - started);
			requests.get(kind)!.push(emulator.requests.length - before);
			if (result.error || result.items[0].json.skipped)
				throw new Error(`${kind}: ${result.error?.message ?? 'skipped'}`);
		};
		// One warm-up round (module loading, the first connections) is left out.
		for (let round = -1; round < rounds; round++) {
			const [plain, assisted] = [numberOf(round + 1, 0), numberOf(round + 1, 1)];
			await thread(emulator, plain);
			await thread(emulator, assisted);
			const keep = round >= 0;
			const measure = keep ? timed : async (_: string, run: () => Promise<unknown>) => void (await run());
			await measure('plain send', () => runAction(send(plain), [{}], credentials));
			await measure('Get Unanswered', () =>
				runAction({ resource: 'conversation', operation: 'getUnanswered', phone: assisted }, [{}], credentials),
			);
			await measure('Send SMS with Loop Guard', () => runAction(send(assisted, loopGuard), [{}], credentials));
		}
		const [plainMs, unansweredMs, guardMs] = kinds.map((kind) => median(times.get(kind)!));
		const [plainRequests, unansweredRequests, guardRequests] = kinds.map((kind) => median(requests.get(kind)!));
		const added = unansweredMs + guardMs - plainMs;
		return [
			`| ${new Date().toISOString().slice(0, 16)}Z | ${rounds} replies, threads of ${2 * THREAD} |`,
			`${plainRequests} / ${plainMs.toFixed(1)} ms |`,
			`${unansweredRequests} / ${unansweredMs.toFixed(1)} ms (${(unansweredMs / plainMs).toFixed(2)}×) |`,
			`${guardRequests} / ${guardMs.toFixed(1)} ms (${(guardMs / plainMs).toFixed(2)}×) |`,
			`+${unansweredRequests + guardRequests - plainRequests} requests, +${added.toFixed(1)} ms (${((unansweredMs + guardMs) / plainMs).toFixed(2)}× a plain send) |`,
		].join(' ');
	} finally {
		await emulator.close();
	}
}

if (require.main === module) {
	const given = process.argv.slice(2).find((arg) => arg !== '--small');
	assistantReplyRow(given === undefined ? ROUNDS : Number(given)).then(
		(row) => process.stdout.write(`${row}\n`),
		(error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		},
	);
}
