/** Names both nodes share. */
export const CREDENTIAL_TYPE = 'messagingGatewayApi';
/** The gateway's public API host, used when the credential leaves Base URL empty. */
export const DEFAULT_BASE_URL = 'https://api.smsgatewayapi.com';
/** How long a request waits for the gateway unless a node option says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest a timer can wait in Node.js. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
