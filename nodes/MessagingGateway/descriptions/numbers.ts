/**
 * How a field's numbers are read, as options the user sets (core/numbers/phone.ts has the rule): the country of
 * numbers written nationally, whether its reading wins when digits are two numbers, and whether a number
 * libphonenumber does not know may be used. Send's options and
 * every other operation that reads a number (Contact → Create, Opt-Out → Add, Conversation, Inbox) show the same.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_COUNTRIES } from '../core/numbers/countries';

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

export const DEFAULT_COUNTRY_OPTION: INodeProperties = {
	displayName: 'Default Country',
	name: 'defaultCountry',
	type: 'options',
	default: '',
	options: [
		{ name: 'None (International Numbers Only)', value: '' },
		...DEFAULT_COUNTRIES.map((country) => ({ name: `${country.name} (+${country.callingCode})`, value: country.code })),
	],
	description:
		'Country of numbers written nationally, e.g. 06 1234 5678 with Netherlands becomes 31612345678. Without it, a number starting with 0 is refused.',
};

/** Digits that are a number of the Default Country and another number in the gateway's format: refused unless this is on. */
export const PREFER_DEFAULT_COUNTRY_OPTION: INodeProperties = {
	displayName: 'Prefer Default Country',
	name: 'preferDefaultCountry',
	type: 'boolean',
	default: false,
	description:
		"Whether digits without + that are two valid numbers go to the Default Country's one when written as that country writes its numbers: US 2015550123 is also the Egyptian +20 15 550123 in the gateway's format. Off: such digits are refused naming both, so a number given in the gateway's format never reaches someone else.",
};

/** Node version 5: a number libphonenumber calls invalid is refused unless this is on. */
export const ACCEPT_UNRECOGNIZED_NUMBERS_OPTION: INodeProperties = {
	displayName: 'Accept Unrecognized Numbers',
	name: 'acceptUnrecognizedNumbers',
	type: 'boolean',
	default: false,
	description:
		"Whether to use a number that Google's libphonenumber does not know to be in use (a range opened recently), as long as its length fits its country. Off: such a number is refused before anything is sent, so a typo never reaches a stranger.",
};

/** The Options of an operation that reads one number (node version 5 and later): Default Country and how numbers are read. */
export function numberOptionsField(show: Show): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 5 } }] } },
		options: [ACCEPT_UNRECOGNIZED_NUMBERS_OPTION, DEFAULT_COUNTRY_OPTION, PREFER_DEFAULT_COUNTRY_OPTION],
	};
}
