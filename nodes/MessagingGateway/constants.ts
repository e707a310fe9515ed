/** Names both nodes share. */
export const CREDENTIAL_TYPE = 'messagingGatewayApi';
/** The action node's description: one line, as n8n's own (Twilio: "Send SMS and WhatsApp messages or make phone calls"); the Tool variant shows it too. */
export const APP_DESCRIPTION = 'Send SMS and voice messages, and wait for replies';
/**
 * The webhook trigger's description. n8n's nodes panel and its trigger picker list the action node and the webhook
 * trigger as one entry ("Messaging Gateway", its actions and its triggers) and describe it, in both, with the
 * trigger's description (n8n's own Twilio and Slack entries read their trigger's words in both). So the trigger's
 * description says what the pair does, receiving first (the trigger picker) and sending in the same first words
 * (the nodes panel cuts a long description after about two lines).
 */
export const TRIGGER_DESCRIPTION =
	'Receive and send SMS, WhatsApp and voice messages: start workflows on incoming messages and delivery reports, send and wait for replies';
/** The gateway's public API host, used when the credential leaves Base URL empty. */
export const DEFAULT_BASE_URL = 'https://api.smsgatewayapi.com';
/** How long a request waits for the gateway unless a node option says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest a timer can wait in Node.js. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/**
 * The rule every request of this package follows, the credential test's included: a redirect is never
 * followed, so the credential's headers reach the Base URL's host only (n8n keeps them across hosts).
 */
export const NO_REDIRECTS = { disableFollowRedirect: true } as const;
/** The HTTP statuses that redirect; each is a failed request that names it. */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
