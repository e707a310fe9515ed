/**
 * The gateway's code tables: delivery codes, failure detail codes and named status codes
 * (docs/gateway-api.md#codes), and the HTTP API's error codes (docs/gateway-api.md#api-errors).
 */

export interface CodeInfo {
	name: string;
	meaning: string;
}

export const DELIVERY_CODES: Readonly<Record<string, CodeInfo>> = {
	'0': { name: 'SUBMITTED', meaning: 'Handed to the operator; no delivery report received yet' },
	'1': { name: 'DELIVERED', meaning: 'Delivered successfully' },
	'2': {
		name: 'NOT DELIVERED',
		meaning: 'Not delivered (for example recipient out of range, network problems, recipient abroad)',
	},
	'3': { name: 'BUFFERED', meaning: 'Delivered to the operator but not to the recipient' },
	'4': { name: 'REJECTED', meaning: 'Refused by the operator' },
	'5': { name: 'REJECTED', meaning: 'Refused; extended information follows in delivery_code_detail' },
	'9': { name: 'UNKNOWN', meaning: 'No delivery report is available' },
};

/** The delivery codes after which no other report follows for the message; 1 is delivered. */
export const FINAL_DELIVERY_CODES: readonly string[] = ['1', '2', '4', '5', '9'];

export const DELIVERY_DETAIL_CODES: Readonly<Record<string, string>> = {
	'10': 'Receiver number invalid or unknown',
	'11': "Receiver temporarily outside the operator's network range",
	'12': 'Phone-related problem',
	'13': 'Operator network problem',
	'14': 'Message expired, reason unknown',
	'15': 'Receiver is on a blacklist',
	'16': 'Message content problem',
	'17': 'Receiver cannot be settled',
	'18': 'Operator refused the message as spam',
	'19': 'Subscriber cannot receive premium messages (blocked by operator)',
};

/** Codes carried by api_error webhooks and delivery failures (docs/gateway-api.md#codes). */
export const STATUS_CODES: Readonly<Record<string, string>> = {
	'2000': 'INSUFFICIENT_FUNDS',
	'2001': 'TOO_LONG',
	'2002': 'TOO_SHORT',
	'2003': 'TIMEOUT',
	'2004': 'GATEWAY_ISSUES',
	'2005': 'INVALID_SENDER',
	'2006': 'INVALID_NUMBER',
	'4000': 'UNKNOWN',
	'4001': 'EMPTY_MESSAGE',
	'4002': 'EMPTY_CLIENT',
	'4003': 'LOCKED',
	'4004': 'BLOCKED',
	'4005': 'JOB_FAILED',
	'4006': 'DUPLICATE',
	'4007': 'INVALID_CONTENT',
};

const INVALID_NUMBER: CodeInfo = {
	name: 'Invalid phone number',
	meaning: 'A recipient is not a valid number: use international format, 8 to 15 digits, e.g. 31612345678',
};
const CONTACT_PROBLEM: CodeInfo = { name: 'Contact problem', meaning: 'A contact or group request was invalid' };
/**
 * A meaning only a third-party client's code table gives. The error says it as advice and ends with what to do;
 * that the gateway's own pages do not confirm it is said in docs/contacts-and-groups.md#error-codes.
 */
const thirdParty = (name: string, meaning: string): CodeInfo => ({ name, meaning });

