/** Waits for a real n8n: until its webhooks answer. */

/** Right after activation a production webhook can answer 404 for a moment; wait until each is live. */
export async function waitForWebhooks(urls: string[], timeoutMs = 20_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (const url of urls) {
		for (;;) {
			// A GET without a signature reaches the trigger and is refused with 401: the route is live.
			const status = await fetch(url).then((response) => response.status, () => 0);
			if (status !== 404 && status !== 0) break;
			if (Date.now() > deadline) throw new Error(`webhook ${url} still answers ${status}`);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}
}
