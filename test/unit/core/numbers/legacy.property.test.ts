import fc from 'fast-check';

import { COUNTRIES } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import { normalizePhoneNumber } from '../../../../nodes/MessagingGateway/core/numbers/phone';

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
				const first = normalizePhoneNumber(input, country);
				if (!first.ok) return;
				expect(first.digits).toMatch(/^[1-9]\d{4,14}$/);
				// In E.164 form the result is a fixed point with any default country…
				expect(normalizePhoneNumber(`+${first.digits}`, country)).toEqual(first);
				// …and as bare digits too, unless the default country reads them as one of its national numbers
				// (README, Default Country): they start with its trunk prefix (Russia's 8 before China's 86), or
				// it has none (Italy), or North America's ten digits.
				const readAsNational =
					country !== undefined &&
					!first.digits.startsWith(country.callingCode) &&
					(country.trunkPrefix === '' || first.digits.startsWith(country.trunkPrefix) || country.callingCode === '1');
				if (!readAsNational) {
					expect(normalizePhoneNumber(first.digits, country)).toEqual(first);
				}
			}),
			{ numRuns: 5000 },
		);
	});
});
