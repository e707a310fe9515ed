/** The emulator's faults and control API (webhooks of every type: emulator-webhooks.test.ts). */
import { api, emulator, send } from '../support/emulator-setup';

describe('faults and control API', () => {
	test.each([500, 503])('the next API call answers %i', async (status) => {
		await api('POST', '/emulator/faults', { status }, {});
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(status);
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(200);
	});

	test('429 with Retry-After, count 2', async () => {
		await api('POST', '/emulator/faults', { status: 429, retryAfter: 7, count: 2 }, {});
		for (let i = 0; i < 2; i++) {
			const response = await send({ message: 'x', to: '31612345678', sender: 'Shop' });
			expect(response.status).toBe(429);
			expect(response.headers.get('retry-after')).toBe('7');
		}
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(200);
	});

	test('after: the first calls are answered normally, then the fault applies count times', async () => {
		await api('POST', '/emulator/faults', { status: 500, after: 2, count: 2 }, {});
		const statuses = [];
		for (let i = 0; i < 5; i++) statuses.push((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status);
		expect(statuses).toEqual([200, 200, 500, 500, 200]);
	});

	test('path: only calls to that path meet the fault (and count for after); the others pass it by', async () => {
		await api('POST', '/emulator/faults', { status: 500, path: '/v1/optouts', after: 1, count: 1 }, {});
		const optOut = (number: string) => api('POST', '/v1/optouts', { number });
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(200);
		expect((await optOut('31612345601')).status).toBe(200);
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(200);
		expect((await optOut('31612345602')).status).toBe(500);
		expect((await optOut('31612345602')).status).toBe(200);
		expect((await api('POST', '/emulator/faults', { status: 500, path: 'optouts' }, {})).status).toBe(400);
	});

	test('hang: the call gets no answer', async () => {
		await api('POST', '/emulator/faults', { status: 'hang' }, {});
		const outcome = await Promise.race([
			send({ message: 'x', to: '31612345678', sender: 'Shop' }).then(() => 'answered'),
			new Promise((resolve) => setTimeout(() => resolve('no answer'), 300)),
		]);
		expect(outcome).toBe('no answer');
	});

	test('echo: a 4xx answers JSON whose errorMsg holds the request body, a 5xx an HTML page showing it', async () => {
		const body = JSON.stringify({ message: 'a <b> & c', to: '31612345678', sender: 'Shop', reference: 'order-1001' });
		await api('POST', '/emulator/faults', { status: 400, echo: true }, {});
		expect(await send(body)).toMatchObject({
			status: 400,
			body: { error: '105', errorMsg: `Invalid request: ${body}` },
		});
		await api('POST', '/emulator/faults', { status: 502, echo: true }, {});
		const page = await fetch(`${emulator.url}/v1/message/send`, { method: 'POST', body });
		expect([page.status, page.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);
		const html = await page.text();
		expect(html).toContain('order-1001');
		expect(html).not.toContain('<b>');
		expect((await send(body)).status).toBe(200);
	});

	test('apiLatencyMs delays every API answer', async () => {
		await api('PUT', '/emulator/settings', { apiLatencyMs: 150 }, {});
		const answer = send({ message: 'x', to: '31612345678', sender: 'Shop' });
		const outcome = await Promise.race([
			answer.then(() => 'answered'),
			new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100)),
		]);
		expect(outcome).toBe('still waiting');
		expect((await answer).status).toBe(200);
	});

	test('bad control input names what is wrong', async () => {
		expect((await api('POST', '/emulator/faults', { status: 418 }, {})).body).toEqual({
			error: '"status" must be 200, 400, 404, 429, 500, 502, 503 or "hang"',
		});
		expect((await api('PUT', '/emulator/account', { balance: 'lots' }, {})).body).toEqual({
			error: 'account field "balance" must be a number',
		});
		expect((await api('PUT', '/emulator/account', { timezone: 'Mars/Base' }, {})).body).toEqual({
			error: '"Mars/Base" is not an IANA time zone name',
		});
		expect((await api('POST', '/emulator/events', { type: 'nope' }, {})).status).toBe(400);
		expect((await api('POST', '/emulator/webhooks', { url: 'ftp://x' }, {})).body).toEqual({
			error: '"url" must be an absolute http(s) URL',
		});
	});

	test('requests and messages are listed', async () => {
		await send({ message: 'x', to: '31612345678', sender: 'Shop' });
		const requests = (await api('GET', '/emulator/requests', undefined, {})).body as unknown as Array<
			Record<string, unknown>
		>;
		expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/message/send', status: 200 });
		const messages = (await api('GET', '/emulator/messages', undefined, {})).body as unknown as Array<
			Record<string, unknown>
		>;
		expect(messages[0]).toMatchObject({ to: '31612345678', segments: 1, encoding: 'GSM-7', cost: 1 });
	});
});
