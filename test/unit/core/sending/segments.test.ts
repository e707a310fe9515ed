import { countSegments } from '../../../../nodes/MessagingGateway/core/sending/segments';

// Expected figures from 3GPP TS 23.038/23.040 and the gateway's notes: GSM-7 160, then 153 per
// part; the nine extension characters count double; anything else is UCS-2: 70, then 67.
describe('countSegments', () => {
	test.each([
		[1, 1],
		[160, 1],
		[161, 2],
		[306, 2],
		[307, 3],
		[459, 3],
		[460, 4],
	])('%i plain GSM-7 characters take %i segment(s)', (length, segments) => {
		expect(countSegments('a'.repeat(length))).toEqual({ encoding: 'GSM-7', units: length, segments });
	});

	test.each(['€', '\\', '}', '[', '^', '~', ']', '{', '|'])('"%s" is GSM-7 and counts double', (char) => {
		expect(countSegments(char)).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
		expect(countSegments(char.repeat(80)).segments).toBe(1);
		expect(countSegments(char.repeat(81)).segments).toBe(2);
	});

	test('a double-width character is never split across parts', () => {
		// 164 septets: part 1 holds the 152 plain ones (the € would straddle 153), part 2 the € and 10 more.
		const text = 'a'.repeat(152) + '€' + 'a'.repeat(10);
		expect(countSegments(text)).toEqual({ encoding: 'GSM-7', units: 164, segments: 2 });
		const edge = 'a'.repeat(152) + '€' + 'a'.repeat(152); // € moves to part 2, which then overflows
		expect(countSegments(edge).segments).toBe(3);
	});

	test('GSM-7 covers accented letters of the basic table', () => {
		expect(countSegments('Ça va? ÄÖÜ äöü ñ à é è £ ¥ § ¿ ¡ Δ Ω').encoding).toBe('GSM-7');
	});

	test.each([
		[70, 1],
		[71, 2],
		[134, 2],
		[135, 3],
	])('%i UCS-2 characters take %i segment(s)', (length, segments) => {
		expect(countSegments('ж'.repeat(length))).toEqual({ encoding: 'UCS-2', units: length, segments });
	});

	test('one character outside GSM-7 makes the whole message UCS-2', () => {
		expect(countSegments('a'.repeat(69) + 'ç').encoding).toBe('UCS-2'); // ç (small) is not in GSM-7
		expect(countSegments('a'.repeat(100) + 'ç')).toEqual({ encoding: 'UCS-2', units: 101, segments: 2 });
	});

	test('an emoji is two UTF-16 units and is never split', () => {
		expect(countSegments('😀')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
		expect(countSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
		expect(countSegments('😀'.repeat(36))).toEqual({ encoding: 'UCS-2', units: 72, segments: 2 });
		// 66 units then an emoji: it does not fit in the remaining 1 unit of part 1.
		expect(countSegments('ж'.repeat(66) + '😀' + 'ж'.repeat(10)).segments).toBe(2);
		expect(countSegments('ж'.repeat(66) + '😀' + 'ж'.repeat(66)).segments).toBe(3);
	});
});
