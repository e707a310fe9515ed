/** Names both nodes share. */
export const CREDENTIAL_TYPE = 'messagingGatewayApi';
/** The gateway's public API host, used when the credential leaves Base URL empty. */
export const DEFAULT_BASE_URL = 'https://api.smsgatewayapi.com';
