/**
 * The emulator's address book: groups and the contacts in them (docs/emulator.md#contacts-groups-and-opt-outs).
 * The opt-out list stays in `state.optouts`, the one list the 131 refusal of a send reads.
 * The gateway documents no call that adds a group: the emulator starts with DEFAULT_GROUPS, and
 * `POST /emulator/groups` adds one (with its add_group webhook).
 */
export interface Group {
	ID: string;
	name: string;
}

/** A contact as `GET /v1/contact` lists it: the fields `POST /v1/contact` takes, and its ID. */
export interface Contact {
	ID: string;
	phone: string;
	groupid: string;
	firstname: string;
	lastname: string;
	birthday: string | null;
	extra1: string | null;
	extra2: string | null;
	extra3: string | null;
	extra4: string | null;
	extra5: string | null;
	extra6: string | null;
	extra7: string | null;
	extra8: string | null;
	unsubscribed: boolean;
}

/** Two groups, so the Group list of the demo shows a choice. */
export const DEFAULT_GROUPS: readonly Group[] = [
	{ ID: '4821', name: 'Customers' },
	{ ID: '4822', name: 'Staff' },
];

export interface Directory {
	readonly groups: Group[];
	readonly contacts: Contact[];
	findGroup(id: unknown): Group | undefined;
	/** The numbers a group send reaches: its contacts, in the order they were added. */
	membersOf(group: Group): Contact[];
	nextGroupId(): string;
	nextContactId(): string;
	reset(): void;
}

export function createDirectory(initialGroups: readonly Group[] = DEFAULT_GROUPS): Directory {
	const counters = { group: 0, contact: 0 };
	const seed = () => initialGroups.map((group) => ({ ...group }));
	const highestSeed = () => Math.max(5000, ...initialGroups.map((group) => Number(group.ID) || 0));
	const directory: Directory = {
		groups: seed(),
		contacts: [],
		findGroup: (id) =>
			directory.groups.find((group) => (typeof id === 'string' || typeof id === 'number') && group.ID === String(id)),
		membersOf: (group) => directory.contacts.filter((contact) => contact.groupid === group.ID),
		nextGroupId: () => String(highestSeed() + ++counters.group),
		nextContactId: () => String(700000 + ++counters.contact),
		reset() {
			directory.groups.splice(0, directory.groups.length, ...seed());
			directory.contacts.length = 0;
			Object.assign(counters, { group: 0, contact: 0 });
		},
	};
	return directory;
}
