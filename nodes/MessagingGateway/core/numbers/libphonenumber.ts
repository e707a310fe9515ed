/**
 * The one door to Google's libphonenumber (as libphonenumber-js, MIT; its metadata: Google, Apache-2.0). Every
 * reading of a phone number in the package goes through here, so `npm run build` bundles exactly this module
 * into dist/ (gulpfile.js): the published package keeps no runtime dependency.
 *
 * The "max" metadata: it knows each country's number ranges per type (mobile, fixed line, toll free, …), so
 * `isValid()` says whether a number can be in service, not only whether its length fits ("min" checks lengths
 * and leading digits only, "mobile" knows mobile ranges only and would refuse the landlines a voice call rings).
 */
export { isSupportedCountry, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
