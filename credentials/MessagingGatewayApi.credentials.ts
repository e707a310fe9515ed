import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { NO_REDIRECTS, REDIRECT_STATUSES } from '../nodes/MessagingGateway/constants';
import { API_ERROR_CODES } from '../nodes/MessagingGateway/core/codes';

const INVALID_CREDENTIALS = API_ERROR_CODES['104'];

/** What the credential test says of a redirect, which it does not follow. */
const redirectRefused = (status: number) =>
	`The Base URL answered HTTP ${status}, a redirect to another address: not followed, so the API key and secret went nowhere else. Set Base URL to the gateway's API address itself.`;

export class MessagingGatewayApi implements ICredentialType {
	name = 'messagingGatewayApi';

	displayName = 'Messaging Gateway API';

	icon: Icon = {
		light: 'file:../nodes/MessagingGateway/messagingGateway.svg',
		dark: 'file:../nodes/MessagingGateway/messagingGateway.dark.svg',
	};

	// The build rebuilds this from package.json's homepage (gulpfile.js). A page, not a #section: n8n appends ?utm_….
	documentationUrl = 'https://github.com/OWNER/n8n-nodes-messaging-gateway/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.smsgatewayapi.com',
			description:
				"Root URL of the gateway API, without /v1: https://api.smsgatewayapi.com, or the vendor's other public host https://api.smstools.com. Change it for a white-label host or the local emulator (e.g. http://127.0.0.1:8787).",
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "The gateway dashboard's Client ID (the API key of your account), sent as the X-Client-Id header",
		},
		{
			displayName: 'API Secret',
			name: 'apiSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"The gateway dashboard's Client Secret (the API secret of your account), sent as the X-Client-Secret header",
		},
		{
			displayName: 'Account Time Zone',
			name: 'accountTimeZone',
			type: 'string',
			default: '',
			placeholder: 'e.g. Europe/Amsterdam',
			description:
				"IANA time zone of the gateway account (its settings show it). The gateway reads a scheduled send's date in this zone; empty means the workflow's time zone, which is wrong when the two differ.",
		},
		{
			displayName: 'Webhook Signing Secret',
			name: 'signingSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'The signing secret set on your webhook URL in the gateway. The trigger uses it to check that each request comes from the gateway; when empty, the trigger refuses every request unless its option Accept Unsigned Requests is on.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-Client-Id': '={{$credentials.apiKey}}',
				'X-Client-Secret': '={{$credentials.apiSecret}}',
			},
		},
	};

	// GET /v1/auth checks the key and secret and sends nothing, so it costs nothing. A wrong pair is
	// answered 401 with code 104 (docs/gateway-api.md#api-errors): say what the node says for that code.
	// Like every request of the package it follows no redirect: a 3xx fails the test, named.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/auth',
			...NO_REDIRECTS,
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: `${INVALID_CREDENTIALS.name} (gateway code 104): ${INVALID_CREDENTIALS.meaning}`,
				},
			},
			...REDIRECT_STATUSES.map((status) => ({
				type: 'responseCode' as const,
				properties: { value: status, message: redirectRefused(status) },
			})),
		],
	};
}
