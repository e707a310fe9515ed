/**
 * A careless gateway's inbox over HTTP on 127.0.0.1, for the Inbox Trigger and Get Many: `GET
 * /v1/message/inbox` paged as the gateway pages (`page`, `limit`, emulator/paging.ts), and answered the
 * ways a careless gateway answers (issue: each message once, never a short list in silence): a `total`
 * that lies or is left out, pages cut at `cap` records whatever `limit` asks, a `type` filter ignored,
 * messages deleted between two reads, answers that come late.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { readPaging } from '../../emulator/paging';
import type { GatewayCredentials } from './n8n-core';

export interface InboxMessage {
	ID: string;
	sender: string;
	receiver: string;
	message: string;
	date: string;
	type: string;
}

export interface Carelessness {
	order: 'oldestFirst' | 'newestFirst';
	/** The `total` sent: the true count, 0, the page's own count, none (a bare array), or three times the truth. */
	total: 'true' | 'zero' | 'shown' | 'none' | 'triple';
	/** At most this many records an answer; counted from (page − 1) × the `limit` asked, or × the cap ('own'). */
	cap?: number;
	capPages?: 'asked' | 'own';
	/** `?type=` is not applied. */
	ignoreType?: boolean;
	latencyMs?: number;
	/** Called before an inbox read is answered, with the read's number since the gateway started (from 1). */
	beforeRead?: (read: number) => void;
}

export class CarelessGateway {
	/** The inbox, oldest first. */
	readonly messages: InboxMessage[] = [];
	reads = 0;
	private nextId = 5_000_001;
	private server?: Server;

	constructor(public careless: Carelessness) {}

	get credentials(): GatewayCredentials {
		return {
			baseUrl: `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`,
			apiKey: 'careless-key',
			apiSecret: 'careless-secret',
		};
	}

	/** Adds `count` messages `<label> 1` … `<label> count`; returns their IDs. */
	receive(label: string, count: number, type = 'sms'): string[] {
		const added = Array.from({ length: count }, (_, i) => ({
			ID: String(this.nextId++),
			sender: '31612000077',
			receiver: '3197010000001',
			message: `${label} ${i + 1}`,
			date: '2026-11-26 10:00:00',
			type,
		}));
		this.messages.push(...added);
		return added.map((message) => message.ID);
	}

	/** Deletes `count` messages from index `from` of the inbox as stored (oldest first); their IDs. */
	delete(from: number, count: number): string[] {
		return this.messages.splice(Math.max(0, from), count).map((message) => message.ID);
	}

	async start(): Promise<this> {
		this.server = createServer((request, response) => {
			const url = new URL(request.url ?? '/', 'http://127.0.0.1');
			if (!url.pathname.startsWith('/v1/message/inbox')) return void response.writeHead(404).end();
			this.reads++;
			this.careless.beforeRead?.(this.reads);
			let status = 200;
			let body: string;
			try {
				body = JSON.stringify(this.answer(url.searchParams));
			} catch (error) {
				// The gateway's refusal of a `page` or `limit` out of range (emulator/paging.ts), as a 400.
				status = 400;
				body = JSON.stringify({
					error: (error as { code?: string }).code ?? 'unknown',
					errorMsg: (error as Error).message,
				});
			}
			const send = () => response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
			if (this.careless.latencyMs) setTimeout(send, this.careless.latencyMs);
			else send();
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return this;
	}

	private answer(query: URLSearchParams): unknown {
		const { page, limit: asked } = readPaging(query);
		const { order, cap, capPages, total, ignoreType } = this.careless;
		const type = query.get('type');
		const kept = type && !ignoreType ? this.messages.filter((message) => message.type === type) : this.messages;
		const listed = order === 'oldestFirst' ? kept : [...kept].reverse();
		const limit = Math.min(asked, cap ?? asked);
		const start = (page - 1) * (capPages === 'own' ? limit : asked);
		const messages = listed.slice(start, start + limit);
		if (total === 'none') return messages;
		const count = { true: listed.length, zero: 0, shown: messages.length, triple: listed.length * 3 }[total];
		return { total: count, shown: messages.length, page, limit: asked, messages };
	}

	async close(): Promise<void> {
		await new Promise((resolve) => this.server?.close(resolve));
	}
}
