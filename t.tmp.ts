import { performance } from 'node:perf_hooks';
import { countryByCode } from './nodes/MessagingGateway/core/numbers/countries';
import { parsePhoneNumberFromString } from './nodes/MessagingGateway/core/numbers/libphonenumber';
import { normalizePhoneNumber, STRICT_RULE } from './nodes/MessagingGateway/core/numbers/phone';
const countries = ['NL', 'DE', 'GB', 'US', 'IT', 'FR', 'PL', 'BR', 'CN', 'IN'];
const forms = [0,1,2].map((f) => Array.from({ length: 20_000 }, (_, index) => {
  const country = countries[index % countries.length];
  const subscriber = String(10_000_000 + ((index * 7_919) % 89_999_999));
  const cc = countryByCode(country)!.callingCode;
  return ([[`+${cc} 6${subscriber}`, undefined], [`0${subscriber.slice(0, 9)}`, country], [`${cc}${subscriber}`, undefined]] as const)[f];
}));
for (const [i, nums] of forms.entries()) {
  const rate = (fn: (t: string, c: string | undefined) => unknown) => { let best = 1e9; for (let r = 0; r < 5; r++) { const s = performance.now(); for (const [t, c] of nums) fn(t, c); best = Math.min(best, performance.now() - s); } return best; };
  const ours = rate((t, c) => normalizePhoneNumber(t, c ? countryByCode(c) : undefined, STRICT_RULE));
  const lib = rate((t, c) => parsePhoneNumberFromString(t, c as never)?.isValid());
  const fmt = rate((t, c) => { const n = parsePhoneNumberFromString(t, c as never); n?.isValid(); n?.formatNational(); });
  console.log(`form ${i}: ours ${ours.toFixed(0)} ms, lib ${lib.toFixed(0)} ms, lib+formatNational ${fmt.toFixed(0)} ms, ratio ${(ours/lib).toFixed(2)}`);
}
const nums1 = forms[1];
const valid = nums1.filter(([t, c]) => parsePhoneNumberFromString(t, c as never)?.isValid());
const invalid = nums1.filter(([t, c]) => !parsePhoneNumberFromString(t, c as never)?.isValid());
for (const [name, nums] of [['valid', valid], ['invalid', invalid]] as const) {
  const rate = (fn: (t: string, c: string | undefined) => unknown) => { let best = 1e9; for (let r = 0; r < 5; r++) { const s = performance.now(); for (const [t, c] of nums) fn(t, c); best = Math.min(best, performance.now() - s); } return best; };
  const ours = rate((t, c) => normalizePhoneNumber(t, c ? countryByCode(c) : undefined, STRICT_RULE));
  const lib = rate((t, c) => parsePhoneNumberFromString(t, c as never)?.isValid());
  console.log(`${name} ${nums.length}: ours ${ours.toFixed(0)} ms, lib ${lib.toFixed(0)} ms, ratio ${(ours/lib).toFixed(2)}`);
}
