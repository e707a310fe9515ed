/**
 * `.ci/run`'s table of where the time went: the slowest test files of every jest report in a folder (the
 * `<step>.json` files `.ci/run` writes), each with the seconds it spent starting n8n and waiting, from the
 * `e2e-timings-<step>.jsonl` files beside them (tools/suite-timings.ts); the rest is testing. Then the sums per step.
 * Usage: ts-node tools/suite-table.ts <reports folder> [how many files, default 10]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { ROOT } from './n8n-install';

interface FileRow {
	step: string;
	file: string;
	seconds: number;
	starting: number;
	waiting: number;
}

const [folder, count = '10'] = process.argv.slice(2);
/** Per step and test file: the seconds noted as starting n8n and as waiting. */
const parts = new Map<string, { starting: number; waiting: number }>();
for (const name of readdirSync(folder)) {
	const step = /^e2e-timings-(.+)\.jsonl$/.exec(name)?.[1];
	if (!step) continue;
	for (const line of readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean)) {
		const { file, part, seconds } = JSON.parse(line) as { file: string; part: string; seconds: number };
		const spent = parts.get(`${step}\t${file}`) ?? { starting: 0, waiting: 0 };
		spent[part === 'starting n8n' ? 'starting' : 'waiting'] += seconds;
		parts.set(`${step}\t${file}`, spent);
	}
}

const rows: FileRow[] = [];
for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.json'))) {
	const report = JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
		testResults?: Array<{ name: string; startTime: number; endTime: number }>;
	};
	const step = name.replace(/\.json$/, '');
	for (const result of report.testResults ?? [])
		rows.push({
			step,
			file: relative(ROOT, result.name).replace(/^.*?(?=test\/)/, ''),
			seconds: (result.endTime - result.startTime) / 1000,
			...(parts.get(`${step}\t${result.name}`) ?? { starting: 0, waiting: 0 }),
		});
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number) => Math.round(value).toString().padStart(6);
const line = (row: { seconds: number; starting: number; waiting: number }) =>
	`${num(row.seconds)} s  ${num(row.starting)} s  ${num(row.waiting)} s  ${num(Math.max(0, row.seconds - row.starting - row.waiting))} s`;
const header = ['total', 'starting', 'waiting', 'testing'].map((label) => label.padStart(8)).join('  ');

console.log(`\n== slowest ${count} test files (starting: n8n with the package until ready; waiting: sleeps and polls)`);
console.log(`  ${pad('file', 48)} ${pad('step', 22)} ${header}`);
for (const row of [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, Number(count)))
	console.log(`  ${pad(row.file, 48)} ${pad(row.step, 22)} ${line(row)}`);

console.log('\n== per step, summed over its files');
const steps = [...new Set(rows.map((row) => row.step))];
for (const step of steps) {
	const mine = rows.filter((row) => row.step === step);
	const sum = (key: 'seconds' | 'starting' | 'waiting') => mine.reduce((total, row) => total + row[key], 0);
	console.log(
		`  ${pad(`${step} (${mine.length} files)`, 71)} ${line({ seconds: sum('seconds'), starting: sum('starting'), waiting: sum('waiting') })}`,
	);
}
