/**
 * The conversation benchmark's table (bench/conversations.ts measures): for each set-up, the rate and
 * latency of answers through the trigger next to answers posted straight to n8n's resume URLs.
 */
import type { ConversationResult } from './conversations';

export interface ConversationRow {
	label: string;
	result: ConversationResult;
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
/** The best rate the trigger path could have: a direct answer and the hop's request, one after the other, on the same CPUs. */
const inSeries = ({ direct, hop }: ConversationResult) => 1 / (1 / direct.rate + 1 / hop.rate);
/** The goal: through the trigger at least 0.8× the direct rate and a p99 within 1.5×, every answer right. */
const meetsGoal = ({ trigger, direct, right, questions }: ConversationResult) =>
	trigger.rate >= 0.8 * direct.rate && trigger.p99 <= 1.5 * direct.p99 && right === questions;

export function conversationTable(rows: ConversationRow[]): string[] {
	const lines = [
		'| set-up | questions waiting | resumed with the right answer | cross-wired | through the trigger: resumed/s, p50, p99 | straight to the resume URL: resumed/s, p50, p99 | the trigger hop alone: answers/s, p99 | rate, trigger ÷ direct (median of per-round ratios) | p99, trigger ÷ direct | trigger ÷ (direct and the hop in series) | n8n CPU ms per answer: trigger, direct, hop alone | goal |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const { label, result } of rows) {
		const path = (p: ConversationResult['trigger']) =>
			`${p.rate.toFixed(1)}/s, ${(p.p50 / 1000).toFixed(2)} s, ${(p.p99 / 1000).toFixed(2)} s`;
		lines.push(
			`| ${label} | ${result.questions} | ${result.right}/${result.questions} | ${result.crossWired} | ${path(result.trigger)} | ${path(result.direct)} | ${result.hop.rate.toFixed(1)}/s, ${(result.hop.p99 / 1000).toFixed(2)} s | **${ratio(result.trigger.rate, result.direct.rate)}** (${result.medianRoundRatio.toFixed(2)}×) | **${ratio(result.trigger.p99, result.direct.p99)}** | ${ratio(result.trigger.rate, inSeries(result))} | ${[result.trigger, result.direct, result.hop].map((p) => p.cpuMsPerAnswer.toFixed(1)).join(', ')} | ${meetsGoal(result) ? 'met' : 'not met'} |`,
		);
	}
	return lines;
}

/** Part 5 of bench/RESULTS.md, with its heading: how it was measured, the table, and what explains the gap. */
export function conversationSection(
	rows: ConversationRow[],
	{
		n8nVersion,
		measuredAt,
		inFlight,
		rounds,
		warmUp,
	}: { n8nVersion: string; measuredAt: Date; inFlight: number; rounds: number; warmUp: number },
): string {
	const answers = rows[0]?.result.trigger.answers ?? 0;
	return `## 5. Conversations: Send and Wait for Response

n8n ${n8nVersion}, measured ${measuredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Questions of a Send and Wait for Response node
(approval) wait at once; each gets one answer, ${answers} through each path, ${inFlight} in flight: a signed reply that
the emulator (as the gateway) posts to the Messaging Gateway Trigger, which hands it to the waiting execution, or the
same reply posted straight to n8n's resume URL (the floor). The paths take turns in ${rounds} rounds, the order reversed
every other round, after an untimed warm-up of ${warmUp} each; a round is timed from its first answer to the end
(\`stoppedAt\`) of the last execution it resumed, and an answer's latency is from sending it to the end of the
execution it resumed. "The trigger hop alone" is a signed incoming SMS that answers no question, through the emulator
to the same trigger (verified, nothing to hand on, nothing started): what the extra webhook request costs without the
forward. Every execution is checked afterwards: resumed by its own question's reply, with its own approval.
Goal: through the trigger at least 0.8× the direct rate, p99 within 1.5×.

${conversationTable(rows).join('\n')}

The trigger path is the direct path plus one more webhook request to n8n. "n8n CPU ms per answer" is the CPU time of
every n8n process (all threads, user + system, from \`/proc/<pid>/stat\`) over a path's rounds, divided by its answers,
including n8n's answers to this benchmark's polls: the cost that does not depend on how the two cores were shared.
On n8n 2.x's default expression engine n8n creates a new expression isolate (a V8 isolate, used once and disposed) for
every webhook request of every trigger but its own Webhook node, before the node runs (\`webhookPhaseNeedsIsolate\` in
n8n's \`live-webhooks.js\`) and whether or not the node evaluates an expression; the waiting webhook and the resumed
execution take one each too. So an answer through the trigger costs n8n three isolates where a direct one costs two,
and the hop alone costs about as much CPU as a whole direct answer. With \`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true\`
(an n8n setting: an isolate is created only when an expression is evaluated) the trigger evaluates none, and its hop
costs n8n a few milliseconds. On the legacy engine nothing creates isolates, a whole answer costs n8n a few tens of
milliseconds, and the hop's few milliseconds are a larger share of it. The column "direct and the hop in series"
compares the trigger path with the best any forwarder could do through one more n8n webhook request, as measured here:
a direct answer and the hop alone, one after the other (1 / (1/direct + 1/hop)). Our node's own code inside n8n takes
about half a millisecond per request (part 2b's profile). Rates move between runs on this shared 2-core machine
(docs/send-and-wait.md lists the runs of the day this was measured); the CPU per answer moves much less.
`;
}
