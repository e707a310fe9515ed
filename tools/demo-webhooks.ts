/**
 * How the demo's trigger workflows get the gateway's webhooks: registered by hand in the emulator (what a user does in
 * the gateway's webhook settings: the end-to-end tests' demos), or by the triggers themselves with Register Webhook
 * Automatically on (`npm run dev`, `npm run dev:queue`).
 */
import type { ExampleWorkflow } from './n8n-client';
import { waitFor } from './waits';

const isTrigger = (node: ExampleWorkflow['nodes'][number]) => node.type.endsWith('.messagingGatewayTrigger');

/** The workflow's Messaging Gateway Trigger, if it has one. */
export const triggerOf = (workflow: ExampleWorkflow) => workflow.nodes.find(isTrigger);

/** The workflow with Register Webhook Automatically on in its trigger. */
export function withSelfRegistration(workflow: ExampleWorkflow): ExampleWorkflow {
	const nodes = workflow.nodes.map((node) =>
		isTrigger(node)
			? {
					...node,
					parameters: { ...node.parameters, options: { ...(node.parameters.options as object), autoRegister: true } },
				}
			: node,
	);
	return { ...workflow, nodes };
}

/** Registers `url` for `types` in the emulator by hand. */
export async function registerByHand(emulatorUrl: string, url: string, types: string[]): Promise<void> {
	const response = await fetch(`${emulatorUrl}/emulator/webhooks`, {
		method: 'POST',
		body: JSON.stringify({ url, types, method: 'POST' }),
	});
	if (!response.ok) throw new Error(`registering ${url} failed: ${await response.text()}`);
}

/** Waits until the emulator lists a registration of each of `urls` (n8n 2.x activates triggers after answering). */
export async function registeredByTriggers(emulatorUrl: string, urls: string[]): Promise<void> {
	const listed = async () =>
		((await (await fetch(`${emulatorUrl}/emulator/webhooks`)).json()) as Array<{ url: string }>).map(
			(registration) => registration.url,
		);
	await waitFor(
		async () => {
			const all = await listed();
			return urls.every((url) => all.includes(url));
		},
		{
			what: `the triggers' own registrations of ${urls.join(', ')}`,
			timeoutMs: 60_000,
		},
	);
}
