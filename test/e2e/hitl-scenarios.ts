/**
 * The HITL tool's scenarios, declared by ai-agents.test.ts and send-and-wait-queue.test.ts: an agent's
 * Send SMS gated by the Messaging Gateway HITL tool, driven by the scripted model, the approver's SMS
 * reply going through the Messaging Gateway Trigger (set-up and helpers: hitl-world.ts). One gated call
 * per turn here; several, and everything that must never approve, in hitl-gate-scenarios.ts.
 */
import { nodeOutput } from '../../tools/n8n-client';
import { SENDER } from './ai-agent-workflows';
import { hitlGateScenarios } from './hitl-gate-scenarios';
import { hitlWorld, REFUSAL, type HitlSetting, type Run, type Sms } from './hitl-world';

export type { HitlSetting } from './hitl-world';

/** Declares the tests; `setting()` is read in their beforeAll. */
export function hitlScenarios(setting: () => HitlSetting) {
	const w = hitlWorld(setting);
	const { newNumber, smsTo, runAgent, startAgent, nextSms, reply, finished, toolResults, expectNoLinkSent, execution } =
		w;

	let timeoutRun: Run & { question: Sms };

	test('approve: the question reads well as one SMS; "yes" runs the tool (the SMS goes out) and the model gets its result', async () => {
		// Started first, so that n8n's wait tracker has run it out by the last test.
		timeoutRun = await runAgent([[newNumber(), 'Checking in']], {
			approval: {
				options: {
					limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } },
				},
			},
		});
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Your parcel is on its way']]);
		expect(run.question).toMatchObject({
			sender: SENDER,
			content: `Allow Send SMS (to: ${recipient}; message: Your parcel is on its way)? Reply YES or NO`,
		});
		expect(await smsTo(recipient)).toEqual([]);
		await reply(run.question, 'Yes');
		await finished(run);
		const [sent] = await smsTo(recipient);
		expect(sent).toMatchObject({ sender: SENDER, content: 'Your parcel is on its way' });
		const results = toolResults(run);
		expect(results).toHaveLength(1);
		expect(results[0]).toContain(sent.messageid);
		expectNoLinkSent(run.question);
	});

	test('decline: "no" sends nothing and the model gets n8n\'s refusal', async () => {
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Refund approved']]);
		await reply(run.question, 'no');
		const done = await finished(run);
		expect(await smsTo(recipient)).toEqual([]);
		expect(toolResults(run)).toEqual([expect.stringContaining(REFUSAL)]);
		expect(String(nodeOutput(done, 'Agent')[0].output)).toContain(REFUSAL);
		expectNoLinkSent(run.question);
	});

	test('a question that cannot be sent (a sender name nobody can reply to) is a refusal: nothing is sent', async () => {
		const recipient = newNumber();
		const { prompt, approver, workflowId } = await startAgent([[[recipient, 'Hello']]], {
			approval: { sender: { __rl: true, mode: 'id', value: 'MyShop' } },
		});
		const [done] = await w.client().finishedExecutions(workflowId, 1, 60_000);
		expect(done.status).toBe('success');
		expect(await smsTo(approver)).toEqual([]);
		expect(await smsTo(recipient)).toEqual([]);
		expect(toolResults({ prompt })).toEqual([expect.stringContaining(REFUSAL)]);
	});

	test('an unclear reply gets the reminder and the question still waits; then a clear reply decides', async () => {
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Meeting moved to 3pm']], {
			approval: { options: { unclearReplyReminder: 'Please reply YES or NO' } },
		});
		await reply(run.question, 'what is this?');
		const reminder = await nextSms(run.approver, 1);
		expect(reminder.content).toBe('Please reply YES or NO');
		expect((await execution(run.executionId)).status).toBe('waiting');
		expect(w.requestsOf(run)).toHaveLength(1);
		await reply(reminder, 'yes');
		await finished(run);
		expect(await smsTo(recipient)).toHaveLength(1);
	});

	test('a reply from another number decides nothing', async () => {
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Door code 4711']]);
		await reply(run.question, 'yes', newNumber());
		expect((await execution(run.executionId)).status).toBe('waiting');
		await reply(run.question, 'no');
		await finished(run);
		expect(await smsTo(recipient)).toEqual([]);
		expect(toolResults(run)).toEqual([expect.stringContaining(REFUSAL)]);
	});

	hitlGateScenarios(w);

	test('timeout: a wait limit that runs out is a refusal; nothing is sent', async () => {
		await finished(timeoutRun, 150_000);
		expect(toolResults(timeoutRun)).toEqual([expect.stringContaining(REFUSAL)]);
		const to = JSON.parse(timeoutRun.prompt.slice(timeoutRun.prompt.indexOf('{'))).toolParameters.to as string;
		expect(await smsTo(to)).toEqual([]);
	}, 180_000);
}
