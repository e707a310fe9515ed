/**
 * US and Canadian numbers from a sender name (docs/sending-lawfully.md#us-and-canadian-numbers): which recipients
 * are +1 is told by libphonenumber-js (the calling code it reads), not by the rule under test.
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';

import { nanpRecipientsOfName } from '../../../../nodes/MessagingGateway/core/sending/rules';

const NUMBERS = ['12125550100', '14165550100', '18685550100', '31612345678', '447700100123', '79161234567'];
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
