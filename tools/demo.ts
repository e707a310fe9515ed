/** Wires the emulator and a running n8n together with the example workflows. */
import type { Emulator } from '../emulator/server';
import { loadExample, productionUrl, type ExampleWorkflow, type N8nClient } from './n8n-client';
import { waitForWebhooks } from './waits';

const EXAMPLES = {
	autoReply: 'auto-reply-to-incoming-sms.json',
	fundsAlert: 'alert-on-insufficient-funds.json',
	deliveryLog: 'delivery-log.json',
	sendFromWorkflow: 'send-sms-from-a-workflow.json',
	handleOnce: 'handle-each-event-once.json',
} as const;

/** The example's alert URL, replaced by the emulator's sink in the demo. */
const EXAMPLE_ALERT_URL = 'https://hooks.example.com/sms-funds-alert';

export interface Demo {
	credentialId: string;
	workflows: Record<keyof typeof EXAMPLES, { id: string; workflow: ExampleWorkflow; webhookUrl?: string }>;
}

/** `webhookBaseUrl`: where production webhooks are served, if not by `client`'s n8n (queue mode: the webhook processor). */
export async function setUpDemo(emulator: Emulator, client: N8nClient, { webhookBaseUrl = client.url } = {}): Promise<Demo> {
	const { account } = emulator;
	const credentialId = await client.createCredential('Messaging Gateway account', {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
		signingSecret: account.signingSecret,
	});
	const workflows = {} as Demo['workflows'];
	for (const [key, file] of Object.entries(EXAMPLES) as Array<[keyof typeof EXAMPLES, string]>) {
		const workflow = loadExample(file);
		const id = await client.importWorkflow(workflow, credentialId, { [EXAMPLE_ALERT_URL]: `${emulator.url}/emulator/sink` });
		const trigger = workflow.nodes.find((node) => node.webhookId);
		const webhookUrl = trigger ? productionUrl(webhookBaseUrl, workflow) : undefined;
		if (trigger && webhookUrl) {
			// What a user does in the gateway's webhook settings: the trigger's URL, for its event types.
			const types = (trigger.parameters.events as string[] | undefined) ?? ['*'];
			const response = await fetch(`${emulator.url}/emulator/webhooks`, {
				method: 'POST',
				body: JSON.stringify({ url: webhookUrl, types, method: 'POST' }),
			});
			if (!response.ok) throw new Error(`registering ${webhookUrl} failed: ${await response.text()}`);
		}
		workflows[key] = { id, workflow, webhookUrl };
	}
	await waitForWebhooks(Object.values(workflows).flatMap((entry) => (entry.webhookUrl ? [entry.webhookUrl] : [])));
	return { credentialId, workflows };
}

/** The demo's walk-through: curl commands against the emulator that start each example workflow. */
export function walkThrough(emulator: Emulator, webhookBaseUrl: string): string {
	const { account } = emulator;
	const api = `-H 'X-Client-Id: ${account.apiKey}' -H 'X-Client-Secret: ${account.apiSecret}'`;
	return `Try:
  # An incoming SMS: "Auto-reply to incoming SMS" answers it, "Delivery log" logs both reports
  curl -s -XPOST '${emulator.url}/emulator/inbound' -d '{"from":"31612345678","content":"Is my order on its way?"}'
  curl -s '${emulator.url}/emulator/messages'

  # A send whose final report is "not delivered, spam" (magic number …99218)
  curl -s -XPOST '${emulator.url}/v1/message/send' ${api} -d '{"message":"Hi","to":"31612399218","sender":"Shop"}'

  # A voice message: "Delivery log" logs its reports (message_type voice)
  curl -s -XPOST '${emulator.url}/v1/voice/send' ${api} -d '{"message":"Your parcel arrives today","to":"31612345678","language":"en"}'

  # The senders the Send SMS node's Sender list shows (set them with PUT /emulator/senderids)
  curl -s '${emulator.url}/v1/senderids' ${api}

  # Run out of funds: "Alert on insufficient funds" posts to the sink
  curl -s -XPUT '${emulator.url}/emulator/account' -d '{"balance":0}'
  curl -s -XPOST '${emulator.url}/v1/message/send' ${api} -d '{"message":"Hi","to":"31612345678","sender":"Shop"}'
  curl -s '${emulator.url}/emulator/sink'

  # A sample event of any of the 14 types at every registered URL. To see one in the editor: register
  # the trigger's Test URL (first line), click "Listen for test event", then fire (second line)
  curl -s -XPOST '${emulator.url}/emulator/webhooks' -d '{"url":"${webhookBaseUrl}/webhook-test/<id>/webhook","types":["*"]}'
  curl -s -XPOST '${emulator.url}/emulator/webhooks/delivery_report'

  # Every webhook the emulator sent, with each attempt and n8n's answer
  curl -s '${emulator.url}/emulator/deliveries'`;
}
