/**
 * The package's entry (index.js, built dist) measured from outside, as a user calls it: `verify` on
 * the raw bytes of a signed 1 KB event, then `parseEvent` on its JSON, against the least any
 * receiver must do with the same bytes (one HMAC-SHA256 and one JSON.parse). Beside it, the
 * trigger's own work (verify + receiveEvents) on the same event. Rounds alternate; the median of the
 * per-round ratios is reported. `npm run build` first; run: `npx ts-node --transpile-only bench/index-parse.ts`
 * (`--small`: bench/size.ts).
 */
import { createHmac } from 'node:crypto';

import { buildEvent } from '../emulator/events';
import { generateTestHeaders, verifySignature } from '../nodes/MessagingGateway/core/events/signature';
import { receiveEvents } from '../nodes/MessagingGateway/webhookTrigger/receive';
import { sized } from './size';

const SECRET = 'whsec_bench_secret';
const ACCOUNT = { username: 'bench', timezone: 'Europe/Amsterdam', virtualNumber: '3197010000001' };

interface IndexEntry {
	verify(raw: Buffer, headers: Record<string, string>, secret: string): { ok: boolean };
	parseEvent(json: unknown): { ok: boolean };
}

export interface IndexParseResult {
	bytes: number;
	floorNs: number;
	indexNs: number;
	triggerNs: number;
	/** Median over the rounds of index / floor. */
	indexRatio: number;
	/** Median over the rounds of trigger / floor. */
	triggerRatio: number;
}

function nsPerOp(iterations: number, work: () => unknown): number {
	for (let i = 0; i < Math.min(1000, iterations); i++) work(); // warm-up
	const start = process.hrtime.bigint();
	for (let i = 0; i < iterations; i++) work();
	return Number(process.hrtime.bigint() - start) / iterations;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A signed inbox_message of about `bytes` of JSON, with its headers as Node hands them over (lower-case). */
function signedEvent(bytes: number): { raw: Buffer; headers: Record<string, string> } {
	const event = buildEvent('inbox_message', ACCOUNT);
	(event.message as Record<string, unknown>).content = 'x'.repeat(Math.max(0, bytes - JSON.stringify(event).length));
	const raw = Buffer.from(JSON.stringify(event));
	const headers = Object.fromEntries(
		Object.entries(generateTestHeaders(raw, SECRET)).map(([name, value]) => [name.toLowerCase(), value]),
	);
	return { raw, headers: { 'content-type': 'application/json', ...headers } };
}

export function measureIndexParse({
	bytes = 1024,
	rounds = sized(31, 3),
	iterations = sized(2000, 100),
} = {}): IndexParseResult {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const gateway = require('../index.js') as IndexEntry;
	const { raw, headers } = signedEvent(bytes);
	const t = headers['x-service-timestamp'];
	const floorWork = () => {
		createHmac('sha256', SECRET).update(`${t}.`).update(raw).digest('hex');
		return JSON.parse(raw.toString('utf8'));
	};
	const indexWork = () => {
		if (!gateway.verify(raw, headers, SECRET).ok) throw new Error('not verified');
		if (!gateway.parseEvent(JSON.parse(raw.toString('utf8'))).ok) throw new Error('not an event');
	};
	const triggerWork = () => {
		if (!verifySignature(raw, headers, SECRET).ok) throw new Error('not verified');
		if (
			receiveEvents(JSON.parse(raw.toString('utf8')), { strict: false, selected: ['inbox_message'] }).starting
				.length !== 1
		)
			throw new Error('not started');
	};
	const floors: number[] = [];
	const indexes: number[] = [];
	const triggers: number[] = [];
	for (let round = 0; round < rounds; round++) {
		floors.push(nsPerOp(iterations, floorWork));
		indexes.push(nsPerOp(iterations, indexWork));
		triggers.push(nsPerOp(iterations, triggerWork));
	}
	return {
		bytes: raw.length,
		floorNs: median(floors),
		indexNs: median(indexes),
		triggerNs: median(triggers),
		indexRatio: median(indexes.map((ns, round) => ns / floors[round])),
		triggerRatio: median(triggers.map((ns, round) => ns / floors[round])),
	};
}

if (require.main === module) {
	const result = measureIndexParse();
	const us = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;
	process.stdout.write(
		`signed event of ${result.bytes} B: floor (HMAC + JSON.parse) ${us(result.floorNs)}; ` +
			`index.js verify + parseEvent ${us(result.indexNs)} = ${result.indexRatio.toFixed(2)}× the floor; ` +
			`trigger verify + receiveEvents ${us(result.triggerNs)} = ${result.triggerRatio.toFixed(2)}× the floor\n`,
	);
}
