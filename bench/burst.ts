/**
 * One signed webhook request that names 300 waiting questions (Send and Wait for Response), as a gateway
 * sends a backlog in one body: how long the trigger takes to answer it, and how many deliveries the
 * gateway needs until every question has resumed (the trigger hands on at most 100 per request within a
 * 3 s budget and answers 503 for the rest; redelivered events it settled cost nothing). Beside it, in the
 * same run, the same 300 replies naming no question (the trigger verifies, parses and answers them
 * without forwarding). Real n8n 2.x with the emulator as the gateway.
 * `npm run bench:burst [-- questions]`; `-- --small` (bench/size.ts): 5 questions.
 */
import { buildEvent } from '../emulator/events';
import { startEmulator } from '../emulator/server';
import { generateTestHeaders } from '../nodes/MessagingGateway/core/events/signature';
import { N8nClient } from '../tools/n8n-client';
import { ensureN8n } from '../tools/n8n-install';
import { startN8n, stopN8nOnExit } from '../tools/n8n-process';
import { waitFor } from '../tools/waits';
import { askQuestions, idsWith, setUpWorkflows, type ConversationSetUp, type Question } from './conversations-setup';
import { sized } from './size';

export const QUESTIONS = sized(300, 5);
/** Deliveries the gateway makes before it gives up, as the emulator's default `maxAttempts` and more. */
const MAX_DELIVERIES = 10;

interface Delivery {
	status: number;
	ms: number;
	/** Questions whose execution has finished after this delivery, all deliveries so far. */
	finished: number;
}

const say = (line: string) => process.stderr.write(`[burst] ${line}\n`);

/** One body of replies; with `toQuestions`, each names its question's reference, as the gateway's `isreply` does. */
function replies(questions: Question[], account: Parameters<typeof buildEvent>[1], toQuestions: boolean): string {
	const events = questions.map((question) =>
		buildEvent('inbox_message', account, {
			message: { sender: question.to, content: 'yes' },
			...(toQuestions
				? {
						isreply: {
							reply: true,
							orig_messageid: question.messageid,
							orig_receiver: question.to,
							orig_reference: question.reference,
						},
					}
				: {}),
		}),
	);
	return JSON.stringify(events);
}

/** Delivers `body` until the trigger answers 2xx, as the gateway redelivers after a 503; `finished()` counts the questions done. */
async function deliver(
	url: string,
	body: string,
	secret: string,
	finished: () => Promise<number>,
): Promise<Delivery[]> {
	const deliveries: Delivery[] = [];
	for (let attempt = 0; attempt < MAX_DELIVERIES; attempt++) {
		const started = performance.now();
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...generateTestHeaders(body, secret) },
			body,
		});
		const ms = Math.round(performance.now() - started);
		await response.arrayBuffer();
		deliveries.push({ status: response.status, ms, finished: await finished() });
		if (response.ok) return deliveries;
	}
	throw new Error(`no 2xx answer in ${MAX_DELIVERIES} deliveries: ${deliveries.map((d) => d.status).join(', ')}`);
}

const row = (label: string, deliveries: Delivery[]) =>
	`| ${label} | ${deliveries.length} | ${deliveries.map((d) => `${d.status} in ${(d.ms / 1000).toFixed(2)} s (${d.finished} done)`).join('; ')} | ${(Math.max(...deliveries.map((d) => d.ms)) / 1000).toFixed(2)} s |`;

/**
 * The table rows: `questions` asked on `setUp`'s n8n, the baseline body, then the body answering every question,
 * delivered until each is answered 2xx and every question has resumed.
 */
export async function burstRows(setUp: ConversationSetUp, questions: number): Promise<string[]> {
	const { emulator } = setUp;
	const { questionsWorkflow, askUrl, triggerUrl } = await setUpWorkflows(setUp);
	say(`asking ${questions} questions`);
	const asked = await askQuestions(setUp, askUrl, questionsWorkflow, questions);
	const secret = emulator.account.signingSecret;
	say('the same replies naming no question (baseline)');
	const finished = async () => (await idsWith(setUp, questionsWorkflow, 'success')).size;
	const baseline = await deliver(triggerUrl, replies(asked, emulator.account, false), secret, finished);
	say(`one body answering all ${questions}`);
	const burst = await deliver(triggerUrl, replies(asked, emulator.account, true), secret, finished);
	await waitFor(async () => (await finished()) >= questions, {
		what: 'every question resumed',
		timeoutMs: 300_000,
		intervalMs: 1000,
	});
	const waiting = (await idsWith(setUp, questionsWorkflow, 'waiting')).size;
	return [
		'| body | deliveries | each delivery | longest answer |',
		'|---|---|---|---|',
		row(`${questions} replies naming no question (baseline)`, baseline),
		row(`${questions} replies answering ${questions} waiting questions`, burst),
		'',
		`Finished: ${await finished()} of ${questions} questions (one execution each); still waiting: ${waiting}.`,
	];
}

async function main() {
	const given = process.argv.slice(2).find((arg) => arg !== '--small');
	const questions = given === undefined ? QUESTIONS : Number(given);
	stopN8nOnExit();
	const emulator = await startEmulator({ settings: { deliveryDelayMs: 600_000 } });
	const install = ensureN8n();
	const n8n = await startN8n(install, { env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' } });
	try {
		const client = await N8nClient.setUp(n8n.url);
		const rows = await burstRows({ emulator, client, webhookBase: n8n.url, n8nPids: [n8n.process.pid!] }, questions);
		process.stdout.write(
			[
				`n8n ${install.version} with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true, ${questions} questions waiting; each delivery: status, time to the trigger's answer, questions finished so far (executions counted after it).`,
				'',
				...rows,
				'',
			].join('\n'),
		);
	} finally {
		await n8n.stop();
		await emulator.close();
	}
}

if (require.main === module) {
	main().catch((error) => {
		process.stderr.write(`${(error as Error).stack}\n`);
		process.exit(1);
	});
}
