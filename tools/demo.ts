/** Wires the emulator and a running n8n together with the example workflows. */
import { randomBytes } from 'node:crypto';

import type { Emulator } from '../emulator/server';
import { loadExample, productionUrl, type ExampleWorkflow, type N8nClient } from './n8n-client';
import { registerByHand, registeredByTriggers, triggerOf, withSelfRegistration } from './demo-webhooks';
import { waitForWebhooks } from './waits';

const EXAMPLES = {
	autoReply: 'auto-reply-to-incoming-sms.json',
	fundsAlert: 'alert-on-insufficient-funds.json',
	deliveryLog: 'delivery-log.json',
	sendFromWorkflow: 'send-sms-from-a-workflow.json',
	quietBroadcast: 'marketing-broadcast-with-quiet-hours.json',
	handleOnce: 'handle-each-event-once.json',
	scheduleSms: 'schedule-sms-from-a-webhook.json',
	approveBySms: 'approve-by-sms.json',
	// Estimate Cost, then Send and Wait asks for approval of a costly broadcast, then Send SMS.
	estimateBroadcast: 'estimate-then-send-a-broadcast.json',
	// Contacts: a sign-up form's contact into the group Customers, then a welcome SMS.
	welcomeContact: 'welcome-new-contact.json',
	// The Inbox Trigger: received SMS by polling, for an n8n the gateway's webhooks cannot reach.
	inboxByPolling: 'incoming-sms-by-polling.json',
	// A WhatsApp template confirms an order; a number without WhatsApp (140) gets the confirmation by SMS.
	orderByWhatsApp: 'order-confirmation-by-whatsapp.json',
	// Send with Failover: a WhatsApp template, then an SMS, then a call, each waiting for its report (n8n 2.x).
	criticalAlert: 'critical-alert-whatsapp-sms-call.json',
	smsAssistant: 'sms-assistant.json',
	approveAgentActions: 'approve-agent-actions-by-sms.json',
} as const;

/** The AI agent examples need a chat model credential, which the demo has not: imported inactive, their trigger not registered. */
const AI_EXAMPLES = ['smsAssistant', 'approveAgentActions'] as const;
export const NEED_A_MODEL: ReadonlySet<string> = new Set(AI_EXAMPLES);
type DemoWorkflow = { id: string; workflow: ExampleWorkflow; webhookUrl?: string };

type NodeTypes = Array<{ name: string; version: number | number[] }>;

/** Whether this n8n has every node of the example at its version (n8n 1.x has no HITL tool and no AI Agent 3.1). */
function hasNodesOf(workflow: ExampleWorkflow, types: NodeTypes): boolean {
	const versions = (type: NodeTypes[number]) => (Array.isArray(type.version) ? type.version : [type.version]);
	return workflow.nodes.every((node) =>
		types.some((type) => type.name === node.type && versions(type).includes(node.typeVersion)),
	);
}

/** The WhatsApp template the order confirmation example sends, approved for the demo's account (body variables: name, order). */
const ORDER_TEMPLATE = { name: 'order_confirmation', variables: 2, buttonVariables: 0, header: 'image' };

/** The template the critical alert example sends first (body variable: the alert's text). */
const ALERT_TEMPLATE = { name: 'critical_alert', variables: 1, buttonVariables: 0 };

/** The path of the scheduling example's Webhook node. */
const SCHEDULE_PATH = 'schedule-sms';
/** The instant the walk-through asks the scheduling example for. */
export const SCHEDULE_AT = '2031-06-01T10:30:00Z';

/** The example's alert URL, replaced by the emulator's sink in the demo. */
const EXAMPLE_ALERT_URL = 'https://hooks.example.com/sms-funds-alert';
/** Where the examples' Webhook nodes name their Header Auth credential. */
const WEBHOOK_CREDENTIAL_PLACEHOLDER = '__WEBHOOK_CREDENTIAL_ID__';

/** The header the examples' Webhook nodes demand (n8n's Header Auth); without it n8n answers 403 and runs nothing. */
export interface WebhookHeader {
	name: string;
	value: string;
}

