/**
 * Every bench that runs in this process, in its small mode (bench/size.ts): tiny sizes, seconds. A bench throws when
 * it cannot complete what it measures (an item fails, fewer results than asked), so one that stops working fails
 * here, in `npm test`, instead of stopping silently at its first item until someone runs it. The benches of real
 * n8n, and bench/numbers.ts (it measures the built package), run small in test/e2e/bench-small.test.ts.
 */
beforeAll(() => {
	// Before any bench is imported: bench/size.ts reads it once.
	process.env.BENCH_SMALL = '1';
});

test('part 1 of npm run bench: the trigger against the floor at 1 KB and 64 KB, both modes, and its profile', async () => {
	const { triggerOverhead, triggerProfile } = await import('../../bench/trigger-in-process');
	const rows = triggerOverhead();
	expect(rows.slice(2).map((row) => row.split(' | ').slice(0, 2).join(' | '))).toEqual([
		expect.stringMatching(/^\| 1 KB \(\d+ B\) \| lenient/),
		expect.stringMatching(/^\| 1 KB \(\d+ B\) \| strict/),
		expect.stringMatching(/^\| 64 KB \(\d+ B\) \| lenient/),
		expect.stringMatching(/^\| 64 KB \(\d+ B\) \| strict/),
	]);
	expect((await triggerProfile()).join('\n')).toMatch(/\| `receiveEvents`: validate .* \| \d+\.\d %/);
});

test('index.js verify + parseEvent against the floor (bench/index-parse.ts)', async () => {
	const { measureIndexParse } = await import('../../bench/index-parse');
	const result = measureIndexParse();
	expect(result.bytes).toBeGreaterThan(900);
	expect(result.indexRatio).toBeGreaterThan(0);
	expect(result.triggerRatio).toBeGreaterThan(0);
});

test('Estimate Cost beside Send’s pre-flight: one balance read, no request, stopped at the last item', async () => {
	const { estimateBench } = await import('../../bench/estimate');
	const section = await estimateBench();
	expect(section).toMatch(/\| Estimate Cost \| \d+ ms \| \d+ ms \| \d+ µs \| GET \/v1\/balance \|/);
	expect(section).toMatch(/\| Send SMS's pre-flight \(stopped by Max Segments\) \| .* \| none \|/);
	expect(section).toContain('"Max Segments per Message: item 19 takes 2 segments');
});

test('Quiet Hours with Batch Recipients over 8 zones (bench/quiet-hours.ts)', async () => {
	const { quietHoursRow } = await import('../../bench/quiet-hours');
	expect(await quietHoursRow()).toMatch(/\| 40 items, 8 zones \| \d+ \| \d+ \| \d+ \| \d+ \| \d+\.\d s \|/);
});

test('broadcasts with opted-out numbers, versions 4 and 3 (bench/opted-out.ts)', async () => {
	const { optedOutLines } = await import('../../bench/opted-out');
	const lines = await optedOutLines();
	// k = 1 and 99 of 100, then 200 numbers of which 2 are opted out: version 4 sends the other 198 and skips 2.
	expect(lines.filter((line) => /^\| (1|99) \| \d+ \/ /.test(line))).toHaveLength(2);
	expect(lines.filter((line) => line.startsWith('| 4 | '))).toEqual([
		expect.stringMatching(/ \| 198 \| 2 \| 0 \| /),
		expect.stringMatching(/ \| 198 \| 2 \| 0 \| /),
	]);
	expect(lines.filter((line) => line.startsWith('| 3 | '))).toHaveLength(2);
});

test("an assistant's reply with Get Unanswered and Loop Guard (bench/assistant-reply.ts)", async () => {
	const { assistantReplyRow } = await import('../../bench/assistant-reply');
	expect(await assistantReplyRow()).toMatch(/\| 2 replies, threads of 10 \| \d+ \/ [\d.]+ ms \|/);
});

test('batched sends against one request per item (bench/batching.ts, the emulator in a process of its own)', async () => {
	const { batchingBench } = await import('../../bench/batching');
	// One message to 20 numbers: one request when batched (Batch Size 100), 20 when not.
	const section = await batchingBench();
	expect(section).toMatch(/\| one message, 20 numbers \| off \(one request per item\) \| 20 \| /);
	expect(section).toMatch(/\| one message, 20 numbers \| on \(default in version 2\) \| 1 \| /);
});

test('Inbox → Get Many over 2,500 messages: two pages of 2,000, the fewest (bench/lists.ts)', async () => {
	const { listsBench } = await import('../../bench/lists');
	const section = await listsBench();
	expect(section.match(/\| 2,500 \| 2 \| 2 \|/g)).toHaveLength(6);
});
