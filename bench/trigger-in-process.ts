/**
 * Part 1 of `npm run bench`: the trigger's work in process (verify + parse + validate + filter) against
 * the floor (one HMAC-SHA256 + one JSON.parse of the same bytes), and a CPU profile of where its time goes.
 */
import { createHmac } from 'node:crypto';

import { buildEvent } from '../emulator/events';
import { envelopeSchema, payloadSchemas } from '../nodes/MessagingGateway/core/events/event-schemas';
import { receiveEvents } from '../nodes/MessagingGateway/webhookTrigger/receive';
import { generateTestHeaders, verifySignature } from '../nodes/MessagingGateway/core/events/signature';
import { ACCOUNT, SECRET } from '../tools/webhook-load';
import { inclusiveShare, profileInProcess, selfTimeRows } from './profile';
import { median, say } from './receivers';
import { sized } from './size';

/** An inbox_message event padded to about `bytes` of JSON. */
function eventOfSize(bytes: number): string {
	const event = buildEvent('inbox_message', ACCOUNT);
	const base = JSON.stringify(event).length;
	(event.message as Record<string, unknown>).content = 'x'.repeat(Math.max(0, bytes - base));
	return JSON.stringify(event);
}

/** The headers of a signed POST of `raw` as the node gets them: Node's `req.headers`, every name lower-cased. */
function asReceived(raw: Buffer): Record<string, string> {
	const sent = {
		Host: '127.0.0.1:5678',
		'User-Agent': 'gateway-webhooks/1.0',
		'Content-Type': 'application/json',
		'Content-Length': String(raw.length),
		...generateTestHeaders(raw, SECRET),
	};
	return Object.fromEntries(Object.entries(sent).map(([name, value]) => [name.toLowerCase(), value]));
}

function nsPerOp(iterations: number, work: () => unknown): number {
	for (let i = 0; i < Math.min(1000, iterations); i++) work(); // warm-up
	const start = process.hrtime.bigint();
	for (let i = 0; i < iterations; i++) work();
	return Number(process.hrtime.bigint() - start) / iterations;
}

/**
 * What the node does with one POST, as its webhook() does it: verifySignature on the raw bytes, then
 * receiveEvents on the parsed body. n8n parses a JSON body once before the node runs (getBodyData),
 * so that JSON.parse is counted here, as in the floor.
 */
function triggerWork(raw: Buffer, headers: Record<string, string>, strict: boolean) {
	if (!verifySignature(raw, headers, SECRET).ok) throw new Error('not verified');
	const { parsed, starting } = receiveEvents(JSON.parse(raw.toString('utf8')), { strict, selected: ['inbox_message'] });
	if (!parsed.ok || parsed.deviationCount > 0 || starting.length !== 1) throw new Error('not accepted');
	return starting;
}

export const ROUNDS = sized(31, 3);

/** Floor and trigger alternate, ROUNDS times; each ratio is of two neighbouring measurements, and the median is reported. */
export function triggerOverhead(): string[] {
	const rows = [
		'| body | validation | floor: HMAC + JSON.parse (fastest round) | trigger: verify + parse + validate + filter (fastest round) | ratio of the fastest rounds | median of the ' +
			ROUNDS +
			' per-round ratios | zod schemas alone on the same event |',
		'|---|---|---|---|---|---|---|',
	];
	for (const [label, size, iterations] of [
		['1 KB', 1024, sized(2000, 100)],
		['64 KB', 65536, sized(40, 5)],
	] as const) {
		const body = eventOfSize(size);
		const raw = Buffer.from(body);
		const headers = asReceived(raw);
		const t = headers['x-service-timestamp'];
		const event = JSON.parse(body) as Record<string, unknown>;
		const floorWork = () => {
			createHmac('sha256', SECRET).update(`${t}.`).update(raw).digest('hex');
			return JSON.parse(raw.toString('utf8'));
		};
		const zodWork = () =>
			envelopeSchema.safeParse(event).success && payloadSchemas.inbox_message.safeParse(event.message).success;
		for (const strict of [false, true]) {
			const floors: number[] = [];
			const ours: number[] = [];
			const ratios: number[] = [];
			for (let round = 0; round < ROUNDS; round++) {
				floors.push(nsPerOp(iterations, floorWork));
				ours.push(nsPerOp(iterations, () => triggerWork(raw, headers, strict)));
				ratios.push(ours[round] / floors[round]);
			}
			const zod = Math.min(...Array.from({ length: 5 }, () => nsPerOp(iterations, zodWork)));
			const mode = strict ? 'strict (option; version 1)' : 'lenient (version 2 default)';
			// The fastest round of each is the one least disturbed by the other processes on the machine.
			const [floor, trigger] = [Math.min(...floors), Math.min(...ours)];
			rows.push(
				`| ${label} (${raw.length} B) | ${mode} | ${(floor / 1000).toFixed(1)} µs | ${(trigger / 1000).toFixed(1)} µs | ${(trigger / floor).toFixed(2)}× | ${median(ratios).toFixed(2)}× | ${(zod / 1000).toFixed(1)} µs (${(zod / floor).toFixed(2)}× the floor) |`,
			);
			say(
				`overhead ${label} ${mode}: floor ${(floor / 1000).toFixed(1)} µs, trigger ${(trigger / 1000).toFixed(1)} µs, fastest ${(trigger / floor).toFixed(2)}, median ratio ${median(ratios).toFixed(2)}`,
			);
		}
	}
	return rows;
}

/** Where the time of `triggerWork` goes for a 1 KB event, lenient: a V8 CPU profile of this process, per step and per function. */
export async function triggerProfile(): Promise<string[]> {
	const raw = Buffer.from(eventOfSize(1024));
	const headers = asReceived(raw);
	const iterations = sized(200_000, 2_000);
	const started = performance.now();
	const profile = await profileInProcess(iterations, () => triggerWork(raw, headers, false));
	const usPerWebhook = ((performance.now() - started) * 1000) / iterations;
	say(`profile in process: ${iterations} webhooks, ${usPerWebhook.toFixed(1)} µs each under the profiler`);
	const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
	const [verify, hmac, receive] = ['verifySignature', 'computeSignature', 'receiveEvents'].map((name) =>
		inclusiveShare(profile, name),
	);
	return [
		`${iterations.toLocaleString('en')} webhooks of \`triggerWork\` (1 KB, lenient) under \`node:inspector\`'s profiler, ${usPerWebhook.toFixed(1)} µs per webhook with the profiler on; each step's share of the samples, with what it calls:`,
		'',
		'| step | share of the samples |',
		'|---|---|',
		`| \`verifySignature\`: the HMAC (\`computeSignature\`; the floor's work too) | ${percent(hmac)} |`,
		`| \`verifySignature\`: the rest (find and parse the header, timestamp, constant-time compare) | ${percent(verify - hmac)} |`,
		`| \`receiveEvents\`: validate (\`conformsToSpec\`) and filter | ${percent(receive)} |`,
		`| the rest: \`JSON.parse\` of the bytes (the floor's work too), the loop, the garbage collector | ${percent(1 - verify - receive)} |`,
		'',
		`So the work beyond the floor's is about ${percent(verify - hmac + receive)} of the trigger's time. The ${PROFILE_TOP} functions with the most self time (V8 names the HMAC's native parts \`init\`, \`update\`, \`digest\`, \`Hmac\`, and inlines \`JSON.parse\` into \`triggerWork\`):`,
		'',
		'| self time | function |',
		'|---|---|',
		...selfTimeRows(profile, PROFILE_TOP),
	];
}

const PROFILE_TOP = 12;
