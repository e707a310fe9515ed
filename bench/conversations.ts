/**
 * Send and Wait for Response under load, in a real n8n with the emulator as the gateway: questions
 * wait at once, then each gets its answer — half as a signed reply through the Messaging Gateway
 * Trigger (the emulator signs it and posts it to the trigger, which hands it on to the waiting
 * execution), half posted straight to n8n's resume URL, the floor the trigger's extra hop is compared
 * with. The two paths take turns in rounds (the order reversed every other round) after an untimed
 * warm-up, and every round waits until n8n has finished each execution it resumed: "resumed" is the
 * execution's own end (`stoppedAt`), so work n8n does after answering a request is counted where it
 * belongs. Every answer must resume its own question with its own answer.
 * Run: `npm run bench:conversations` (one n8n, each expression-engine set-up, then queue mode);
 * `npm run bench` writes the same table to bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';

import { waitFor } from '../tools/waits';
import { askQuestions, idsWith, inFlight, SENDER, setUpWorkflows, type ConversationSetUp, type Question } from './conversations-setup';

export const ROUNDS = 4;
export const WARM_UP = 10;

export interface PathResult {
	answers: number;
	/** Answers per second, each round timed from its first answer to the end of its last resumed execution. */
	rate: number;
	/** Reply sent → resumed execution finished, ms. */
	p50: number;
	p99: number;
	/** Each round's rate, in round order. */
	roundRates: number[];
	/** CPU time of every n8n process (all threads, user + system) per answer, ms. */
	cpuMsPerAnswer: number;
}

interface Round {
	wallMs: number;
	latencies: number[];
	cpuMs: number;
}

/** CPU time so far of the processes, all threads, user + system, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pids: number[]): number {
	let ticks = 0;
	for (const pid of pids) {
		// Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
		ticks += Number(fields[11]) + Number(fields[12]);
	}
	return ticks * 10;
}

export interface ConversationResult {
	questions: number;
	trigger: PathResult;
	direct: PathResult;
	/** The trigger's hop without a forward (answered, nothing started): its rate and answer latency. */
	hop: PathResult;
	/** Questions resumed with their own answer, and with another's (warm-up included). */
	right: number;
	crossWired: number;
	/** Median of the per-round rate ratios, trigger ÷ direct. */
	medianRoundRatio: number;
}

const say = (line: string) => process.stderr.write(`[conversations] ${line}\n`);
export const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const answerOf = (question: Question) => (Number(question.to.slice(4, 7)) % 2 === 0 ? 'yes' : 'no');

type Answer = (question: Question) => Promise<void>;

/** A signed reply as the gateway sends it: the emulator builds the inbox_message, signs it and posts it to the trigger. */
const throughTrigger = (setUp: ConversationSetUp): Answer => async (question) => {
	const response = await fetch(`${setUp.emulator.url}/emulator/inbound?wait=true`, { method: 'POST', body: JSON.stringify({ replyTo: question.messageid, content: answerOf(question) }) });
	if (!response.ok) throw new Error(`inbound ${response.status}`);
};

