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
import {
	answerOf,
	answerRound,
	hopRound,
	straightToResumeUrl,
	throughTrigger,
	type Round,
} from './conversations-rounds';
import { askQuestions, setUpWorkflows, type ConversationSetUp, type Question } from './conversations-setup';
import { sized } from './size';

export const ROUNDS = sized(4, 2);
export const WARM_UP = sized(10, 2);

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
export const quantile = (values: number[], q: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

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
async function checkAnswers(
	setUp: ConversationSetUp,
	questionsWorkflow: string,
	questions: Question[],
): Promise<{ right: number; crossWired: number }> {
	const byExecution = new Map(questions.map((question) => [question.executionId, question]));
	let right = 0;
	let crossWired = 0;
	for (const execution of await setUp.client.executions(questionsWorkflow)) {
		const question = byExecution.get(execution.id);
		const output = execution.data?.resultData.runData.Ask?.[0]?.data?.main[0][0]?.json as
			| { messageid?: string; approved?: boolean; to?: string }
			| undefined;
		if (!question || output?.messageid === undefined) continue;
		if (
			output.messageid === question.messageid &&
			output.to === question.to &&
			output.approved === (answerOf(question) === 'yes')
		)
			right++;
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
			say(
				`round ${round + 1}, ${path}: ${batch.length} answers, ${((batch.length * 1000) / rounds[path].at(-1)!.wallMs).toFixed(1)}/s`,
			);
		}
	}
	const { right, crossWired } = await checkAnswers(setUp, questionsWorkflow, questions);
	if (right + crossWired !== total) throw new Error(`${right + crossWired} of ${total} questions resumed`);
	const trigger = pathResult(rounds.trigger);
	const direct = pathResult(rounds.direct);
	const hop = pathResult(rounds.hop);
	const ratios = trigger.roundRates.map((rate, i) => rate / direct.roundRates[i]);
	return { questions: total, trigger, direct, hop, right, crossWired, medianRoundRatio: quantile(ratios, 0.5) };
}
