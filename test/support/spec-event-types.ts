/** The webhook types of gateway-api.md §6's table, in its order, copied from the spec (not from the code under test). */
export const SPEC_EVENT_TYPES = [
	'delivery_report',
	'read_report',
	'inbox_message',
	'call_forwarding',
	'add_contact',
	'delete_contact',
	'add_group',
	'delete_group',
	'add_optout',
	'delete_optout',
	'funds_purchased',
	'insufficient_funds',
	'email2sms_received',
	'api_error',
];
