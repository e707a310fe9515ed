/**
 * The gateway's contact, group and opt-out calls (docs/emulator.md#contacts-groups-and-opt-outs):
 * `POST /v1/contact` (one object, or a list: all are checked before any is added), `GET /v1/contact`,
 * `GET /v1/groups`, `PATCH /v1/groups/` (rename; an unknown ID changes nothing, 404) and `POST /v1/optouts`. A contact or opt-out added here
 * also fires its add_contact / add_optout webhook. The error codes 122–129 are those a third-party
 * client lists; the emulator's choice of which one answers what is documented in docs/emulator.md.
 */
import type { Contact, Directory, Group } from '../contacts';
import { timesOf, type Fields } from '../events';
import { apiError, HttpError, parseApiBody } from '../http';
import { pagedAnswer, readPaging } from '../paging';
import type { ApiCall } from './api-call';
import { isAbsent, readRecipients } from './checks';

type Answer = { status: number; body: unknown };

const EXTRA_FIELDS = ['extra1', 'extra2', 'extra3', 'extra4', 'extra5', 'extra6', 'extra7', 'extra8'] as const;

const groupNotFound = (id: unknown) => apiError('125', `Group ${String(id)} not found`, 404);

/** An optional text field: absent, `null` or `""` is not set. */
function optionalText(entry: Fields, field: string): string | null {
	const value = entry[field];
	if (isAbsent(value)) return null;
	if (typeof value !== 'string') throw apiError('139', `Invalid parameter "${field}": a text`);
	return value;
}

function birthdayOf(entry: Fields): string | null {
	const birthday = optionalText(entry, 'birthday');
	if (birthday !== null && !/^\d{4}-\d{2}-\d{2}$/.test(birthday))
		throw apiError('139', 'Invalid parameter "birthday": yyyy-MM-dd');
	return birthday;
}

/** One contact of the body, checked against the address book (the list's earlier contacts in `adding`). */
function readContact(entry: unknown, directory: Directory, adding: readonly Contact[]): Omit<Contact, 'ID'> {
	if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
		throw apiError('122', 'No contacts provided');
	const fields = entry as Fields;
	if (isAbsent(fields.groupid)) throw apiError('124', 'groupid is required');
	const group = directory.findGroup(fields.groupid);
	if (!group) throw groupNotFound(fields.groupid);
	if (typeof fields.phone !== 'string') throw apiError('103', 'Invalid phone number');
	const [phone] = readRecipients(fields.phone);
	const existing = [...directory.contacts, ...adding].find(
		(contact) => contact.groupid === group.ID && contact.phone === phone,
	);
	// The answer names the contact already there (chosen: docs/emulator.md#contacts-groups-and-opt-outs).
	if (existing)
		throw new HttpError(400, {
			error: '129',
			errorMsg: `Number ${phone} is already in group ${group.ID}`,
			...('ID' in existing && existing.ID ? { ID: existing.ID } : {}),
		});
	// Absent, null or "" is not set, as for every optional field.
	if (
		fields.unsubscribed !== undefined &&
		fields.unsubscribed !== null &&
		fields.unsubscribed !== '' &&
		typeof fields.unsubscribed !== 'boolean'
	) {
		throw apiError('139', 'Invalid parameter "unsubscribed": true or false');
	}
	const extras = Object.fromEntries(EXTRA_FIELDS.map((field) => [field, optionalText(fields, field)])) as Record<
		(typeof EXTRA_FIELDS)[number],
		string | null
	>;
	return {
		phone,
		groupid: group.ID,
		firstname: optionalText(fields, 'firstname') ?? '',
		lastname: optionalText(fields, 'lastname') ?? '',
		birthday: birthdayOf(fields),
		...extras,
		unsubscribed: fields.unsubscribed === true,
	};
}

