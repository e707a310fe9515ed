/** What the handler of an API endpoint (routes/api.ts's table) is given: shared by every routes/ file that answers one. */
import type { IncomingMessage } from 'node:http';

import type { Gateway } from '../gateway';
import type { State } from '../state';

/** An authenticated API request as its handler sees it; `params` are the path's `:name` segments, decoded, in order. */
export interface ApiCall {
	req: IncomingMessage;
	raw: Buffer;
	url: URL;
	params: string[];
	state: State;
	gateway: Gateway;
}
