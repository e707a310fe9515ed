/** Workflows the end-to-end tests build by hand: a Messaging Gateway node, and nodes connected one after the other. */
import { PACKAGE_NAME } from '../../tools/n8n-install';

/** A Messaging Gateway action node at x, with the credential placeholder importWorkflow fills in. */
export const gatewayNode = (
	name: string,
	parameters: Record<string, unknown>,
	x: number,
	{ typeVersion = 4, executeOnce = false } = {},
) => ({
	name,
	parameters,
	type: `${PACKAGE_NAME}.messagingGateway`,
	typeVersion,
	position: [x, 0],
	executeOnce,
	credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Messaging Gateway account' } },
});

/** The connections of nodes run one after the other, in the order named. */
export const chainConnections = (names: readonly string[]) =>
	Object.fromEntries(
		names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]),
	);
