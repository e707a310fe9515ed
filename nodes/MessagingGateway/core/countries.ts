/** ISO 3166-1 alpha-2 countries with their calling code and national trunk prefix. */

export interface Country {
	code: string;
	name: string;
	callingCode: string;
	trunkPrefix: string;
}

// A short list for now; the full ISO list replaces it.
export const COUNTRIES: readonly Country[] = [
	{ code: 'BE', name: 'Belgium', callingCode: '32', trunkPrefix: '0' },
	{ code: 'DE', name: 'Germany', callingCode: '49', trunkPrefix: '0' },
	{ code: 'FR', name: 'France', callingCode: '33', trunkPrefix: '0' },
	{ code: 'GB', name: 'United Kingdom', callingCode: '44', trunkPrefix: '0' },
	{ code: 'NL', name: 'Netherlands', callingCode: '31', trunkPrefix: '0' },
	{ code: 'US', name: 'United States', callingCode: '1', trunkPrefix: '1' },
];
