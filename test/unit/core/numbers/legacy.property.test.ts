import fc from 'fast-check';

import { COUNTRIES } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import { normalizePhoneNumber, type NumberRule } from '../../../../nodes/MessagingGateway/core/numbers/phone';

/** Node versions 1–3 (core/numbers/legacy.ts), guarded by libphonenumber's reading (core/numbers/phone.ts). */
const PLAIN: NumberRule = { reading: 'plain', countryOption: false, acceptInvalid: false };

const countries = fc.option(fc.constantFrom(...COUNTRIES), { nil: undefined });
/** Numbers as people type them: digits with separators, an optional +, 00 or (0). */
const written = fc
	.tuple(
		fc.constantFrom('', '+', '00', '0', '+31 (0)', '+44 (0) ', '+39 (0)'),
		fc.array(fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ' ', '-', '.', '(', ')'), {
			minLength: 1,
			maxLength: 18,
		}),
	)
	.map(([prefix, characters]) => prefix + characters.join(''));

describe('normalizePhoneNumber properties', () => {
	test('never yields a number starting with 0, and normalising the result again gives it back', () => {
		fc.assert(
			fc.property(written, countries, (input, country) => {
				const first = normalizePhoneNumber(input, country, PLAIN);
				if (!first.ok) return;
				expect(first.digits).toMatch(/^[1-9]\d{4,14}$/);
				// Refused where libphonenumber reads the digits as another valid number, or as two (core/numbers/phone.ts
				// guards the old reading so).
				const guard = (result: ReturnType<typeof normalizePhoneNumber>) =>
					!result.ok && (result.error.includes(' by libphonenumber') || result.error.includes('" could be +'));
				// In E.164 form the result is a fixed point with any default country, or guarded…
				const international = normalizePhoneNumber(`+${first.digits}`, country, PLAIN);
				if (!guard(international)) expect(international).toEqual(first);
				// …and as bare digits too, unless the default country reads them as one of its national numbers
				// (README, Default Country): they start with its trunk prefix (Russia's 8 before China's 86), or
				// it has none (Italy), or North America's ten digits; or guarded.
				const again = normalizePhoneNumber(first.digits, country, PLAIN);
				const readAsNational =
					country !== undefined &&
					!first.digits.startsWith(country.callingCode) &&
					(country.trunkPrefix === '' || first.digits.startsWith(country.trunkPrefix) || country.callingCode === '1');
				if (!readAsNational && !guard(again)) expect(again).toEqual(first);
			}),
			{ numRuns: 5000 },
		);
	});
});