export interface Demo {
	credentialId: string;
	/** The header and its value, new on every set-up, that the Webhook nodes' credential "Webhook header" holds. */
	webhookHeader: WebhookHeader;
	/** The examples this n8n has the nodes for (on n8n 1.x not the AI agent ones). */
	workflows: Record<Exclude<keyof typeof EXAMPLES, (typeof AI_EXAMPLES)[number]>, DemoWorkflow> &
		Partial<Record<(typeof AI_EXAMPLES)[number], DemoWorkflow>>;
}

/** Whether a workflow starts on n8n's Poll Times (the Inbox Trigger example). */
const polls = (workflow: ExampleWorkflow) => workflow.nodes.some((node) => node.parameters.pollTimes !== undefined);

/**
 * `webhookBaseUrl`: where production webhooks are served, if not by `client`'s n8n (queue mode: the webhook processor).
 * `activatePolling`: activate the polling example too (`npm run dev` does); tests leave it inactive, as its poll each
 * minute would add requests to the emulator's log in the middle of theirs. `selfRegister`: the triggers register
 * their webhooks themselves (Register Webhook Automatically, `npm run dev`); else they are registered by hand.
 */
export async function setUpDemo(
	emulator: Emulator,
	client: N8nClient,
	{ webhookBaseUrl = client.url, activatePolling = false, selfRegister = false } = {},
): Promise<Demo> {
	const { account } = emulator;
	const credentialId = await client.createCredential('Messaging Gateway account', {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
		signingSecret: account.signingSecret,
		// The gateway reads a scheduled send's date in the account's zone; n8n's own zone may differ.
		accountTimeZone: account.timezone,
	});
	// A secret of this run only: the webhooks that send SMS must not answer a caller who lacks it.
	const webhookHeader = { name: 'X-Webhook-Secret', value: randomBytes(24).toString('base64url') };
	const webhookCredentialId = await client.createCredential('Webhook header', webhookHeader, 'httpHeaderAuth');
	const replacements = {
		[EXAMPLE_ALERT_URL]: `${emulator.url}/emulator/sink`,
		[WEBHOOK_CREDENTIAL_PLACEHOLDER]: webhookCredentialId,
	};
	// What the account's WhatsApp Business set-up holds: the order confirmation's and the critical alert's templates.
	const templates = await fetch(`${emulator.url}/emulator/whatsapp/templates`, {
		method: 'PUT',
		body: JSON.stringify({ templates: [ORDER_TEMPLATE, ALERT_TEMPLATE] }),
	});
	if (!templates.ok) throw new Error(`approving the template failed: ${await templates.text()}`);
	const workflows = {} as Demo['workflows'];
	const types = await client.rest<NodeTypes>('/types/nodes.json');
	for (const [key, file] of Object.entries(EXAMPLES) as Array<[keyof typeof EXAMPLES, string]>) {
		const workflow = selfRegister ? withSelfRegistration(loadExample(file)) : loadExample(file);
		if (!hasNodesOf(workflow, types)) continue;
		const active = !NEED_A_MODEL.has(key) && (activatePolling || !polls(workflow));
		const id = await client.importWorkflow(workflow, credentialId, replacements, { activate: active });
		const trigger = active && triggerOf(workflow);
		const webhookUrl = trigger ? productionUrl(webhookBaseUrl, workflow) : undefined;
		// Without self-registration, what a user does in the gateway's webhook settings: the URL, for its event types.
		if (trigger && webhookUrl && !selfRegister)
			await registerByHand(emulator.url, webhookUrl, (trigger.parameters.events as string[] | undefined) ?? ['*']);
		workflows[key] = { id, workflow, webhookUrl };
	}
	const webhookUrls = Object.values(workflows).flatMap((entry) => (entry.webhookUrl ? [entry.webhookUrl] : []));
	if (selfRegister) await registeredByTriggers(emulator.url, webhookUrls);
	await waitForWebhooks(webhookUrls);
	return { credentialId, webhookHeader, workflows };
}

/** `at` as the account's wall-clock time, the way the gateway reads a scheduled send's date. */
function wallClock(at: string, timeZone: string): string {
	const parts = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' }).formatToParts(
		new Date(at),
	);
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value;
	return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The demo's walk-through: curl commands against the emulator that start each example workflow. */