/** Error codes of the HTTP API (`{"error":"<code>","errorMsg":"…"}`), with what a user can do about each. */
export const API_ERROR_CODES: Readonly<Record<string, CodeInfo>> = {
	'102': { name: 'No message', meaning: 'The message text is empty: give the SMS a text' },
	'103': INVALID_NUMBER,
	'104': {
		name: 'Invalid credentials',
		meaning: "The API key or API secret is wrong: copy both again from the gateway's API settings into the credential",
	},
	'105': { name: 'Server issue', meaning: 'The gateway had an internal problem: try again later' },
	'106': INVALID_NUMBER,
	'108': {
		name: 'Not enough credits',
		meaning: 'The account has no funds left for this message: top up the balance in the gateway',
	},
	'109': { name: 'Sender problem', meaning: 'The sender is missing or not allowed for this account' },
	'110': { name: 'Sender problem', meaning: 'The sender contains characters that are not allowed' },
	'111': {
		name: 'Sender too long',
		meaning: 'The sender is longer than 11 characters (name) or 14 digits (number)',
	},
	'112': { name: 'Message problem', meaning: 'The message could not be processed' },
	'113': { name: 'Order problem', meaning: 'The order could not be processed' },
	'114': { name: 'Empty request', meaning: 'The request carried no data' },
	// 116 and 137–140: only a maintained third-party client's code table lists them (docs/whatsapp.md#error-codes).
	'116': thirdParty(
		'Access disabled',
		"API access was disabled after a long time without use: turn it on again in the gateway's API settings",
	),
	'118': {
		name: 'Message too long',
		meaning: 'The message is longer than the gateway accepts (459 characters on older accounts, 612 on newer)',
	},
	'121': {
		name: 'Invalid date',
		meaning: "The schedule date is invalid or in the past: use 'yyyy-MM-dd HH:mm' in the account's time zone",
	},
	// 122–129: the documentation groups these as contact and group problems without telling them apart; the
	// meanings below are those one third-party client lists (docs/contacts-and-groups.md#error-codes), hedged as such.
	'122': thirdParty('No contacts provided', 'The request carried no contact'),
	'123': thirdParty('Missing ID', 'An object in the request has no ID'),
	'124': thirdParty('Group required', 'A contact needs a group: pick one in the Group field'),
	'125': thirdParty('Group not found', 'The group does not exist: pick it from the Group list, or check its ID'),
	'126': thirdParty('Name required', 'The group needs a name'),
	'127': CONTACT_PROBLEM,
	'128': thirdParty('Group not found', 'The group does not exist: pick it from the Group list, or check its ID'),
	'129': thirdParty('Number already in group', 'The number is already a contact in this group'),
	'131': {
		name: 'Number opted out',
		meaning: 'The recipient is on the opt-out list and must not be messaged; remove the number from your list',
	},
	'132': { name: 'Inbox not found', meaning: 'The inbox does not exist' },
	'133': { name: 'Message not found', meaning: 'The message does not exist' },
	'134': { name: 'Webhook not found', meaning: 'The webhook id does not exist' },
	'135': { name: 'Invalid limit', meaning: 'The limit must be between 1 and 2000' },
	'136': { name: 'Invalid page', meaning: 'The page number is invalid' },
	'137': thirdParty(
		'WhatsApp window closed',
		'The person has not written to you on WhatsApp in the last 24 hours, so WhatsApp takes only a template from you: use WhatsApp → Send Template, or turn on the option SMS Fallback to send an SMS',
	),
	'138': thirdParty(
		'WhatsApp misconfigured',
		"The account's WhatsApp Business setup is incomplete: check it in the gateway's WhatsApp settings",
	),
	'139': thirdParty(
		'WhatsApp parameters invalid',
		"A WhatsApp parameter is missing or invalid: check the template's name, its number of variables and its header type against the template approved in the gateway",
	),
	'140': thirdParty(
		'No WhatsApp Business account',
		'Invalid or missing WhatsApp Business account: set up WhatsApp in the gateway, or send an SMS instead (the option SMS Fallback does it for buttons and lists)',
	),
	'200': {
		name: 'IP address not allowed',
		meaning: "This server's IP address is not on the account's allow list: add it in the gateway's API settings",
	},
};

/** The gateway's answer to a body it could not parse carries this text instead of a numeric code. */
export const PARSE_ERROR_TEXT = 'error parsing json';

/** Explanation for any code the gateway returns, or undefined for a code no table knows. */
export function describeCode(code: string | number): string | undefined {
	const key = String(code);
	if (API_ERROR_CODES[key]) return API_ERROR_CODES[key].meaning;
	if (STATUS_CODES[key]) return `Gateway status ${STATUS_CODES[key]}`;
	if (key === PARSE_ERROR_TEXT) return 'The gateway could not parse the request body as JSON';
	return undefined;
}
