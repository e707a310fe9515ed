/**
 * `POST /v1/format/number` with `number` and `countrycode` (docs/gateway-api.md#other-calls): a number
 * as written in its country, in the gateway's international form, read by core's phone rules (libphonenumber, a
 * number of possible length taken). The
 * emulator answers `{"number":"31612345678","countrycode":"NL","e164":"+31612345678"}` (its own
 * choice: the real answer is not documented); 103 for something that is not a number, 106 for a
 * number that cannot be one of that country or an unknown country code. Without a countrycode the
 * number is read in the account's country: the country of its virtual number (core/numbers/format.ts).
 */
import { countryByCode } from '../../nodes/MessagingGateway/core/numbers/countries';
import { countryOfNumber, isNoCountry } from '../../nodes/MessagingGateway/core/numbers/format';
import { GATEWAY_RULE, readPhoneNumber, type NumberProblem } from '../../nodes/MessagingGateway/core/numbers/phone';
import { apiError } from '../http';
import type { Account } from '../types';

const NUMBER_FAILURE_CODES: Record<NumberProblem['kind'], string> = {
	notANumber: '103',
	invalid: '106',
};

export function handleFormatNumber(body: Record<string, unknown>, account: Account): { status: number; body: unknown } {
	const { number, countrycode } = body;
	const given = !isNoCountry(countrycode);
	const country = given
		? typeof countrycode === 'string'
			? countryByCode(countrycode)
			: undefined
		: countryOfNumber(account.virtualNumber);
	if (given && !country) throw apiError('106', 'Invalid country code');
	const reading = readPhoneNumber(typeof number === 'string' ? number : '', country, GATEWAY_RULE);
	if (!reading.ok) throw apiError(NUMBER_FAILURE_CODES[reading.problem.kind], 'Invalid phone number');
	// A given countrycode is echoed; without one, the number's own country (the account's when its calling code fits).
	const fits = country !== undefined && reading.digits.startsWith(country.callingCode);
	const answered = given || fits ? country : (countryOfNumber(reading.digits) ?? country);
	return {
		status: 200,
		body: { number: reading.digits, countrycode: answered?.code ?? '', e164: `+${reading.digits}` },
	};
}
