/**
 * `POST /v1/format/number` with `number` and `countrycode` (docs/gateway-api.md): a number as
 * written in its country, in the gateway's international form. The emulator answers
 * `{"number":"31612345678","countrycode":"NL","e164":"+31612345678"}` (its own choice: the real
 * answer is not documented); 103 for something that is not a number, 106 for a number that cannot
 * be one of that country or an unknown country code.
 */
import { COUNTRIES } from '../../nodes/MessagingGateway/core/countries';
import { apiError } from '../http';

export function handleFormatNumber(body: Record<string, unknown>): { status: number; body: unknown } {
	const { number, countrycode } = body;
	const country = typeof countrycode === 'string' ? COUNTRIES.find((entry) => entry.code === countrycode.toUpperCase()) : undefined;
	if (!country) throw apiError('106', 'Invalid country code');
	const written = typeof number === 'string' ? number.trim().replace(/[\s\-().\/]/g, '') : '';
	let digits: string;
	if (written.startsWith('+')) digits = written.slice(1);
	else if (written.startsWith('00')) digits = written.slice(2);
	else {
		const national = country.trunkPrefix && written.startsWith(country.trunkPrefix) ? written.slice(country.trunkPrefix.length) : written;
		digits = country.callingCode + national;
	}
	if (written === '' || !/^\d+$/.test(digits)) throw apiError('103', 'Invalid phone number');
	if (digits.length < 8 || digits.length > 15) throw apiError('106', 'Invalid phone number');
	return { status: 200, body: { number: digits, countrycode: country.code, e164: `+${digits}` } };
}
