/**
 * `npm run dev:queue`: the demo of `npm run dev` on n8n in queue mode — Redis, Postgres, a main instance,
 * a webhook processor and two workers (each with the package in its own user folder) — with the gateway
 * emulator sending its webhooks to the webhook processor. Ctrl-C stops everything it started.
 */
import { startEmulator } from '../emulator/server';
import { setUpDemo, walkThrough } from '../tools/demo';
import { N8nClient, OWNER } from '../tools/n8n-client';
import { ensureN8n } from '../tools/n8n-install';
import { stopN8nOnExit } from '../tools/n8n-process';
import { assertPreflight } from '../tools/queue-preflight';
import { startQueueStack, stopQueueStacksOnExit, type QueueStack } from '../tools/queue-stack';

stopN8nOnExit();
stopQueueStacksOnExit();

async function main() {
	const install = ensureN8n();
	const emulator = await startEmulator({ port: process.env.EMULATOR_PORT ? Number(process.env.EMULATOR_PORT) : 0 });
	let stack: QueueStack | undefined;
	const stop = async (code: number) => {
		await stack?.stop();
		await emulator.close();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	try {
		console.log(
			`Starting n8n ${install.version} in queue mode (Redis, Postgres, main, webhook processor, 2 workers) with ${emulator.url} as the gateway…`,
		);
		stack = await startQueueStack(install, { workers: 2 });
		const preflight = assertPreflight(stack);
		const client = await N8nClient.setUp(stack.main.url);
		const demo = await setUpDemo(emulator, client, {
			webhookBaseUrl: stack.webhook.url,
			activatePolling: true,
			selfRegister: true,
		});
		const logs = stack.processes().map(({ name, server }) => `  ${name.padEnd(15)} ${server.logFile}`);
		console.log(`
The queue-mode demo is up.

  n8n editor        ${stack.main.url}   (log in as ${OWNER.email} / ${OWNER.password})
  Webhook processor ${stack.webhook.url}   (the gateway's webhook URLs point here)
  Workers           ${stack.workers.length}, health checks on ${stack.workers.map((worker) => worker.url).join(', ')}
  Redis             127.0.0.1:${stack.redis.port}     Postgres 127.0.0.1:${stack.postgres.port} (database n8n, user n8n)
  Gateway           ${emulator.url}   (emulator; credential "Messaging Gateway account" points here)

Package check before traffic (every process type loads it from its own user folder):
${preflight.map((finding) => `  ${finding.process.padEnd(15)} ${finding.ok ? 'ok' : 'MISSING'}`).join('\n')}

Workflows: ${Object.values(demo.workflows)
			.map((entry) => `"${entry.workflow.name}"`)
			.join(', ')}.

${walkThrough(emulator, stack.webhook.url, demo.webhookHeader)}

  # Which worker ran each execution ("Worker started execution N")
  grep -H 'Worker started execution' ${stack.workers.map((worker) => worker.logFile).join(' ')}

Logs:
${logs.join('\n')}

Ctrl-C stops n8n, Redis, Postgres and the emulator and removes ${stack.dir}.`);
	} catch (error) {
		console.error(`npm run dev:queue failed: ${(error as Error).message}`);
		await stop(1);
	}
}

void main();