/** The same reply posted straight to the question's resume URL, rebuilt from its reference. */
const straightToResumeUrl = (setUp: ConversationSetUp): Answer => async (question) => {
	const [, executionId, nodeId, signature] = question.reference.split(':');
	const event = { webhook_id: `wh_${question.messageid}`, webhook_type: 'inbox_message', message: { sender: question.to, receiver: SENDER, content: answerOf(question) }, isreply: { reply: true, orig_messageid: question.messageid, orig_receiver: question.to, orig_reference: question.reference } };
	const response = await fetch(`${setUp.webhookBase}/webhook-waiting/${executionId}/${nodeId}?signature=${signature}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event) });
	if (!response.ok) throw new Error(`resume ${response.status}`);
};

/**
 * The trigger's hop alone: a signed incoming SMS that answers no question, through the emulator to the
 * trigger, which verifies it, finds nothing to hand on and nothing to start, and answers. What n8n and
 * the emulator spend on the extra webhook request, without the forward.
 */
async function hopRound(setUp: ConversationSetUp, count: number): Promise<Round> {
	const latencies: number[] = [];
	const cpuBefore = cpuMsOf(setUp.n8nPids);
	const started = Date.now();
	await inFlight(Array.from({ length: count }, (_, i) => i), async (i) => {
		const begin = Date.now();
		const response = await fetch(`${setUp.emulator.url}/emulator/inbound?wait=true`, { method: 'POST', body: JSON.stringify({ from: '31699999999', to: SENDER, content: `hello ${i}` }) });
		if (!response.ok) throw new Error(`inbound ${response.status}`);
		latencies.push(Date.now() - begin);
	});
	return { wallMs: Date.now() - started, latencies, cpuMs: cpuMsOf(setUp.n8nPids) - cpuBefore };
}

/** Whether n8n has finished every one of these executions: none runs, none of them still waits. */
async function allFinished(setUp: ConversationSetUp, workflowId: string, ids: Set<string>): Promise<boolean> {
	if ((await idsWith(setUp, workflowId, 'running')).size > 0) return false;
	const waiting = await idsWith(setUp, workflowId, 'waiting');
	return ![...ids].some((id) => waiting.has(id));
}

/**
 * Answers `questions`, then waits until n8n has finished each resumed execution (none of the round still
 * waiting or running); wall time and latencies from n8n's `stoppedAt`, CPU time up to that moment.
 */
async function answerRound(setUp: ConversationSetUp, questionsWorkflow: string, questions: Question[], answer: Answer): Promise<Round> {
	const sentAt = new Map<string, number>();
	const ids = new Set(questions.map((question) => question.executionId));
	const cpuBefore = cpuMsOf(setUp.n8nPids);
	const started = Date.now();
	await inFlight(questions, async (question) => {
		sentAt.set(question.executionId, Date.now());
		await answer(question);
	});
	await waitFor(() => allFinished(setUp, questionsWorkflow, ids), { what: 'the round resumed', timeoutMs: 300_000, intervalMs: 500 });
	const cpuMs = cpuMsOf(setUp.n8nPids) - cpuBefore;
	const finished = (await setUp.client.executions(questionsWorkflow, { includeData: false })).filter((e) => ids.has(e.id) && e.stoppedAt);
	if (finished.length !== ids.size) throw new Error(`${ids.size - finished.length} executions of the round did not finish`);
	const stopped = finished.map((execution) => ({ id: execution.id, at: Date.parse(String(execution.stoppedAt)) }));
	return { wallMs: Math.max(...stopped.map(({ at }) => at)) - started, latencies: stopped.map(({ id, at }) => at - sentAt.get(id)!), cpuMs };
}

function pathResult(rounds: Round[]): PathResult {
	const latencies = rounds.flatMap((round) => round.latencies);
	const wallMs = rounds.reduce((sum, round) => sum + round.wallMs, 0);
	return {
		answers: latencies.length,
		rate: (latencies.length * 1000) / wallMs,
		p50: quantile(latencies, 0.5),
		p99: quantile(latencies, 0.99),
		roundRates: rounds.map((round) => (round.latencies.length * 1000) / round.wallMs),
		cpuMsPerAnswer: rounds.reduce((sum, round) => sum + round.cpuMs, 0) / latencies.length,
	};
}

/** Questions resumed with exactly their own answer (message id, number, approval), and executions resumed with another's. */
async function checkAnswers(setUp: ConversationSetUp, questionsWorkflow: string, questions: Question[]): Promise<{ right: number; crossWired: number }> {
	const byExecution = new Map(questions.map((question) => [question.executionId, question]));
	let right = 0;
	let crossWired = 0;
	for (const execution of await setUp.client.executions(questionsWorkflow)) {
		const question = byExecution.get(execution.id);
		const output = execution.data?.resultData.runData.Ask?.[0]?.data?.main[0][0]?.json as { messageid?: string; approved?: boolean; to?: string } | undefined;
		if (!question || output?.messageid === undefined) continue;
		if (output.messageid === question.messageid && output.to === question.to && output.approved === (answerOf(question) === 'yes')) right++;
		else crossWired++;
	}
	return { right, crossWired };
}

/** `count` answers per path (plus an untimed warm-up of WARM_UP each), in ROUNDS rounds taking turns. */
export async function measureConversations(setUp: ConversationSetUp, count: number): Promise<ConversationResult> {
	const { questionsWorkflow, askUrl } = await setUpWorkflows(setUp);
	const total = 2 * (count + WARM_UP);
	say(`asking ${total} questions`);
	const questions = await askQuestions(setUp, askUrl, questionsWorkflow, total);
	const paths = { trigger: throughTrigger(setUp), direct: straightToResumeUrl(setUp) };
	const warmUp = questions.slice(0, 2 * WARM_UP);
	await answerRound(setUp, questionsWorkflow, warmUp.slice(0, WARM_UP), paths.trigger);
	await answerRound(setUp, questionsWorkflow, warmUp.slice(WARM_UP), paths.direct);
	const timed = questions.slice(2 * WARM_UP);
	const perRound = Math.ceil(count / ROUNDS);
	const rounds: Record<'trigger' | 'direct' | 'hop', Round[]> = { trigger: [], direct: [], hop: [] };
	await hopRound(setUp, WARM_UP);
	for (let round = 0; round < ROUNDS; round++) {
		rounds.hop.push(await hopRound(setUp, perRound));
		const order = round % 2 === 0 ? (['trigger', 'direct'] as const) : (['direct', 'trigger'] as const);
		for (const [turn, path] of order.entries()) {
			const start = (2 * round + turn) * perRound;
			const batch = timed.slice(start, Math.min(start + perRound, timed.length));
			if (batch.length === 0) continue;
			rounds[path].push(await answerRound(setUp, questionsWorkflow, batch, paths[path]));
			say(`round ${round + 1}, ${path}: ${batch.length} answers, ${((batch.length * 1000) / rounds[path].at(-1)!.wallMs).toFixed(1)}/s`);
		}
	}
	const { right, crossWired } = await checkAnswers(setUp, questionsWorkflow, questions);
	const trigger = pathResult(rounds.trigger);
	const direct = pathResult(rounds.direct);
	const hop = pathResult(rounds.hop);
	const ratios = trigger.roundRates.map((rate, i) => rate / direct.roundRates[i]);
	return { questions: total, trigger, direct, hop, right, crossWired, medianRoundRatio: quantile(ratios, 0.5) };
}
