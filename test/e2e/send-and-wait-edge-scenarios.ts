/**
 * The Send and Wait for Response scenarios past approval (declared by send-and-wait-scenarios.ts, in its
 * order): free text, delivery reports, forged and foreign references, a gateway echoing the request,
 * timeouts and a wait limit n8n cannot store.
 */
import type { Execution } from '../../tools/n8n-client';
import { waitFor } from '../../tools/waits';
import type { Question, SentSms, conversationWorld } from './send-and-wait-world';

/** Declares the tests on the scenarios' world; `timingOut` holds the question with a 3 s wait limit asked first. */
export function sendAndWaitEdgeScenarios(
	world: ReturnType<typeof conversationWorld>,
	timingOut: { question?: Question },
) {
	const { control, newNumber, startQuestion, executionById, ask, reply, isWaiting, answerOf, sendPlainSms } = world;

	test("Get Unanswered in the trigger's workflow leaves out the reply that resumed a question", async () => {
		const question = await ask({ responseType: 'approval' });
		await reply(question.sms, 'YES');
		await answerOf(question);
		const to = question.sms.to;
		await control('POST', '/emulator/inbound?wait=true', { from: to, content: 'Call me tomorrow' });
		// The conversation: the question, "YES" (the trigger handed it on, and n8n kept that), "Call me tomorrow".
		expect(await world.unansweredAfter(to, 'Call me tomorrow')).toMatchObject({
			phone: to,
			text: 'Call me tomorrow',
			count: 1,
			isLatest: true,
		});
	});

	test('free text: any reply from the number asked resumes it, as sent', async () => {
		const question = await ask({ responseType: 'freeText', message: 'What is the code on the parcel?' });
		expect(question.sms.content).toBe('What is the code on the parcel?');
		await reply(question.sms, ' Code 4711 ');
		const answer = await answerOf(question);
		expect(answer).toMatchObject({ reply: ' Code 4711 ', from: question.sms.to, messageid: question.sms.messageid });
		expect(answer).not.toHaveProperty('approved');
	});

	test('delivery report: resumes on the final report only (0 submitted comes first)', async () => {
		const question = await ask({ responseType: 'deliveryReport', message: 'Your parcel is on its way' });
		const answer = await answerOf(question);
		expect(answer).toEqual({
			delivered: true,
			delivery_code: '1',
			delivery_status: expect.any(String),
			messageid: question.sms.messageid,
			to: question.sms.to,
			channel: 'sms',
			webhook_id: expect.stringMatching(/^wh_/),
		});
		const reports = (await control(
			'GET',
			`/emulator/events?type=delivery_report&messageid=${question.sms.messageid}`,
		)) as unknown as Array<{ event: { message: { delivery_code: string } } }>;
		expect(reports.map((entry) => entry.event.message.delivery_code)).toEqual(['0', '1']);
	});

	test('a forged reply (a reference with a wrong signature) resumes nothing', async () => {
		const question = await ask({ responseType: 'approval' });
		const forged = question.sms.reference.replace(/[0-9a-f]{64}$/, '0'.repeat(64));
		const decoy = await sendPlainSms(forged, question.sms.to);
		await reply(decoy, 'yes');
		expect(await isWaiting(question)).toBe(true);
		await reply(question.sms, 'no');
		expect(await answerOf(question)).toMatchObject({ approved: false });
	});

	test('the trigger never forwards to another host, whatever a reference says', async () => {
		const port = new URL(world.receiver.url).port;
		const references = [
			`n8n-wait:1:x@127.0.0.1:${port}:${'a'.repeat(64)}`,
			`http://127.0.0.1:${port}/webhook-waiting/1/node?signature=${'a'.repeat(64)}`,
			`n8n-wait:1:..%2f..%2fhook:${'a'.repeat(64)}`,
			`n8n-wait:999999:node-1:${'a'.repeat(64)}`,
		];
		for (const reference of references) {
			const sms = await sendPlainSms(reference, newNumber());
			const response = (await reply(sms, 'yes')) as unknown as {
				deliveries: Array<{ state: string; attempts: Array<{ status: number }> }>;
			};
			// The trigger acknowledged it (2xx): nothing to forward, or n8n refused (unknown execution).
			expect(response.deliveries.map((delivery) => [delivery.state, delivery.attempts.at(-1)?.status])).toEqual([
				['delivered', 200],
			]);
		}
		expect(world.receiver.requests).toHaveLength(0);
	});

	test.each([400, 502])(
		"a gateway's HTTP %s echoing the request: the signature is nowhere in the saved execution or n8n's debug log",
		async (status) => {
			const to = newNumber();
			// On the send only: the trigger's workflow reads conversations (Get Unanswered) meanwhile.
			await control('POST', '/emulator/faults', { status, echo: true, path: '/v1/message/send' });
			const { workflowId } = await startQuestion({ responseType: 'approval' }, to);
			const [failed] = await world.client.finishedExecutions(workflowId, 1);
			expect(failed.status).toBe('error');
			// The signature the gateway received, taken from the request the emulator recorded.
			const requests = (await control('GET', '/emulator/requests')) as unknown as Array<{ path: string; body: string }>;
			const sent = requests
				.filter((request) => request.path === '/v1/message/send')
				.map((request) => JSON.parse(request.body) as SentSms)
				.find((body) => body.to === to);
			const signature = /^n8n-wait:\d+:[\w-]+:([0-9a-f]{64})$/.exec(sent?.reference ?? '')?.[1];
			expect(signature).toBeDefined();
			// The echo is in n8n's debug line of the failed run and in the saved error (the searches are not vacuous); the signature is in neither.
			const echoed = status === 400 ? /Invalid request/ : /The upstream did not answer this request/;
			const log = await waitFor(
				() =>
					world
						.wholeLog()
						.split('\n')
						.some((line) => line.includes('Workflow execution finished with error') && line.includes(workflowId)) &&
					world.wholeLog(),
				{
					what: "the failed run in n8n's debug log",
				},
			);
			expect(log).toMatch(echoed);
			expect(log).not.toContain(signature);
			const saved = JSON.stringify(await executionById(failed.id));
			expect(saved).toMatch(echoed);
			expect(saved).not.toContain(signature);
		},
	);

	test('timeout: a limit that runs out gives timedOut: true', async () => {
		const { question } = timingOut;
		if (question === undefined) throw new Error('the question with a wait limit was not asked (its test failed)');
		expect(await answerOf(question, 150_000)).toEqual({
			timedOut: true,
			messageid: question.sms.messageid,
			to: question.sms.to,
			channel: 'sms',
		});
	}, 180_000);

	test('a wait limit n8n cannot store (Amount 1e9 days) fails before sending, and the executions API still answers', async () => {
		const to = newNumber();
		const limit = {
			limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: '={{ 1e9 }}', resumeUnit: 'days' } },
		};
		const { workflowId } = await startQuestion({ responseType: 'approval', options: limit }, to);
		const [failed] = await world.client.finishedExecutions(workflowId, 1);
		expect(failed.status).toBe('error');
		expect(JSON.stringify(failed)).toContain('ends after the year 9999');
		expect(
			((await control('GET', '/emulator/messages')) as unknown as SentSms[]).some((message) => message.to === to),
		).toBe(false);
		// A wait n8n stored as no date made its public API answer 500 for every list of executions.
		const all = await world.client.api<{ data: Execution[] }>('GET', '/executions?limit=250');
		expect(all.data.some((execution) => execution.status === 'waiting' && execution.workflowId === workflowId)).toBe(
			false,
		);
	});
}
