/**
 * A scripted OpenAI-compatible chat model for driving n8n's AI Agent in tests: n8n's OpenAI Chat
 * Model (node version 1.2) with the `openAiApi` credential's Base URL pointed here speaks
 * non-streaming `POST /v1/chat/completions`. Every request is recorded as received.
 *
 * The script is in the conversation itself, so concurrent agents never share state:
 * - a user message `CALL <tool> <JSON arguments>` (one per line) → those tool calls, all in one reply;
 *   a line `THEN` starts the calls of the model's next turn, made once the first turn's results came back;
 * - after tool results (the last message has role `tool`) and no turn left → a final answer quoting every result;
 * - any other user message → the answer `ECHO <history>`: every earlier user message of the
 *   conversation, joined by " | " (so a test reads which history the agent sent), cut to `maxAnswer`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
	role: string;
	content?: string | null;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
	stream?: boolean;
}

export interface ScriptedModel {
	/** The Base URL for the credential: `http://127.0.0.1:<port>/v1`. */
	url: string;
	requests: ChatRequest[];
	/** Recorded requests whose messages contain `text`. */
	requestsWith(text: string): ChatRequest[];
	close(): Promise<void>;
}

const textOf = (message: ChatMessage): string => (typeof message.content === 'string' ? message.content : '');

/** The calls of turn `turn` (0: the first) of a prompt: `CALL` lines, turns separated by `THEN` lines. */
function toolCalls(prompt: string, turn: number, id: number) {
	const turns = prompt.split(/^\s*THEN\s*$/m);
	return (turns[turn] ?? '')
		.split('\n')
		.map((line) => /^CALL (\S+) (.+)$/.exec(line.trim()))
		.filter((match): match is RegExpExecArray => match !== null)
		.map((match, index) => ({
			id: `call_${id}_${index}`,
			type: 'function',
			function: { name: match[1], arguments: match[2] },
		}));
}

/** The scripted reply to one request (see the file's comment); `id` numbers its tool calls. */
export function scriptedReply(request: ChatRequest, id: number, maxAnswer: number) {
	const lastUser = request.messages.map((message) => message.role).lastIndexOf('user');
	const prompt = lastUser < 0 ? '' : textOf(request.messages[lastUser]);
	// The turns already made: n8n may put one turn's calls into an assistant message each, so they are
	// counted by the reply that made them, which the calls' ids name (`call_<reply>_<index>`).
	const made = request.messages
		.slice(lastUser + 1)
		.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : []));
	const turn = new Set(made.map((call) => call.id.split('_')[1])).size;
	const calls = toolCalls(prompt, turn, id);
	if (calls.length > 0) return { role: 'assistant', content: null, tool_calls: calls };
	if (request.messages.at(-1)?.role === 'tool') {
		const results = request.messages.filter((message) => message.role === 'tool').map(textOf);
		return { role: 'assistant', content: `DONE ${results.join(' | ')}` };
	}
	const history = request.messages.filter((message) => message.role === 'user').map(textOf);
	return { role: 'assistant', content: `ECHO ${history.join(' | ')}`.slice(0, maxAnswer) };
}

export async function startScriptedModel({ maxAnswer = 400 } = {}): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			res.setHeader('Content-Type', 'application/json');
			if (req.method === 'GET' && req.url === '/v1/models') {
				res.end(JSON.stringify({ object: 'list', data: [{ id: 'scripted-model', object: 'model' }] }));
				return;
			}
			if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
				res.writeHead(404).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
				return;
			}
			const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
			requests.push(request);
			const message = scriptedReply(request, requests.length, maxAnswer);
			const finishReason = message.tool_calls ? 'tool_calls' : 'stop';
			res.end(
				JSON.stringify({
					id: `chatcmpl-${requests.length}`,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: request.model,
					choices: [{ index: 0, finish_reason: finishReason, message }],
					usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		requestsWith: (text) =>
			requests.filter((request) => request.messages.some((message) => textOf(message).includes(text))),
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
