/**
 * What reading numbers with libphonenumber costs the package (bench/RESULTS.md, "Phone numbers by libphonenumber"):
 * - size: the bundled module in dist/ against the rest of the packed package (npm pack --dry-run);
 * - load time: `require` of the built action node in a fresh Node process, side by side with the same process
 *   requiring the node after the bundled module was taken out of the path (a stub that exports nothing), rounds
 *   interleaved;
 * - reading: numbers per second of node version 5's reading against versions 1–3's own reading (legacy.ts, without
 *   the guard) and against libphonenumber's own parse + isValid, on the same 20,000 numbers, in one process.
 * Needs `npm run build` first. Run: `npx ts-node --transpile-only bench/numbers.ts` (`--small`: bench/size.ts, 300
 * numbers in one round; the package as built, without npm pack's build).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

import { countryByCode } from '../nodes/MessagingGateway/core/numbers/countries';
import { readLegacyNumber } from '../nodes/MessagingGateway/core/numbers/legacy';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';

import { parsePhoneNumberFromString } from '../nodes/MessagingGateway/core/numbers/libphonenumber';
import { normalizePhoneNumber, STRICT_RULE } from '../nodes/MessagingGateway/core/numbers/phone';
import { sized } from './size';

const ROUNDS = sized(7, 1);
const NUMBERS = sized(20_000, 300);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function packedSizes(): { total: number; bundle: number } {
	const args = ['pack', '--dry-run', '--json', '--loglevel=error', ...sized([], ['--ignore-scripts'])];
	const [pack] = JSON.parse(execFileSync('npm', args, { encoding: 'utf8' }));
	const bundle = pack.files.find((file: { path: string }) => file.path.endsWith('core/numbers/libphonenumber.js'));
	if (bundle === undefined) throw new Error('numbers bench: the packed package has no core/numbers/libphonenumber.js');
	return { total: pack.unpackedSize, bundle: bundle.size };
}

/** Milliseconds a fresh Node process takes to require the action node from `dist`. */
function loadMs(dist: string): number {
	const script = `const t=process.hrtime.bigint();require(${JSON.stringify(join(dist, 'nodes/MessagingGateway/MessagingGateway.node.js'))});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
	return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

function loadTimes(): { withBundle: number; withoutBundle: number } {
	// Inside the repository, so that n8n-workflow resolves from its node_modules as n8n resolves it from its own.
	const copy = mkdtempSync(join(process.cwd(), '.bench-numbers-'));
	try {
		cpSync('dist', copy, { recursive: true });
		writeFileSync(join(copy, 'nodes/MessagingGateway/core/numbers/libphonenumber.js'), 'module.exports = {};');
		const withBundle: number[] = [];
		const withoutBundle: number[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			withBundle.push(loadMs(resolve('dist')));
			withoutBundle.push(loadMs(copy));
		}
		return { withBundle: median(withBundle), withoutBundle: median(withoutBundle) };
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
}

/**
 * NUMBERS (20,000) valid numbers as users write them, of 10 countries: E.164 with spaces, national (as the country writes it)
 * with a Default Country, bare international digits. Each is a country's example mobile with other last digits,
 * kept when libphonenumber calls it valid (an invalid number stops a run at its item: its speed hardly matters).
 */
function sampleNumbers(): Array<[string, string | undefined]> {
	const countries = ['NL', 'DE', 'GB', 'US', 'IT', 'FR', 'PL', 'BR', 'CN', 'IN'];
	const numbers: Array<[string, string | undefined]> = [];
	for (let index = 0; numbers.length < NUMBERS; index++) {
		if (index > 10 * NUMBERS) throw new Error(`numbers bench: ${numbers.length} valid numbers of ${index} tried`);
		const country = countries[index % countries.length];
		const example = getExampleNumber(country as CountryCode, examples)!.number;
		const varied = parsePhoneNumberFromString(
			`${example.slice(0, -4)}${String((index * 7_919) % 10_000).padStart(4, '0')}`,
		);
		if (!varied?.isValid()) continue;
		const forms: Array<[string, string | undefined]> = [
			[varied.formatInternational(), undefined],
			[varied.formatNational(), country],
			[varied.number.slice(1), undefined],
		];
		numbers.push(forms[numbers.length % forms.length]);
	}
	return numbers;
}

/** Numbers per second of node version 5's reading, versions 1–3's, and libphonenumber's own parse + isValid. */
function readingRates(): { current: number; legacy: number; library: number } {
	const numbers = sampleNumbers().map(([text, code]) => [text, code ? countryByCode(code) : undefined] as const);
	const rate = (read: (text: string, country: (typeof numbers)[number][1]) => unknown) => {
		const start = performance.now();
		for (const [text, country] of numbers) read(text, country);
		return numbers.length / ((performance.now() - start) / 1000);
	};
	const current: number[] = [];
	const legacy: number[] = [];
	const library: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		current.push(rate((text, country) => normalizePhoneNumber(text, country, STRICT_RULE)));
		legacy.push(rate((text, country) => readLegacyNumber(text, country)));
		library.push(rate((text, country) => parsePhoneNumberFromString(text, country?.code as never)?.isValid()));
	}
	return { current: median(current), legacy: median(legacy), library: median(library) };
}

/** The bench's lines for bench/RESULTS.md. */
export function numbersLines(): string[] {
	const sizes = packedSizes();
	const load = loadTimes();
	const reading = readingRates();
	const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
	const count = NUMBERS.toLocaleString('en');
	return [
		`load average ${loadavg()[0].toFixed(1)}, ${ROUNDS} rounds, medians`,
		`package (unpacked): ${kb(sizes.total)}, of which libphonenumber.js ${kb(sizes.bundle)} (${((100 * sizes.bundle) / sizes.total).toFixed(0)} %)`,
		`require of the action node: ${load.withBundle.toFixed(1)} ms with libphonenumber, ${load.withoutBundle.toFixed(1)} ms without (${(load.withBundle / load.withoutBundle).toFixed(2)}×, +${(load.withBundle - load.withoutBundle).toFixed(1)} ms)`,
		`reading ${count} numbers: ${Math.round(reading.current).toLocaleString('en')} /s by libphonenumber (version 5), ${Math.round(reading.legacy).toLocaleString('en')} /s by versions 1–3's own rules (${(reading.legacy / reading.current).toFixed(2)}× faster)`,
		`the same ${count} by libphonenumber's own parse + isValid: ${Math.round(reading.library).toLocaleString('en')} /s; version 5's reading costs ${(reading.library / reading.current).toFixed(2)}× that (goal: at most 1.2×)`,
	];
}

if (require.main === module) console.log(numbersLines().join('\n'));
