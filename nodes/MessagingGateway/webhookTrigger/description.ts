/**
 * The webhook trigger's parameters (data): the set-up notice, the events, and the options per node
 * version, which n8n needs as separate collections (n8n 1.x cannot show options inside a collection
 * per version). The node file (MessagingGatewayTrigger.node.ts) puts them into its description.
 */
import type { INodeProperties } from 'n8n-workflow';

import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from '../core/events/events';
import { DEFAULT_TOLERANCE_SECONDS } from '../core/events/signature';

const STRICT_VALIDATION_DESCRIPTION =
	"Whether to refuse (400) any event that differs from the gateway's documented fields. Off: only webhook_id, webhook_type and the event's payload object are required; a field that is missing, null or of another type passes through as sent and is noted in n8n's log.";

const LENIENT_VALIDATION: INodeProperties = {
	displayName: 'Strict Validation',
	name: 'strictValidation',
	type: 'boolean',
	default: false,
	description: STRICT_VALIDATION_DESCRIPTION,
};

const SHARED_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Accept Unsigned Requests',
		name: 'acceptUnsigned',
		type: 'boolean',
		default: false,
		description:
			'Whether to accept requests without verifying them when the credential has no signing secret. Off: such requests are refused (401). Anyone who learns the URL could then start the workflow.',
	},
	{
		displayName: 'Register Webhook Automatically',
		name: 'autoRegister',
		type: 'boolean',
		default: false,
		description:
			"Whether to register this node's URL and Events with the gateway when the workflow is activated (and the Test URL while listening for a test event), verify with the registration's own secret, and remove it when the workflow is deactivated. Needs the gateway's webhook API; off: put the URL in the gateway's webhook settings by hand.",
	},
	{
		displayName: 'Final Delivery Reports Only',
		name: 'finalReportsOnly',
		type: 'boolean',
		default: false,
		description:
			'Whether a delivery report with a code after which another report follows (0 submitted, 3 buffered) is acknowledged without starting the workflow. Final codes: 1 delivered, 2 not delivered, 4 and 5 rejected, 9 unknown.',
	},
	{
		displayName: 'Reply Handling',
		name: 'replyHandling',
		type: 'options',
		default: 'resumeOnly',
		options: [
			{
				name: 'Resume Only',
				value: 'resumeOnly',
				description: 'A reply or report that resumed a waiting question does not also start this workflow',
			},
			{
				name: 'Resume and Start',
				value: 'resumeAndStart',
				description: 'It resumes the question and starts this workflow as well',
			},
		],
		description:
			'Replies and delivery reports of questions sent with Send and Wait for Response are handed to their waiting executions (whatever the Events selection). This says whether one that resumed a question also starts this workflow.',
	},
	{
		displayName: 'Tolerance (Seconds)',
		name: 'toleranceSeconds',
		type: 'number',
		default: DEFAULT_TOLERANCE_SECONDS,
		typeOptions: { minValue: 0 },
		description:
			'How far the signed timestamp may be from now before a request is refused as replayed. 0 turns the check off; an empty or invalid value means 300.',
	},
];

/** Opt-Out Keywords (versions 1 and 2: off by default; ON_FROM_VERSION_3 below) and the Help Reply, in the options of every version. */
const OPT_OUT_KEYWORDS: INodeProperties = {
	displayName: 'Opt-Out Keywords',
	name: 'optOutKeywords',
	type: 'boolean',
	default: false,
	description:
		'Whether an incoming SMS that is only STOP, UNSUBSCRIBE, CANCEL, END, QUIT, … puts its sender on the opt-out list (once per event). Items get keyword, optOut and possibleOptOut.',
};
const keywordOptions = (onFromVersion3: boolean): INodeProperties[] => [
	{
		displayName: 'Help Reply',
		name: 'helpReply',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'e.g. Shop alerts: order news. Reply STOP to opt out.',
		description:
			'With Opt-Out Keywords on: the SMS that answers HELP or INFO, from the number it reached; at most once per number per 24 hours. Empty: no answer.',
	},
	onFromVersion3 ? { ...OPT_OUT_KEYWORDS, default: true } : OPT_OUT_KEYWORDS,
];

/** A collection's options in alphabetical order, as n8n lists them. */
const sorted = (options: INodeProperties[]): INodeProperties[] =>
	[...options].sort((a, b) => a.displayName.localeCompare(b.displayName));

const SETUP_HINT =
	"The gateway keeps one webhook URL per account. To test: put the Test URL above in the gateway's webhook settings (or, with the local emulator, register it there), have the node listen for a test event (its test button) and make the event happen; then put the Production URL back and activate the workflow. Set the same signing secret in the gateway and in the credential: without one, requests are refused unless 'Accept Unsigned Requests' is on.";

/** The trigger's parameters, in the order the editor shows them. */
export const TRIGGER_PROPERTIES: INodeProperties[] = [
	{
		displayName: SETUP_HINT,
		name: 'setupNotice',
		type: 'notice',
		default: '',
		displayOptions: { hide: { '/options.autoRegister': [true] } },
	},
	{
		displayName:
			"Register Webhook Automatically is on: activating the workflow registers the Production URL and the Events with the gateway (listening for a test event, the Test URL), and the trigger verifies with that registration's secret; deactivating removes it. No URL or signing secret to paste.",
		name: 'autoRegisterNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '/options.autoRegister': [true] } },
	},
	{
		displayName:
			'Accept Unsigned Requests is on: anyone who learns the URL can start this workflow with any content. Set a signing secret in the gateway and the credential, and turn the option off.',
		name: 'unsignedWarning',
		type: 'notice',
		default: '',
		// '/' reads from the node's root; n8n 1.x cannot order a dependency on a nested path without it.
		displayOptions: { show: { '/options.acceptUnsigned': [true] } },
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [],
		description: 'Webhook types that start the workflow. Others are acknowledged with 200 and start nothing.',
		options: [
			{
				name: 'All Events',
				value: ALL_EVENTS,
				description: 'Every type, including types the gateway adds later',
			},
			...WEBHOOK_EVENT_TYPES.map((type) => ({
				name: type.name,
				value: type.value,
				description: type.description,
				...('action' in type ? { action: type.action } : {}),
			})),
		],
	},
	// The same options in every version; only the defaults of Strict Validation (on in version 1, its
	// behaviour) and Opt-Out Keywords (on from version 3) differ. n8n 1.x cannot resolve displayOptions inside a collection, so the collection
	// itself is shown per version.
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { '@version': [1] } },
		options: sorted([
			...SHARED_OPTIONS,
			...keywordOptions(false),
			{
				displayName: 'Strict Validation',
				name: 'strictValidation',
				type: 'boolean',
				default: true,
				description: STRICT_VALIDATION_DESCRIPTION,
			},
		]),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { '@version': [2] } },
		options: sorted([...SHARED_OPTIONS, ...keywordOptions(false), LENIENT_VALIDATION]),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		// Opt-Out Keywords is on in this version: a new node shows it among its options, where it can be turned off.
		default: { optOutKeywords: true },
		displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
		options: sorted([...SHARED_OPTIONS, ...keywordOptions(true), LENIENT_VALIDATION]),
	},
];
