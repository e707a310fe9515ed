/**
 * The trigger node: its description (data: the events, and the options per node version, which n8n needs
 * as two collections) and the webhook handler: verify the request, read its events, answer. The steps
 * are in trigger/; the protocol (signature, event shapes) in core/.
 */
import type { IHookFunctions, INodeProperties, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from './core/events/events';
import { DEFAULT_TOLERANCE_SECONDS } from './core/events/signature';
import { APP_DESCRIPTION, CREDENTIAL_TYPE } from './constants';
import { answerEvents } from './trigger/answer';
import { readBody, verifyRequest, type TriggerOptions } from './trigger/request';

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
			{ name: 'Resume and Start', value: 'resumeAndStart', description: 'It resumes the question and starts this workflow as well' },
		],
		description:
			"Replies and delivery reports of questions sent with Send and Wait for Response are handed to their waiting executions (whatever the Events selection). This says whether one that resumed a question also starts this workflow.",
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
		default: '',
		placeholder: 'e.g. Shop alerts. Msg&data rates may apply. Reply STOP to opt out.',
		description: 'With Opt-Out Keywords on: the SMS that answers HELP or INFO, from the number it reached; at most once per number per 24 hours. Empty: no answer.',
	},
	onFromVersion3 ? { ...OPT_OUT_KEYWORDS, default: true } : OPT_OUT_KEYWORDS,
];

const SETUP_HINT =
	"The gateway keeps one webhook URL per account. To test: put the Test URL above in the gateway's webhook settings (or, with the local emulator, register it there), have the node listen for a test event (its test button) and make the event happen; then put the Production URL back and activate the workflow. Set the same signing secret in the gateway and in the credential: without one, requests are refused unless 'Accept Unsigned Requests' is on.";

export class MessagingGatewayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway Trigger',
		name: 'messagingGatewayTrigger',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['trigger'],
		// Version 2: events are judged leniently (Strict Validation off by default). Both versions fail closed.
		// Version 3: Opt-Out Keywords on by default.
		version: [1, 2, 3],
		defaultVersion: 3,
		// The events' names, not their values: "Inbox Message", not inbox_message.
		subtitle: `={{ (($parameter["events"] || []).includes("*") ? ["All Events"] : ($parameter["events"] || []).map((type) => (${JSON.stringify(Object.fromEntries(WEBHOOK_EVENT_TYPES.map(({ value, name }) => [value, name])))})[type] || type)).join(", ") }}`,
		// n8n's nodes panel describes this node and the action node, as one entry, with this text (constants.ts).
		description: APP_DESCRIPTION,
		eventTriggerDescription: 'Waiting for the gateway to call the Test URL',
		activationMessage: "Put the Production URL in the gateway's webhook settings: every event it sends now starts this workflow.",
		defaults: { name: 'Messaging Gateway Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		triggerPanel: {
			header: '',
			executionsHelp: {
				inactive:
					"<b>While building your workflow</b>, put the Test URL in the gateway's webhook settings (the gateway keeps one URL per account), have the node listen for a test event (its test button) and make the event happen, for example send an SMS for a delivery report. With the local emulator, <code>POST /emulator/webhooks/&lt;type&gt;</code> fires a sample event of any type at the URL it has registered.<br /><br /><b>Once you're happy with your workflow</b>, put the Production URL back in the gateway and <a data-key='activate'>activate</a> the workflow. Its executions show up in the <a data-key='executions'>executions list</a>, not in the editor.",
				active:
					"<b>While building your workflow</b>, put the Test URL in the gateway's webhook settings, have the node listen for a test event (its test button) and make the event happen; the gateway then calls the Test URL instead of the Production URL, so the active workflow misses events until you put the Production URL back.<br /><br /><b>The workflow is active</b>: every event the gateway sends to the Production URL starts it. Those executions show up in the <a data-key='executions'>executions list</a>.",
			},
			activationHint:
				"Once the Production URL is in the gateway's webhook settings and the workflow is active, every event starts it: no need to listen here.",
		},
		// n8n answers accepted webhooks with the node's webhookResponse once it has registered the run,
		// so a webhook that n8n could not take is answered with an error and the gateway sends it again.
		// An empty responseData is what makes n8n use webhookResponse instead of its default text.
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' },
			{ name: 'default', httpMethod: 'GET', responseMode: 'onReceived', responseData: '', path: 'webhook' },
		],
		properties: [
			{
				displayName: SETUP_HINT,
				name: 'setupNotice',
				type: 'notice',
				default: '',
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
				description:
					'Webhook types that start the workflow. Others are acknowledged with 200 and start nothing.',
				options: [
					{
						name: 'All Events',
						value: ALL_EVENTS,
						description: 'Every type, including types the gateway adds later',
					},
					...WEBHOOK_EVENT_TYPES.map((type) => ({ name: type.name, value: type.value, description: type.description, ...('action' in type ? { action: type.action } : {}) })),
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
				options: [
					...SHARED_OPTIONS,
					...keywordOptions(false),
					{
						displayName: 'Strict Validation',
						name: 'strictValidation',
						type: 'boolean',
						default: true,
						description: STRICT_VALIDATION_DESCRIPTION,
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { '@version': [2] } },
				options: [...SHARED_OPTIONS, ...keywordOptions(false), LENIENT_VALIDATION],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
				options: [...SHARED_OPTIONS, ...keywordOptions(true), LENIENT_VALIDATION],
			},
		],
	};

	webhookMethods = {
		default: {
			// Nothing to register: the user pastes the URL into the gateway, which keeps it.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const verified = await verifyRequest(this, options);
		if (!('signed' in verified)) return verified;
		const read = readBody(this);
		if ('answered' in read) return read.answered;
		const selected = this.getNodeParameter('events', []) as string[];
		// Version 1 judged every event strictly; version 2 only what routing needs, unless the option says otherwise.
		const strict = typeof options.strictValidation === 'boolean' ? options.strictValidation : this.getNode().typeVersion < 2;
		const replyHandling = options.replyHandling === 'resumeAndStart' ? 'resumeAndStart' : 'resumeOnly';
		// Opt-Out Keywords: the option when set, else on from version 3 (versions 1 and 2 did nothing with keywords).
		const keywords = {
			act: typeof options.optOutKeywords === 'boolean' ? options.optOutKeywords : this.getNode().typeVersion >= 3,
			helpReply: typeof options.helpReply === 'string' ? options.helpReply : '',
		};
		return await answerEvents(this, read.body, selected, { strict, finalReportsOnly: options.finalReportsOnly === true, replyHandling, signed: verified.signed, keywords });
	}
}