/** The add_contact webhook's `contact` object (docs/gateway-api.md#webhook-types): extraN is CustomN there. */
function contactEvent(contact: Contact, group: Group, localDay: string): Fields {
	return {
		action: 'add',
		groupid: group.ID,
		groupname: group.name,
		receiver: contact.phone,
		firstname: contact.firstname,
		lastname: contact.lastname,
		...Object.fromEntries(EXTRA_FIELDS.map((field, index) => [`Custom${index + 1}`, contact[field]])),
		unsubscribed: contact.unsubscribed,
		unsubscribe_date: contact.unsubscribed ? localDay : null,
	};
}

/** `POST /v1/contact`: `{ ID }` for one contact, `{ IDs }` in the list's order for a list. */
export function handleAddContacts({ raw, state, gateway }: ApiCall): Answer {
	const body = parseApiBody(raw, true);
	const entries = Array.isArray(body) ? body : [body];
	if (entries.length === 0) throw apiError('122', 'No contacts provided');
	const { directory } = state;
	const adding: Contact[] = [];
	for (const entry of entries) adding.push({ ID: '', ...readContact(entry, directory, adding) });
	const day = timesOf(new Date(), state.account.timezone).localDay;
	for (const contact of adding) {
		contact.ID = directory.nextContactId();
		directory.contacts.push(contact);
		gateway.emit('add_contact', { contact: contactEvent(contact, directory.findGroup(contact.groupid)!, day) });
	}
	const ids = adding.map((contact) => contact.ID);
	return { status: 200, body: Array.isArray(body) ? { IDs: ids } : { ID: ids[0] } };
}

/** `PATCH /v1/groups/`: `{ ID, name }` or a list of them; every ID must exist, or nothing is renamed (404). */
export function handleRenameGroups({ raw, state }: ApiCall): Answer {
	const body = parseApiBody(raw, true);
	const entries = Array.isArray(body) ? body : [body];
	if (entries.length === 0) throw apiError('114', 'Empty request');
	const renames = entries.map((entry) => {
		const fields = (typeof entry === 'object' && entry !== null ? entry : {}) as Fields;
		if (isAbsent(fields.ID)) throw apiError('123', 'Object missing an ID');
		if (typeof fields.name !== 'string' || fields.name.trim() === '') throw apiError('126', 'name is required');
		const group = state.directory.findGroup(fields.ID);
		if (!group) throw groupNotFound(fields.ID);
		return { group, name: fields.name };
	});
	for (const { group, name } of renames) group.name = name;
	const ids = renames.map(({ group }) => group.ID);
	return { status: 200, body: Array.isArray(body) ? { IDs: ids } : { ID: ids[0] } };
}

/** `POST /v1/optouts` `{ number }`: onto the list the send's 131 refusal reads; `{ ID }` of the entry. */
export function handleAddOptOut({ raw, state, gateway }: ApiCall): Answer {
	const body = parseApiBody(raw);
	if (typeof body.number !== 'string') throw apiError('103', 'Invalid phone number');
	const [number] = readRecipients(body.number);
	if (state.optouts.has(number)) throw apiError('131', `Number ${number} is already on the opt-out list`);
	state.optouts.add(number);
	const { event } = gateway.emit('add_optout', { optout: { number, memo: 'Added through the API' } });
	return { status: 200, body: { ID: String((event.optout as Fields).id) } };
}

/** `GET /v1/contact`: the contacts (of `groupid`, when given) in the envelope every documented list has. */
export function listContacts({ url, state }: ApiCall): Answer {
	const groupid = url.searchParams.get('groupid');
	if (groupid !== null && groupid !== '' && !state.directory.findGroup(groupid)) throw groupNotFound(groupid);
	const contacts = groupid
		? state.directory.contacts.filter((contact) => contact.groupid === groupid)
		: state.directory.contacts;
	return pagedAnswer(contacts, url.searchParams, 'contacts');
}

/** `GET /v1/groups`: a bare array of `{ ID, name }`, one page of it (the shape the one client that calls it reads). */
export function listGroups({ url, state }: ApiCall): Answer {
	const { page, limit } = readPaging(url.searchParams);
	return { status: 200, body: state.directory.groups.slice((page - 1) * limit, page * limit) };
}
