import { itemNumbers } from '../../../nodes/MessagingGateway/core/values';

describe('itemNumbers: the items an error names, in a bounded line', () => {
	test.each([
		[[], ''],
		[[4], '4'],
		[[0, 1], '0, 1'],
		[[2, 0, 1], '0–2'],
		[[0, 1, 2, 4, 6, 7, 8, 9], '0–2, 4, 6–9'],
	])('%j → "%s"', (numbers, words) => expect(itemNumbers(numbers)).toBe(words));

	test('1,000 items sent but one stay one short line', () => {
		const sent = Array.from({ length: 1000 }, (_, item) => item).filter((item) => item !== 150);
		expect(itemNumbers(sent)).toBe('0–149, 151–999');
	});
});
