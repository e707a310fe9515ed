/**
 * `npm run dev`: the gateway emulator and a real n8n with this package and the example workflows,
 * wired together. Prints where to log in and how to poke the demo; Ctrl-C stops both.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { startEmulator } from '../emulator/server';
import { setUpDemo } from './demo';
import { ensureN8n, N8nClient, OWNER, ROOT, startN8n, type N8nServer } from './n8n-harness';

async function main() {
	const emulatorPort = Number(process.env.EMULATOR_PORT ?? 8787);
	const n8nPort = Number(process.env.N8N_PORT ?? 5678);
	const install = ensureN8n();
	const emulator = await startEmulator({ port: emulatorPort });
	let n8n: N8nServer | undefined;
	const stop = async (code: number) => {
		await n8n?.stop();
		await emulator.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	try {
		const userFolder = join(ROOT, '.n8n-dev');
		rmSync(userFolder, { recursive: true, force: true });
		console.log(`Starting n8n ${install.version} with ${emulator.url} as the gateway…`);
		n8n = await startN8n(install, { port: n8nPort, userFolder });
		const client = await N8nClient.setUp(n8n.url);
		const demo = await setUpDemo(emulator, client);
		const { account } = emulator;
		const api = `-H 'X-Client-Id: ${account.apiKey}' -H 'X-Client-Secret: ${account.apiSecret}'`;
		console.log(`
The demo is up.

  n8n editor      ${n8n.url}   (log in as ${OWNER.email} / ${OWNER.password})
  Gateway         ${emulator.url}   (emulator; credential "Messaging Gateway account" points here)
  n8n log         ${n8n.logFile}

Workflows: ${Object.values(demo.workflows).map((entry) => `"${entry.workflow.name}"`).join(', ')}.

Try:
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
  curl -s -XPOST '${emulator.url}/emulator/webhooks' -d '{"url":"${n8n.url}/webhook-test/<id>/webhook","types":["*"]}'
  curl -s -XPOST '${emulator.url}/emulator/webhooks/delivery_report'

  # Every webhook the emulator sent, with each attempt and n8n's answer
  curl -s '${emulator.url}/emulator/deliveries'

Ctrl-C stops n8n and the emulator.`);
	} catch (error) {
		console.error(`npm run dev failed: ${(error as Error).message}`);
		await stop(1);
	}
}

void main();
