/**
 * US and Canadian numbers from a sender name (docs/sending-lawfully.md#us-and-canadian-numbers): which recipients
 * are +1 is told by libphonenumber-js (the calling code it reads), not by the rule under test.
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';

import {
	nanpRecipientsOfName,
	NANP_NUMBER_IN_TEXT,
	SENDER_NAME_TEXT,
} from '../../../../nodes/MessagingGateway/core/sending/rules';

const NUMBERS = ['12125550100', '14165550100', '18685550100', '31612345678', '447700900123', '79161234567'];
const nanp = (digits: string) => parsePhoneNumberWithError(`+${digits}`).countryCallingCode === '1';

test('a sender name reaches no +1 number: the recipients of the North American Numbering Plan are named', () => {
	expect(nanpRecipientsOfName('Shop', NUMBERS)).toEqual(NUMBERS.filter(nanp));
	expect(nanpRecipientsOfName('Shop NL', NUMBERS)).toEqual(NUMBERS.filter(nanp));
	expect(NUMBERS.filter(nanp)).toHaveLength(3);
});

test.each(['12125550199', '+12125550199', '3197010000001', undefined, 'Name far too long', ''])(
	'a sender that is no name the gateway takes (%s) is no case',
	(sender) => {
		expect(nanpRecipientsOfName(sender, NUMBERS)).toEqual([]);
	},
);

test('on typed values (the panel notice): a To holding a +1 or 001 number, a Sender that is a name', () => {
	const to = new RegExp(NANP_NUMBER_IN_TEXT);
	const typed = [
		['+1 212 555 0100', true],
		['+31 6 1234 5678, +1 (312) 555-0100', true],
		['0012125550100', true],
		['+12125550100', true],
		['+31 6 1234 5678', false],
		['+44 7700 900123, +7 916 123 45 67', false],
		['={{ $json.numbers }}', false],
	] as const;
	for (const [text, expected] of typed) {
		expect({ text, match: to.test(text) }).toEqual({ text, match: expected });
		// Each entry's first number, read by libphonenumber-js, says the same.
		const numbers = text.startsWith('=') ? [] : text.split(',').map((entry) => entry.trim().replace(/^00/, '+'));
		expect({ text, nanp: numbers.some((entry) => nanp(entry.replace(/\D/g, ''))) }).toEqual({ text, nanp: expected });
	}
	const name = new RegExp(SENDER_NAME_TEXT);
	expect(['Shop', 'Shop NL', 'A-1'].map((value) => name.test(value))).toEqual([true, true, true]);
	expect(['12125550199', '+12125550199', '={{ $json.sender }}', ''].map((value) => name.test(value))).toEqual([
		false,
		false,
		false,
		false,
	]);
});
