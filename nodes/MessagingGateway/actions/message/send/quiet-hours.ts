/**
 * Quiet Hours on Send SMS and Send Voice Message (node version 4, off unless set): each recipient's
 * send is checked against the window in its own time zone before anything is sent; outside it, the
 * recipient is deferred to the next opening through `date`, skipped, or refuses the item. An item's
 * recipients with different dates go out in separate requests, one per date; the run's sends are put
 * in order of date, so Batch Recipients still joins the recipients of one date across items.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	checkQuietHours,
	numberTimeZone,
	quietWindow,
	type QuietWindow,
	type TimeZoneSource,
} from '../../../core/sending/quiet-hours';
import { formatZoned, parseWallClock } from '../../../core/sending/schedule';
import { refusal } from '../../perItem';
import type { PlannedSend } from './requests';
import { explained } from '../../../core/error-text';

/** A recipient left out by Skip mode. */
export interface QuietSkipped<P> {
	kind: 'quietHours';
	to: string;
	plan: P;
}

interface Where {
	timeZone: string;
	timeZoneSource: TimeZoneSource;
	localTime: string;
	deferredTo?: string;
}

export interface QuietRun<P> {
	/** Per item: its plan, or the error that refused it. */
	plans: Array<P | NodeOperationError>;
	/** The plans to send: an item's recipients in one plan per `date`, skipped ones left out. */
	planned: P[];
	/** An item's results in its recipients' order; a recipient without one was skipped. */
	resultsOf<R extends { to: string }>(plan: P, results: readonly R[]): Array<R | QuietSkipped<P>>;
	/** What an output item tells of its recipient's time (`to` absent: the item's one recipient, e.g. a group). */
	fields(index: number, to: unknown): IDataObject;
}

const isZone = (zone: string) => {
	try {
		formatZoned(new Date(0), zone);
		return true;
	} catch {
		return false;
	}
};

/** The window and the item's own zone, or why the item is refused (a group send must name its members' zone). */
function readWindow(
	ctx: IExecuteFunctions,
	index: number,
	group: boolean,
): { window: QuietWindow; itemZone?: string } | { error: string } {
	const option = ctx.getNodeParameter('options.quietHours', index, {}) as IDataObject;
	// The option added and its window removed: the panel shows "Currently no items exist". Refused rather than ignored.
	if (typeof option.values !== 'object' || option.values === null)
		return {
			error: explained(
				'it has no window',
				'Add one (Allowed Hours, e.g. US Federal) or remove Quiet Hours from Options.',
			),
		};
	const values = option.values as IDataObject;
	const window = quietWindow(values);
	if ('error' in window) return window;
	const itemZone = typeof values.timeZoneField === 'string' ? values.timeZoneField.trim() : '';
	if (itemZone !== '' && !isZone(itemZone)) {
		const field = /^[A-Za-z_$][\w$.]*$/.test(itemZone);
		return {
			error: explained(
				`Time Zone: "${itemZone}" is not an IANA time zone name`,
				`A zone is named as America/Chicago is.${field ? ` To read an item's field, use an expression: {{ $json.${itemZone} }}` : ''}`,
			),
		};
	}
	if (group && itemZone === '')
		return {
			error: explained(
				'a group send needs Time Zone',
				"Set it to the members' IANA time zone, e.g. America/New_York: the node cannot see the group's numbers, and the account's zone may be hours away from them.",
			),
		};
	return { window, itemZone: itemZone || undefined };
}

/** Sends now (no date) first, then by date (`yyyy-MM-dd HH:mm` sorts as text). */
const dateOrder = (a: string | undefined, b: string | undefined) =>
	(a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0;

/** Applies Quiet Hours to the run's plans; undefined when the option is not set. */
export function applyQuietHours<P extends PlannedSend>(
	ctx: IExecuteFunctions,
	plans: ReadonlyArray<P | NodeOperationError>,
	accountZone: string,
	now: Date,
): QuietRun<P> | undefined {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	// Only version 4's Options collection holds it: n8n drops it from earlier versions' parameters.
	if (options.quietHours === undefined) return undefined;
	const where = new Map<number, Map<string, Where>>();
	const planned: P[] = [];
	const refuse = (index: number, error: string) => {
		const refused = refusal(ctx, 'Quiet Hours', error, index);
		if (!ctx.continueOnFail()) throw refused;
		return refused;
	};
	const checked = plans.map((plan) => {
		if (plan instanceof NodeOperationError) return plan;
		const read = readWindow(ctx, plan.index, plan.body.type === 'group');
		if ('error' in read) return refuse(plan.index, read.error);
		const scheduled = plan.body.date === undefined ? undefined : parseWallClock(plan.body.date, accountZone);
		const at = scheduled?.ok ? scheduled.instant : now;
		const byDate = new Map<string | undefined, string[]>();
		for (const to of plan.recipients) {
			const found = read.itemZone ? { zone: read.itemZone, source: 'item' as const } : numberTimeZone(to);
			const zone = found?.zone ?? accountZone;
			const check = checkQuietHours(read.window, at, zone, accountZone);
			where.set(
				plan.index,
				(where.get(plan.index) ?? new Map<string, Where>()).set(to, {
					timeZone: zone,
					timeZoneSource: found?.source ?? 'account',
					localTime: check.localTime,
					...(check.deferredTo ? { deferredTo: check.deferredTo } : {}),
				}),
			);
			if (check.date !== undefined && read.window.mode === 'error')
				return refuse(
					plan.index,
					explained(
						`${to} is in quiet hours`,
						`Its local time is ${check.localTime} (${zone}). Mode is Error, so nothing of this item was sent.`,
					),
				);
			if (check.date === undefined || read.window.mode !== 'skip')
				byDate.set(check.date ?? plan.body.date, [...(byDate.get(check.date ?? plan.body.date) ?? []), to]);
		}
		for (const [date, recipients] of byDate) {
			if (date === plan.body.date && recipients.length === plan.recipients.length) planned.push(plan);
			else
				planned.push({
					...plan,
					recipients,
					body: {
						...plan.body,
						...(plan.body.type === 'group' ? {} : { to: recipients.length === 1 ? recipients[0] : recipients }),
						...(date ? { date } : {}),
					},
				});
		}
		return plan;
	});
	// Batch Recipients joins consecutive sends that differ only in their recipients: recipients of many zones, each
	// deferred to its own date, are put in order of date (a stable sort: input order within a date) so they still share requests.
	planned.sort((a, b) => dateOrder(a.body.date, b.body.date));
	return {
		plans: checked,
		planned,
		resultsOf: (plan, results) =>
			plan.recipients.map((to) => results.find((result) => result.to === to) ?? { kind: 'quietHours', to, plan }),
		fields: (index, to) => {
			const recipients = where.get(index);
			return {
				...(recipients?.get(String(to)) ??
					(to === undefined && recipients?.size === 1 ? [...recipients.values()][0] : {})),
			};
		},
	};
}
