/**
 * `npm run dev`: the gateway emulator and a real n8n with this package and the example workflows,
 * wired together. Prints where to log in and how to poke the demo; Ctrl-C stops both.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { startEmulator } from '../emulator/server';
import { setUpDemo, walkThrough } from '../tools/demo';
import { N8nClient, OWNER } from '../tools/n8n-client';
import { ensureN8n, ROOT } from '../tools/n8n-install';
import { startN8n, stopN8nOnExit, type N8nServer } from '../tools/n8n-process';

stopN8nOnExit();

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
		const demo = await setUpDemo(emulator, client, { activatePolling: true, selfRegister: true });
		console.log(`
The demo is up.

  n8n editor      ${n8n.url}   (log in as ${OWNER.email} / ${OWNER.password})
  Gateway         ${emulator.url}   (emulator; credential "Messaging Gateway account" points here)
  n8n log         ${n8n.logFile}

Workflows: ${Object.values(demo.workflows)
			.map((entry) => `"${entry.workflow.name}"`)
			.join(', ')}.

${walkThrough(emulator, n8n.url, demo.webhookHeader)}

Ctrl-C stops n8n and the emulator.`);
	} catch (error) {
		console.error(`npm run dev failed: ${(error as Error).message}`);
		await stop(1);
	}
}

void main();
