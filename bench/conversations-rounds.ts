/**
 * One timed round of the conversations bench (conversations.ts): the two ways an answer reaches a waiting
 * question (a signed reply through the emulator and the trigger, or a post straight to n8n's resume URL),
 * the trigger's hop alone, and the CPU time n8n spent on them.
 */
import { readFileSync } from 'node:fs';

import { waitFor } from '../tools/waits';
import { idsWith, inFlight, SENDER, type ConversationSetUp, type Question } from './conversations-setup';

export interface Round {
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

export const answerOf = (question: Question) => (Number(question.to.slice(4, 7)) % 2 === 0 ? 'yes' : 'no');

export type Answer = (question: Question) => Promise<void>;

/** A signed reply as the gateway sends it: the emulator builds the inbox_message, signs it and posts it to the trigger. */
export const throughTrigger =
	(setUp: ConversationSetUp): Answer =>
	async (question) => {
		const response = await fetch(`${setUp.emulator.url}/emulator/inbound?wait=true`, {
			method: 'POST',
			body: JSON.stringify({ replyTo: question.messageid, content: answerOf(question) }),
		});
		if (!response.ok) throw new Error(`inbound ${response.status}`);
	};

/** The same reply posted straight to the question's resume URL, rebuilt from its reference. */
export const straightToResumeUrl =
	(setUp: ConversationSetUp): Answer =>
	async (question) => {
		const [, executionId, nodeId, signature] = question.reference.split(':');
		const event = {
			webhook_id: `wh_${question.messageid}`,
			webhook_type: 'inbox_message',
			message: { sender: question.to, receiver: SENDER, content: answerOf(question) },
			isreply: {
				reply: true,
				orig_messageid: question.messageid,
				orig_receiver: question.to,
				orig_reference: question.reference,
			},
		};
		const response = await fetch(
			`${setUp.webhookBase}/webhook-waiting/${executionId}/${nodeId}?signature=${signature}`,
			{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event) },
		);
		if (!response.ok) throw new Error(`resume ${response.status}`);
	};

/**
 * The trigger's hop alone: a signed incoming SMS that answers no question, through the emulator to the
 * trigger, which verifies it, finds nothing to hand on and nothing to start, and answers. What n8n and
 * the emulator spend on the extra webhook request, without the forward.
 */
export async function hopRound(setUp: ConversationSetUp, count: number): Promise<Round> {
	const latencies: number[] = [];
	const cpuBefore = cpuMsOf(setUp.n8nPids);
	const started = Date.now();
	await inFlight(
		Array.from({ length: count }, (_, i) => i),
		async (i) => {
			const begin = Date.now();
			const response = await fetch(`${setUp.emulator.url}/emulator/inbound?wait=true`, {
				method: 'POST',
				body: JSON.stringify({ from: '31699999999', to: SENDER, content: `hello ${i}` }),
			});
			if (!response.ok) throw new Error(`inbound ${response.status}`);
			latencies.push(Date.now() - begin);
		},
	);
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
export async function answerRound(
	setUp: ConversationSetUp,
	questionsWorkflow: string,
	questions: Question[],
	answer: Answer,
): Promise<Round> {
	const sentAt = new Map<string, number>();
	const ids = new Set(questions.map((question) => question.executionId));
	const cpuBefore = cpuMsOf(setUp.n8nPids);
	const started = Date.now();
	await inFlight(questions, async (question) => {
		sentAt.set(question.executionId, Date.now());
		await answer(question);
	});
	await waitFor(() => allFinished(setUp, questionsWorkflow, ids), {
		what: 'the round resumed',
		timeoutMs: 300_000,
		intervalMs: 500,
	});
	const cpuMs = cpuMsOf(setUp.n8nPids) - cpuBefore;
	const finished = (await setUp.client.executions(questionsWorkflow, { includeData: false })).filter(
		(e) => ids.has(e.id) && e.stoppedAt,
	);
	if (finished.length !== ids.size)
		throw new Error(`${ids.size - finished.length} executions of the round did not finish`);
	const stopped = finished.map((execution) => ({ id: execution.id, at: Date.parse(String(execution.stoppedAt)) }));
	return {
		wallMs: Math.max(...stopped.map(({ at }) => at)) - started,
		latencies: stopped.map(({ id, at }) => at - sentAt.get(id)!),
		cpuMs,
	};
}
