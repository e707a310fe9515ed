import { normalizePhoneNumber, parseRecipients } from '../../nodes/MessagingGateway/core';

describe('normalizePhoneNumber', () => {
	test.each([
		['+31612345678', '31612345678'],
		['31612345678', '31612345678'],
		['0031612345678', '31612345678'],
		['+31 6 1234 5678', '31612345678'],
		['+31-6-1234-5678', '31612345678'],
		['+1 (415) 555-2671', '14155552671'],
		['  +44 7700.900.123 ', '447700900123'],
		['12345678', '12345678'],
		['123456789012345', '123456789012345'],
	])('%s -> %s', (input, digits) => {
		expect(normalizePhoneNumber(input)).toEqual({ ok: true, digits });
	});

	test.each([
		['1234567', /7 digits; an international number has 8 to 15/],
		['1234567890123456', /16 digits/],
		['+31 6 1234 567a', /contains "a"/],
		['+', /no digits/],
		['++31612345678', /contains "\+"/],
	])('%s is refused', (input, message) => {
		const result = normalizePhoneNumber(input);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(message);
	});
});

describe('parseRecipients', () => {
	test('several numbers separated by commas', () => {
		expect(parseRecipients('+31 6 1234 5678, 0044 7700 900123 ,14155552671')).toEqual({
			ok: true,
			numbers: ['31612345678', '447700900123', '14155552671'],
		});
	});

	test('a list from an expression, and a trailing separator', () => {
		expect(parseRecipients(['+31612345678', '447700900123,'])).toEqual({
			ok: true,
			numbers: ['31612345678', '447700900123'],
		});
	});

	test('names the bad recipient among several', () => {
		expect(parseRecipients('31612345678, 123')).toEqual({
			ok: false,
			error: expect.stringMatching(/^recipient 2: "123" has 3 digits/),
		});
	});

	test('empty input', () => {
		expect(parseRecipients(' , ')).toEqual({ ok: false, error: 'no recipient number given' });
	});
});