export function walkThrough(emulator: Emulator, webhookBaseUrl: string, webhookHeader: WebhookHeader): string {
	const { account } = emulator;
	const api = `-H 'X-Client-Id: ${account.apiKey}' -H 'X-Client-Secret: ${account.apiSecret}'`;
	const schedule = JSON.stringify({ to: '+31 6 1234 5678', message: 'Your appointment is tomorrow', at: SCHEDULE_AT });
	const json = `-H 'Content-Type: application/json'`;
	const secret = `-H '${webhookHeader.name}: ${webhookHeader.value}' ${json}`;
	// n8n's Test URL of the auto-reply's trigger: its production URL under /webhook-test/.
	const testUrl = productionUrl(webhookBaseUrl, loadExample(EXAMPLES.autoReply)).replace(
		`${webhookBaseUrl}/webhook/`,
		`${webhookBaseUrl}/webhook-test/`,
	);
	return `Try:
  # An incoming SMS: "Auto-reply to incoming SMS" answers it, "Delivery log" logs both reports
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"from":"31612345678","content":"Is my order on its way?"}'
  curl -s '${emulator.url}/emulator/messages'

  # A burst: three SMS 1 s apart from one number. "Auto-reply to incoming SMS" waits 4 s, reads what is unanswered
  # (Conversation → Get Unanswered) and answers once, quoting all three; the runs of the first two stop there.
  # Ten seconds later the messages hold one reply to 31612345603
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"from":"31612345603","texts":["Hi","is my order","on its way?"],"gapMs":1000}'
  curl -s '${emulator.url}/emulator/messages'

  # STOP and HELP: the trigger of "Auto-reply to incoming SMS" puts the sender of STOP on the opt-out list and answers HELP
  # with its Help Reply, once a day; the auto-reply answers neither
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"from":"31612345670","content":"STOP"}'
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"from":"31612345671","content":"HELP"}'
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"from":"31612345671","content":"help"}'
  curl -s '${emulator.url}/emulator/optouts'
  curl -s '${emulator.url}/emulator/messages'

  # Polling, no webhook: within a minute "Incoming SMS by polling" (Inbox Trigger) logs that SMS from the gateway's inbox
  curl -s '${emulator.url}/v1/message/inbox' ${api}

  # A send whose final report is "not delivered, spam" (magic number …99218)
  curl -s -XPOST '${emulator.url}/v1/message/send' ${api} -d '{"message":"Hi","to":"31612399218","sender":"Shop"}'

  # A scheduled send for ${SCHEDULE_AT}: the gateway gets "${wallClock(SCHEDULE_AT, account.timezone)}" (${account.timezone}, the credential's Account Time Zone) and sends at ${SCHEDULE_AT}
  curl -s -XPOST '${webhookBaseUrl}/webhook/${SCHEDULE_PATH}' ${secret} -d '${schedule}'
  curl -s '${emulator.url}/emulator/messages'

  # The same request without the ${webhookHeader.name} header (the Webhook nodes' Header Auth, credential "Webhook header"): n8n answers 403 and sends nothing
  curl -s -o /dev/null -w '%{http_code}\\n' -XPOST '${webhookBaseUrl}/webhook/${SCHEDULE_PATH}' ${json} -d '${schedule}'

  # Send and Wait for Response: "Approve a refund by SMS" asks its approver, +31 6 1234 5678, and waits. The next lines
  # keep the question's message id and answer it as the approver ("Auto-reply to incoming SMS"'s trigger hands replies
  # on): "ok not now" is unclear, so the question keeps waiting and sends its reminder (the auto-reply leaves the
  # approver alone); YES approves
  curl -s -XPOST '${webhookBaseUrl}/webhook/approve-refund' ${secret} -d '{"amount":"€120","order":"1001"}'
  QUESTION=$(curl -s '${emulator.url}/emulator/messageid?to=31612345678&contains=refund')
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"replyTo":'"$QUESTION"',"content":"ok not now"}'
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"replyTo":'"$QUESTION"',"content":"YES"}'

  # Estimate Cost, then a broadcast to 3 numbers: 3 credits go out at once; over 5 (a longer text) first asks +31 6 1234 5678 (answer as above)
  curl -s -XPOST '${webhookBaseUrl}/webhook/broadcast' ${secret} -d '{"message":"Spring sale: 20% off until Sunday"}'

  # A sign-up form posts a new contact: "Welcome a new contact" adds it to the group Customers (an add_contact webhook) and texts a welcome
  curl -s -XPOST '${webhookBaseUrl}/webhook/new-contact' ${secret} -d '{"phone":"+31 6 1234 5601","firstname":"Ada"}'
  curl -s '${emulator.url}/emulator/contacts'

  # WhatsApp: "Order confirmation by WhatsApp template, SMS when WhatsApp fails" sends the approved template
  # ${ORDER_TEMPLATE.name} (the name, the order and an image) by WhatsApp; +31 6 1234 9140 has no WhatsApp (the emulator's
  # …9140: error 140), so it gets the confirmation by SMS. The messages then hold one of each (messageType)
  curl -s -XPOST '${webhookBaseUrl}/webhook/order-confirmation' ${secret} -d '{"phone":"+31 6 1234 5602","name":"Ada","order":"1001"}'
  curl -s -XPOST '${webhookBaseUrl}/webhook/order-confirmation' ${secret} -d '{"phone":"+31 6 1234 9140","name":"Bob","order":"1002"}'
  curl -s '${emulator.url}/emulator/messages'

  # Send with Failover: "Critical alert: WhatsApp, then SMS, then a call" tries its engineer, +31 6 1234 5678, by the
  # WhatsApp template ${ALERT_TEMPLATE.name} first. The first line makes that number's WhatsApp messages "not delivered"
  # (the emulator's recipients), so the SMS goes out at once and is delivered: the alert's output says reachedBy "sms"
  curl -s -XPUT '${emulator.url}/emulator/recipients' -d '{"recipients":[{"number":"31612345678","whatsapp":{"code":"2","detail":"11"}}]}'
  curl -s -XPOST '${webhookBaseUrl}/webhook/critical-alert' ${secret} -d '{"text":"db-1 is down"}'
  curl -s '${emulator.url}/emulator/messages'

  # A voice message: "Delivery log" logs its reports (message_type voice)
  curl -s -XPOST '${emulator.url}/v1/voice/send' ${api} -d '{"message":"Your parcel arrives today","to":"31612345678","language":"en"}'

  # The senders the Send SMS node's Sender list shows (set them with PUT /emulator/senderids)
  curl -s '${emulator.url}/v1/senderids' ${api}

  # Run out of funds: "Alert on insufficient funds" posts to the sink
  curl -s -XPUT '${emulator.url}/emulator/account' -d '{"balance":0}'
  curl -s -XPOST '${emulator.url}/v1/message/send' ${api} -d '{"message":"Hi","to":"31612345678","sender":"Shop"}'
  curl -s '${emulator.url}/emulator/sink'

  # The gateway's webhooks: each active trigger registered its own URL and events when its workflow was activated
  # (Register Webhook Automatically, on in this demo's triggers); deactivating a workflow removes its registration
  curl -s '${emulator.url}/emulator/webhooks'

  # A sample event of any of the 14 types at every registered URL. To see one in the editor: open "Auto-reply to
  # incoming SMS" and have its trigger listen for a test event (it registers its Test URL while it listens), then fire
  # an incoming SMS (second line). The first and third lines register and remove a Test URL by hand, as for a trigger
  # with Register Webhook Automatically off: a Test URL left registered gets every later event, and nobody listens
  curl -s -XPOST '${emulator.url}/emulator/webhooks' -d '{"url":"${testUrl}","types":["inbox_message"]}'
  curl -s -XPOST '${emulator.url}/emulator/webhooks/inbox_message'
  curl -s -XDELETE '${emulator.url}/emulator/webhooks?url=${encodeURIComponent(testUrl)}'

  # Every webhook the emulator sent, with each attempt and n8n's answer
  curl -s '${emulator.url}/emulator/deliveries'`;
}
