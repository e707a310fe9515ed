/**
 * The trigger node: its description (its parameters are in webhookTrigger/description.ts) and the
 * webhook handler: verify the request, read its events, answer. The steps and the options' reading per
 * node version are in webhookTrigger/; the protocol (signature, event shapes) in core/.
 */
import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { WEBHOOK_EVENT_TYPES } from './core/events/events';
import { CREDENTIAL_TYPE, TRIGGER_DESCRIPTION } from './constants';
import { answerEvents, answerOptionsOf } from './webhookTrigger/answer';
import { TRIGGER_PROPERTIES } from './webhookTrigger/description';
import { readBody, verifyRequest, type TriggerOptions } from './webhookTrigger/request';
import {
	createRegistration,
	deleteRegistration,
	isAutoRegistering,
	registrationExists,
} from './webhookTrigger/self-registration';

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
		// n8n's nodes panel and trigger picker describe this node and the action node, as one entry, with this text (constants.ts).
		description: TRIGGER_DESCRIPTION,
		eventTriggerDescription: 'Waiting for the gateway to call the Test URL',
		activationMessage:
			"Put the Production URL in the gateway's webhook settings: every event it sends now starts this workflow.",
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
		properties: TRIGGER_PROPERTIES,
	};

	webhookMethods = {
		default: {
			// Off: nothing to register, the user pastes the URL into the gateway (webhookTrigger/self-registration.ts).
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return isAutoRegistering(this) ? await registrationExists(this) : true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return isAutoRegistering(this) ? await createRegistration(this) : true;
			},
			// Also with the option turned off since: a registration this node made is never left behind.
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteRegistration(this);
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
		return await answerEvents(
			this,
			read.body,
			selected,
			answerOptionsOf(options, this.getNode().typeVersion, verified.signed),
		);
	}
}
