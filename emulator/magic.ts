/**
 * Magic recipient numbers: the last digits choose the final delivery state, like the test card
 * numbers of payment APIs. Documented in the README; any other valid number is delivered.
 */
export interface FinalState {
	code: '0' | '1' | '2' | '3' | '4' | '5' | '9';
	detail?: string;
}

const SUFFIXES: Record<string, FinalState> = {
	'9990': { code: '0' },
	'9991': { code: '1' },
	'9992': { code: '2' },
	'9993': { code: '3' },
	'9994': { code: '4' },
	'9995': { code: '5', detail: '10' },
	'9999': { code: '9' },
};

/** Numbers ending in this suffix are on the opt-out list from the start (sending answers 131). */
export const OPTED_OUT_SUFFIX = '9131';

export function finalStateFor(number: string): FinalState {
	// …992DD and …995DD: not delivered / rejected with failure detail code DD (10–19).
	const withDetail = /(99[25])(1\d)$/.exec(number);
	if (withDetail) return { code: withDetail[1] === '992' ? '2' : '5', detail: withDetail[2] };
	return SUFFIXES[number.slice(-4)] ?? { code: '1' };
}
